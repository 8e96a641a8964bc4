/** Dates and numbers in the page's language, through Intl (spec §9): TR "27.11.2026 21:40" and "1.234,56", EN the
 * portal's English (en-GB: "27/11/2026, 21:40", "1,234.56"), CN "2026/11/27 21:40". Times are the visitor's own
 * (the browser's time zone) unless a time zone is asked for. No React: the first paint may use it too. */
import type { Language } from "./language";

/** The Intl locale of each language of the portal. */
export const LOCALES: Record<Language, string> = { TR: "tr-TR", EN: "en-GB", CN: "zh-CN" };

export interface DateOptions {
  /** An IANA time zone ("UTC", "Europe/Istanbul"); the browser's own when left out. */
  timeZone?: string;
}

type When = string | number | Date;

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(language: Language, kind: "date" | "dateTime" | "time", timeZone?: string): Intl.DateTimeFormat {
  const key = `d|${language}|${kind}|${timeZone ?? ""}`;
  let made = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!made) {
    const day: Intl.DateTimeFormatOptions = kind === "time" ? {} : { year: "numeric", month: "2-digit", day: "2-digit" };
    const clock: Intl.DateTimeFormatOptions = kind === "date" ? {} : { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
    made = new Intl.DateTimeFormat(LOCALES[language], { ...day, ...clock, timeZone });
    cache.set(key, made);
  }
  return made;
}

function asDate(value: When): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function dated(language: Language, value: When | null | undefined, kind: "date" | "dateTime" | "time", options?: DateOptions): string {
  if (value === null || value === undefined || value === "") return "";
  const date = asDate(value);
  return date ? dateFormat(language, kind, options?.timeZone).format(date) : String(value);
}

/** A day and a time: TR "27.11.2026 21:40"; a value that is not a time is shown as it came. */
export function formatDateTime(language: Language, value: When | null | undefined, options?: DateOptions): string {
  return dated(language, value, "dateTime", options);
}

/** A day: TR "27.11.2026", EN "27/11/2026", CN "2026/11/27". */
export function formatDate(language: Language, value: When | null | undefined, options?: DateOptions): string {
  return dated(language, value, "date", options);
}

/** A time of day, 24 hours: "21:40". */
export function formatTime(language: Language, value: When | null | undefined, options?: DateOptions): string {
  return dated(language, value, "time", options);
}

function numberFormat(language: Language, digits: number): Intl.NumberFormat {
  const key = `n|${language}|${digits}`;
  let made = cache.get(key) as Intl.NumberFormat | undefined;
  if (!made) {
    made = new Intl.NumberFormat(LOCALES[language], { minimumFractionDigits: digits, maximumFractionDigits: digits });
    cache.set(key, made);
  }
  return made;
}

/** A number with the language's separators: TR "1.234,56", EN and CN "1,234.56"; whole by default. */
export function formatNumber(language: Language, value: number, fractionDigits = 0): string {
  return numberFormat(language, fractionDigits).format(value);
}

/** The language's decimal separator: "," in Turkish, "." otherwise. */
export function decimalSeparator(language: Language): string {
  return numberFormat(language, 1).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
}

/** Minor units with two decimals in the language's format, exact for any safe integer (no division in floats). */
export function formatMinor(language: Language, minor: number, symbol = ""): string {
  const sign = minor < 0 ? "-" : "";
  const absolute = Math.abs(Math.trunc(minor));
  const whole = formatNumber(language, Math.floor(absolute / 100));
  const cents = String(absolute % 100).padStart(2, "0");
  return `${sign}${symbol}${whole}${decimalSeparator(language)}${cents}`;
}

/** A percentage (50 for 50 %) as the language writes it: TR "%50", EN and CN "50%". */
export function formatPercent(language: Language, percent: number): string {
  const key = `p|${language}`;
  let made = cache.get(key) as Intl.NumberFormat | undefined;
  if (!made) {
    made = new Intl.NumberFormat(LOCALES[language], { style: "percent", maximumFractionDigits: 2 });
    cache.set(key, made);
  }
  return made.format(percent / 100);
}

/** How a day is typed in the language, for a field's placeholder: TR "GG.AA.YYYY", EN "DD/MM/YYYY", CN "YYYY/MM/DD". */
export const DATE_PATTERNS: Record<Language, string> = { TR: "GG.AA.YYYY", EN: "DD/MM/YYYY", CN: "YYYY/MM/DD" };

/** A day as the service takes it ("2026-11-27") in the language's format: TR "27.11.2026". */
export function formatIsoDate(language: Language, iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatDate(language, `${iso}T00:00:00Z`, { timeZone: "UTC" }) : iso;
}

/** A day typed in the language's format (or as "2026-11-27") as the service takes it, "2026-11-27"; null when it is
 * not a day of the calendar ("31.02.2026"). */
export function parseDate(language: Language, text: string): string | null {
  const typed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  const local =
    language === "CN" ? /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(typed) : /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(typed);
  const parts = iso ? [iso[1], iso[2], iso[3]] : local ? (language === "CN" ? [local[1], local[2], local[3]] : [local[3], local[2], local[1]]) : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
