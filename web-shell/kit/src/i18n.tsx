/** i18n set-up shared by the shell and the remotes: TR (default), EN, CN; each part brings its own texts. */
import { createContext, useContext } from "react";
import type { Language } from "./language";
import { DEFAULT_LANGUAGE } from "./language";

export * from "./language";

export type Catalog<K extends string> = Record<Language, Record<K, string>>;

/** Fill ``{name}`` placeholders. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function translator<K extends string>(catalog: Catalog<K>) {
  return (language: Language, key: K, params?: Record<string, string | number>): string =>
    format(catalog[language][key] ?? catalog[DEFAULT_LANGUAGE][key], params);
}

export interface LanguageValue {
  language: Language;
  setLanguage: (language: Language) => void;
}

export const LanguageContext = createContext<LanguageValue>({ language: DEFAULT_LANGUAGE, setLanguage: () => undefined });

export function useLanguage(): LanguageValue {
  return useContext(LanguageContext);
}
