/** The languages (TR the default, EN, CN) and the one a visitor chose; no React, so the early reads can use it. */
export const SUPPORTED = ["TR", "EN", "CN"] as const;
export type Language = (typeof SUPPORTED)[number];
export const DEFAULT_LANGUAGE: Language = "TR";

/** The saved language (keys hisLang, then lang); an unsupported saved value falls back to TR (spec §9). */
export function savedLanguage(storage: Storage): Language {
  const saved = (storage.getItem("hisLang") ?? storage.getItem("lang") ?? "").toUpperCase();
  return (SUPPORTED as readonly string[]).includes(saved) ? (saved as Language) : DEFAULT_LANGUAGE;
}

export function saveLanguage(storage: Storage, language: Language): void {
  storage.setItem("hisLang", language);
  storage.setItem("lang", language);
}
