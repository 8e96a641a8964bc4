/** A recorded state as one compact line of JSON (keys in the order the server gave them); a dash for none. */
export function compact(value: Record<string, unknown> | null | undefined): string {
  if (!value || Object.keys(value).length === 0) return "—";
  return JSON.stringify(value);
}
