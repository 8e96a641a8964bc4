/** The API calls without React (the package's "./calls" entry): what the shell's early entry and its first paint
 * import, so the first reads start, and the visitor's popup is drawn, before the application's code has loaded. */
export { api, operationUrl, startApiRead } from "./client";
export type { OperationArgs, ReadOperationId } from "./client";
export { merchantCode, storedToken } from "./envelope";
export { savedLanguage } from "./language";
