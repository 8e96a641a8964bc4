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

/** What a catalogue left untranslated, as "LANG.key": a key missing or empty in a language, or a TR or CN text
 * equal to the English one (English left on a Turkish or Chinese page) unless it has no words outside its
 * placeholders or its key is in ``same`` (a code, a brand, a word both languages share). For the texts' tests. */
export function untranslated<K extends string>(catalog: Catalog<K>, same: readonly K[] = []): string[] {
  const keys = new Set<string>(Object.keys(catalog.EN));
  const found: string[] = [];
  for (const language of ["TR", "CN"] as const) {
    const table = catalog[language] as Record<string, string | undefined>;
    for (const key of new Set([...keys, ...Object.keys(table)])) {
      const text = table[key];
      const english = (catalog.EN as Record<string, string | undefined>)[key];
      const words = /\p{L}/u.test((text ?? "").replace(/\{\w+\}/g, "")); // "{start} – {end}" has none to translate
      const allowed = !words || (same as readonly string[]).includes(key);
      if (!text || english === undefined || (text === english && !allowed)) found.push(`${language}.${key}`);
    }
  }
  return found;
}
