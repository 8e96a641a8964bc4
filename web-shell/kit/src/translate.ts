/** Texts by language without React (the package's "./translate" entry): the shell's first paint draws with them
 * before React has loaded. */
import type { Language } from "./language";
import { DEFAULT_LANGUAGE } from "./language";

export type Catalog<K extends string> = Record<Language, Record<K, string>>;

/** Fill ``{name}`` placeholders. */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function translator<K extends string>(catalog: Catalog<K>) {
  return (language: Language, key: K, params?: Record<string, string | number>): string =>
    format(catalog[language][key] ?? catalog[DEFAULT_LANGUAGE][key], params);
}
