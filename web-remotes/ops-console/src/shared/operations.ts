/** The ops plane's routes, made callable in the console before any call: the member site never loads them. Imported
 * (for this effect) by whatever calls the ops API. */
import { registerOperations } from "@portal/kit";
import { OPS_OPERATIONS } from "./operations.gen";

registerOperations(OPS_OPERATIONS);
