/** The roles an ops person may hold, in the order forms list them, and the brand codes typed in one field. */
import type { OpsRole } from "../../shared/session";

export const ROLES: readonly OpsRole[] = ["viewer", "content", "finance-maker", "finance-checker", "admin"];

/** The brand codes typed in one field: split on commas and spaces, each once. */
export function brandCodes(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).map((code) => code.trim()).filter(Boolean))];
}
