/** Money in the UI: integer minor units shown with two decimals and thousands separators (spec §9). */
export function formatMoney(minor: number, symbol = ""): string {
  const sign = minor < 0 ? "-" : "";
  const absolute = Math.abs(Math.trunc(minor));
  const whole = Math.floor(absolute / 100).toLocaleString("en-US");
  const cents = String(absolute % 100).padStart(2, "0");
  return `${sign}${symbol}${whole}.${cents}`;
}

/** Parse what a person typed ("1,234.5") into minor units; null when it is not an amount. */
export function parseMoney(text: string): number | null {
  const cleaned = text.replace(/,/g, "").trim();
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = "0", cents = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(cents.padEnd(2, "0"));
}

export const HIDDEN_BALANCE = "******";
