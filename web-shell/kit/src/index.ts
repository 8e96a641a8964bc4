export * from "./envelope";
export * from "./crypto";
export * from "./errors";
export * from "./i18n";
export * from "./money";
export * from "./session";
export * from "./ui";
export * from "./sanitize";
