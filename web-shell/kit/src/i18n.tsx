/** i18n set-up shared by the shell and the remotes: TR (default), EN, CN; each part brings its own texts. */
import { createContext, useContext } from "react";

export const SUPPORTED = ["TR", "EN", "CN"] as const;
export type Language = (typeof SUPPORTED)[number];
export const DEFAULT_LANGUAGE: Language = "TR";

export type Catalog<K extends string> = Record<Language, Record<K, string>>;

/** The saved language (keys hisLang, then lang); an unsupported saved value falls back to TR (spec §9). */
export function savedLanguage(storage: Storage): Language {
  const saved = (storage.getItem("hisLang") ?? storage.getItem("lang") ?? "").toUpperCase();
  return (SUPPORTED as readonly string[]).includes(saved) ? (saved as Language) : DEFAULT_LANGUAGE;
}

export function saveLanguage(storage: Storage, language: Language): void {
  storage.setItem("hisLang", language);
  storage.setItem("lang", language);
}

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
