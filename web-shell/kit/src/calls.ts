/** The API calls without React (the package's "./calls" entry): what the shell's early entry imports, so the
 * first reads start before the application's code has loaded. */
export { operationUrl, startApiRead } from "./client";
export type { OperationArgs, ReadOperationId } from "./client";
export { merchantCode, storedToken } from "./envelope";
export { savedLanguage } from "./language";
