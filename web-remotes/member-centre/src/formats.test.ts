/** Every date and amount of the member centre goes through the kit's formatter in the page's language: no
 * browser-default formatting (US dates on a Turkish page) and no amount formatted without the language. */
import { describe, expect, it } from "vitest";

const sources = import.meta.glob(["./**/*.ts", "./**/*.tsx", "!./**/*.test.ts", "!./**/*.test.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

describe("the member centre's dates and numbers", () => {
  it("are formatted by the kit in the page's language", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const found: string[] = [];
    for (const [path, text] of Object.entries(sources)) {
      text.split("\n").forEach((line, index) => {
        const bare = /toLocale(Date|Time)?String\(|\.toFixed\(|Intl\.DateTimeFormat/.test(line);
        const noLanguage = /formatMoney\([^()]*(\([^()]*\)[^()]*)*\)/g;
        const calls = line.match(noLanguage) ?? [];
        if (bare || calls.some((call) => !/,\s*language\)$/.test(call))) found.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
