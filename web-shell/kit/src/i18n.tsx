/** i18n set-up shared by the shell and the remotes: TR (default), EN, CN; each part brings its own texts. */
import { createContext, useContext, useMemo } from "react";
import type { DateOptions } from "./format";
import { formatDate, formatDateTime, formatMinor, formatNumber, formatTime } from "./format";
import type { Language } from "./language";
import { DEFAULT_LANGUAGE } from "./language";

export * from "./format";
export * from "./reasons";

export * from "./language";

export * from "./translate";

export interface LanguageValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

export const LanguageContext = createContext<LanguageValue>({ language: DEFAULT_LANGUAGE, setLanguage: () => undefined });

export function useLanguage(): LanguageValue {
  return useContext(LanguageContext);
}

type When = string | number | Date | null | undefined;

/** The kit's formatters bound to the page's language: every date, time, number and amount a page shows. */
export interface Formatters {
  language: Language;
  money: (minor: number, symbol?: string) => string;
  number: (value: number, fractionDigits?: number) => string;
  date: (value: When, options?: DateOptions) => string;
  dateTime: (value: When, options?: DateOptions) => string;
  time: (value: When, options?: DateOptions) => string;
}

export function formatters(language: Language): Formatters {
  return {
    language,
    money: (minor, symbol) => formatMinor(language, minor, symbol),
    number: (value, digits) => formatNumber(language, value, digits),
    date: (value, options) => formatDate(language, value, options),
    dateTime: (value, options) => formatDateTime(language, value, options),
    time: (value, options) => formatTime(language, value, options),
  };
}

export function useFormat(): Formatters {
  const { language } = useLanguage();
  return useMemo(() => formatters(language), [language]);
}
