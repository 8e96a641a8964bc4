/** i18n set-up shared by the shell and the remotes: TR (default), EN, CN; each part brings its own texts. */
import { createContext, useContext } from "react";
import type { Language } from "./language";
import { DEFAULT_LANGUAGE } from "./language";

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
