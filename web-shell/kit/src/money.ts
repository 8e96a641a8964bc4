/** Money in the UI: integer minor units shown with two decimals and thousands separators (spec §9), in the
 * page's language when it is given (TR "₺1.234,56"; without a language, the English "₺1,234.56"). */
import { formatMinor } from "./format";
import type { Language } from "./language";

export function formatMoney(minor: number, symbol = "", language?: Language): string {
  return formatMinor(language ?? "EN", minor, symbol);
}

/** What is wrong with a typed amount before its limits are looked at: not an amount ("format"), or an amount
 * with more than two decimals ("decimals", e.g. "10.123"), which must be said as such, never as a limit. */
export type MoneyInputProblem = "format" | "decimals";

/** The typed amount as a whole part and its decimals, or null when it is not a positive-looking number. One
 * decimal separator is "." (or "," in Turkish, or "," not followed by groups of three); with both, the last one
 * is the decimal separator and the other groups thousands. */
function split(text: string, language?: Language): { whole: string; decimals: string } | null {
  const typed = text.trim().replace(/[\s\u00a0]/g, "");
  if (!/^\d[\d.,]*$/.test(typed)) return null;
  const lastDot = typed.lastIndexOf(".");
  const lastComma = typed.lastIndexOf(",");
  let decimalAt: number;
  if (lastDot >= 0 && lastComma >= 0) decimalAt = Math.max(lastDot, lastComma);
  else if (lastComma >= 0) decimalAt = language === "TR" || !/^\d{1,3}(,\d{3})+$/.test(typed) ? lastComma : -1;
  else decimalAt = lastDot;
  const wholeText = decimalAt < 0 ? typed : typed.slice(0, decimalAt);
  const decimals = decimalAt < 0 ? "" : typed.slice(decimalAt + 1);
  const groupMark = decimalAt < 0 ? "," : typed[decimalAt] === "." ? "," : ".";
  const grouped = new RegExp(`^\\d{1,3}(\\${groupMark}\\d{3})+$`);
  if (!/^\d+$/.test(wholeText) && !grouped.test(wholeText)) return null;
  if (decimalAt >= 0 && !/^\d+$/.test(decimals)) return null;
  return { whole: wholeText.replace(/[.,]/g, ""), decimals };
}

export function moneyInputProblem(text: string, language?: Language): MoneyInputProblem | null {
  const parts = split(text, language);
  if (!parts) return "format";
  return parts.decimals.length > 2 ? "decimals" : null;
}

/** Parse what a person typed ("1,234.5"; in Turkish also "1.234,5" and "10,5") into minor units; null when it is
 * not an amount or has more than two decimals (``moneyInputProblem`` says which). */
export function parseMoney(text: string, language?: Language): number | null {
  const parts = split(text, language);
  if (!parts || parts.decimals.length > 2) return null;
  return Number(parts.whole) * 100 + Number(parts.decimals.padEnd(2, "0"));
}

export const HIDDEN_BALANCE = "******";
