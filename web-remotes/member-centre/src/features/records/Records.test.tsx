import { cleanup, render, screen, within } from "@testing-library/react";
import { createQueryClient, formatDateTime, LanguageContext, MemoryRouter, QueryClientProvider } from "@portal/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Records } from "./components/Records";

const LINES = [
  { id: 2, time: "2026-11-27T18:05:00Z", type: "deposit", wallet: "main", amount: 123_456, balanceAfter: 223_456, currency: "TRY", reference: "d-1" },
  { id: 1, time: "2026-11-26T09:00:00Z", type: "hold_moved", wallet: "vendor:AV", amount: -500, balanceAfter: 0, currency: "TRY", reference: "x" },
];

describe("the account record", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("names wallets and types in the page's language, with its dates and numbers, never 'main'", async () => {
    const page = { pageNum: 1, totalPages: 1, total: 2, list: LINES };
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ success: true, value: page, errorCode: null, message: null }))));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LanguageContext.Provider value={{ language: "TR", setLanguage: () => undefined }}>
          <MemoryRouter>
            <Records />
          </MemoryRouter>
        </LanguageContext.Provider>
      </QueryClientProvider>,
    );
    const rows = within(await screen.findByTestId("records")).getAllByRole("row").slice(1);
    const cells = rows.map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
    expect(cells[0]).toEqual([formatDateTime("TR", LINES[0]?.time), "yatırım", "Ana cüzdan", "1.234,56", "2.234,56"]);
    expect(cells[1]?.slice(1, 4)).toEqual(["Diğer", "AV", "-5,00"]);
    expect(screen.queryByText("main")).toBeNull();
  });
});
