import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { BonusRead } from "@portal/kit";
import { createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BonusDetails } from "./components/BonusDetails";
import { leftToWager, wageredPercent } from "./rules";

const BONUS: BonusRead = {
  grantId: "g1", accountId: "a1", promotionId: 1, promotionName: "100% Welcome Bonus", depositAmount: 10_000, amount: 10_000,
  turnoverRequired: 50_000, turnoverDone: 20_000, gameTypes: ["RNG", "LOTT"], maxBet: 5_000, status: "ACTIVE",
  createdAt: "2026-11-20T10:00:00Z", expiresAt: "2026-12-04T10:00:00Z", settledAt: null,
};
const RELEASED: BonusRead = {
  ...BONUS, grantId: "g0", promotionName: "25% Reload Bonus", amount: 2_500, turnoverRequired: 20_000, turnoverDone: 23_000,
  status: "RELEASED", maxBet: 0, gameTypes: ["RNG", "LIVE", "PVP"], settledAt: "2026-11-10T10:00:00Z",
};

function envelope(value: unknown) {
  return new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }), { status: 200 });
}

function serve(list: BonusRead[]) {
  const fetcher = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes("MCSFE_getBonusDetails")) {
      const status = new URL(url, "http://x").searchParams.get("status");
      const rows = list.filter((bonus) => !status || bonus.status === status);
      return envelope({ pageNum: 1, totalPages: 1, total: rows.length, list: rows });
    }
    return envelope(null);
  });
  vi.stubGlobal("fetch", fetcher);
  return fetcher;
}

function nth<T>(found: T[], n: number): T {
  const one = found[n];
  if (one === undefined) throw new Error(`no item ${n}`);
  return one;
}

function show() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language: "EN", setLanguage: () => undefined }}>
        <SessionProvider>
          <MemoryRouter initialEntries={["/member/bonusDetails"]}>
            <BonusDetails />
          </MemoryRouter>
        </SessionProvider>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

describe("bonus details", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("caps the wagering at 100 % and never asks for less than nothing", () => {
    expect(wageredPercent(20_000, 50_000)).toBe(40);
    expect(wageredPercent(23_000, 20_000)).toBe(100);
    expect(wageredPercent(0, 0)).toBe(100);
    expect(leftToWager(23_000, 20_000)).toBe(0);
    expect(leftToWager(20_000, 50_000)).toBe(30_000);
  });

  it("shows each bonus with its amount, wagering bar, status, expiry, max bet and games", async () => {
    serve([BONUS, RELEASED]);
    show();
    const cards = await screen.findAllByTestId("bonus");
    expect(cards).toHaveLength(2);
    expect(screen.getAllByRole("progressbar").map((bar) => bar.getAttribute("aria-valuenow"))).toEqual(["40", "100"]);
    const active = nth(cards, 0);
    expect(within(active).getByTestId("bonus-amount").textContent).toBe("100.00");
    expect(within(active).getByTestId("bonus-status").textContent).toBe("Wagering");
    expect(within(active).getByTestId("bonus-wagered").textContent).toBe("Wagered: 200.00 of 500.00");
    expect(within(active).getByText("Still to wager: 300.00")).toBeTruthy();
    expect(within(active).getByText("Expires")).toBeTruthy();
    expect(within(active).getByText("50.00")).toBeTruthy();
    expect(within(active).getByText("Slots, Lottery")).toBeTruthy();
    const released = nth(cards, 1);
    expect(within(released).getByTestId("bonus-status").textContent).toBe("Released");
    expect(within(released).getByText("No limit")).toBeTruthy();
    expect(within(released).getByText("Settled")).toBeTruthy();
    expect(within(released).queryByText(/Still to wager/)).toBeNull();
  });

  it("filters by status, and points to the promotions when there is nothing", async () => {
    const fetcher = serve([BONUS]);
    show();
    await screen.findAllByTestId("bonus");
    fireEvent.change(screen.getByLabelText("By status"), { target: { value: "RELEASED" } });
    const empty = await screen.findByTestId("bonus-empty");
    expect(within(empty).getByRole("link", { name: "See the promotions" }).getAttribute("href")).toBe("/promotions");
    await waitFor(() => expect(fetcher.mock.calls.some(([url]) => String(url).includes("status=RELEASED"))).toBe(true));
  });
});
