/** How the points pages write a time and a number of points: the kit's formatter in the page's language. */
import type { Language } from "@portal/kit";
import { formatDateTime, formatNumber } from "@portal/kit";

/** A time the service sent, in the page's language (the text itself when it is not one). */
export function when(iso: string, language: Language): string {
  return formatDateTime(language, iso);
}

/** Points with the language's thousands separators: "1,250", TR "1.250". */
export function points(value: number, language: Language): string {
  return formatNumber(language, value);
}
