import { cleanup, render, screen, within } from "@testing-library/react";
import type { Language } from "@portal/kit";
import { createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, untranslated } from "@portal/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LotteryPage } from "./components/LotteryPage";
import { CATALOG, frequencyText, oddsText } from "./texts";

const GAMES = [
  { gameCode: "SSC5", gameName: "SSC 5", category: "ssc", area: "LOTT", intervalMinutes: 5, hot: false, current: null, last: null },
  { gameCode: "K31", gameName: "K3 1", category: "k3", area: "LOTT", intervalMinutes: 1, hot: false, current: null, last: null },
];

function show(language: Language) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ success: true, value: GAMES, errorCode: null, message: null }))));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language, setLanguage: () => undefined }}>
        <MemoryRouter>
          <LotteryPage path="/lottery" />
        </MemoryRouter>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

describe("the lottery's words and numbers in the page's language", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says how often a game draws as a sentence of the language, never '5 every minutes'", async () => {
    for (const [language, five, one] of [
      ["EN", "Every 5 minutes", "Every minute"],
      ["TR", "5 dakikada bir", "Her dakika"],
      ["CN", "每5分钟一期", "每分钟一期"],
    ] as const) {
      show(language);
      expect(within(await screen.findByTestId("lottery-SSC5")).getByText(five)).toBeTruthy();
      expect(within(screen.getByTestId("lottery-K31")).getByText(one)).toBeTruthy();
      cleanup();
    }
    expect(frequencyText("EN", 0)).toBe("Daily");
  });

  it("writes odds with the language's decimal separator", () => {
    expect(oddsText("TR", "1.98")).toBe("1,98");
    expect(oddsText("EN", "1.98")).toBe("1.98");
  });

  it("leaves nothing in English in Turkish or Chinese", () => {
    expect(untranslated(CATALOG, ["ssc", "lf", "trend"])).toEqual([]); // codes; "Trend" is Turkish too
  });
});
