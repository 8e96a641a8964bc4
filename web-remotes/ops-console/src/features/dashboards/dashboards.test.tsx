import { cleanup, render, screen, within } from "@testing-library/react";
import type { MoneyDayRead, PlayDayRead, RegistrationDayRead } from "@portal/kit";
import { QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { Dashboard } from "./components/Dashboard";
import { currenciesOf, daily, shares, totals, utcDay } from "./figures";

const REGISTRATIONS: RegistrationDayRead[] = [
  { day: "2026-11-25", members: 3, agents: 1, trials: 5 },
  { day: "2026-11-26", members: 2, agents: 0, trials: 0 },
];
const MONEY: MoneyDayRead[] = [
  { day: "2026-11-25", currency: "TRY", deposits: 2, depositAmount: 150_000, withdrawals: 1, withdrawalAmount: 20_000 },
  { day: "2026-11-26", currency: "TRY", deposits: 0, depositAmount: 0, withdrawals: 0, withdrawalAmount: 0 },
  { day: "2026-11-25", currency: "USD", deposits: 1, depositAmount: 1_000, withdrawals: 0, withdrawalAmount: 0 },
];
const play = (day: string, vendor: string, gameType: string, stake: number, win: number, currency = "TRY"): PlayDayRead => ({
  day, vendor, gameType, currency, bets: stake / 100, stake, win, validBet: stake, ggr: stake - win,
});
const PLAY: PlayDayRead[] = [
  play("2026-11-25", "BGS", "RNG", 10_000, 9_000),
  play("2026-11-25", "LOTT", "LOTT", 5_000, 6_000),
  play("2026-11-26", "BGS", "RNG", 20_000, 15_000),
  play("2026-11-26", "HUB88", "LIVE", 30_000, 29_000),
  play("2026-11-26", "BGS", "RNG", 700, 0, "USD"),
];

describe("the dashboards' arithmetic", () => {
  it("adds money and play of one currency into every day of the range", () => {
    const days = daily(REGISTRATIONS, MONEY, PLAY, "TRY");
    expect(days.map((d) => [d.day, d.members, d.trials, d.depositAmount, d.withdrawalAmount, d.bets, d.stake, d.ggr])).toEqual([
      ["2026-11-25", 3, 5, 150_000, 20_000, 150, 15_000, 0],
      ["2026-11-26", 2, 0, 0, 0, 500, 50_000, 6_000],
    ]);
  });

  it("counts registrations of members and agents, not trial accounts, and money of the currency shown", () => {
    expect(totals(REGISTRATIONS, MONEY, PLAY, "TRY")).toEqual({
      registrations: 6, deposits: 2, depositAmount: 150_000, withdrawals: 1, withdrawalAmount: 20_000, bets: 650, stake: 65_000, ggr: 6_000,
    });
    expect(totals(REGISTRATIONS, MONEY, PLAY, "USD")).toMatchObject({ depositAmount: 1_000, stake: 700, ggr: 700 });
  });

  it("ranks vendors and game types by stake and offers the most used currency first", () => {
    expect(shares(PLAY, "TRY", "vendor").map((s) => [s.name, s.stake, s.ggr])).toEqual([
      ["BGS", 30_000, 6_000], ["HUB88", 30_000, 1_000], ["LOTT", 5_000, -1_000],
    ]);
    expect(shares(PLAY, "TRY", "gameType").map((s) => s.name)).toEqual(["LIVE", "RNG", "LOTT"]) // a tie in stakes: by name;
    expect(currenciesOf(MONEY, PLAY)).toEqual(["TRY", "USD"]);
    expect(currenciesOf([], [])).toEqual([]);
  });

  it("names UTC days across a month's end", () => {
    const today = new Date(Date.UTC(2026, 2, 1, 0, 30));
    expect([utcDay(today, -29), utcDay(today, -1), utcDay(today)]).toEqual(["2026-01-31", "2026-02-28", "2026-03-01"]);
  });
});

const session: OpsSession = { token: "tok", username: "ayse", roles: ["viewer"], merchants: ["bahis7"], expiresAt: Date.now() + 60_000 };
const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));

describe("the daily figures page", () => {
  const asked: string[] = [];
  beforeEach(() => {
    asked.length = 0;
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    vi.stubGlobal("ResizeObserver", class { observe() {} unobserve() {} disconnect() {} });
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input);
      asked.push(url);
      if (url.includes("/dashboard/registrations")) return envelope(REGISTRATIONS);
      if (url.includes("/dashboard/money")) return envelope(MONEY);
      if (url.includes("/dashboard/play")) return envelope(PLAY);
      return new Response(JSON.stringify({ success: false, value: null, errorCode: "x", message: `unexpected ${url}` }), { status: 500 });
    });
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("asks the three services for the last 30 UTC days and shows the totals and each chart's table", async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <OpsSessionProvider>
          <Dashboard />
        </OpsSessionProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId("total-registrations")).toHaveProperty("textContent", "6");
    expect(screen.getByTestId("total-ggr").textContent).toBe("60.00 TRY");
    expect(screen.getByTestId("total-deposits").textContent).toContain("1,500.00 TRY");
    const today = utcDay(new Date());
    const first = utcDay(new Date(), -29);
    expect(asked).toHaveLength(3);
    for (const url of asked) {
      expect(url).toContain("/merchants/bahis7/dashboard/");
      expect(url).toContain(`startDate=${first}&endDate=${today}`);
    }
    const vendors = within(screen.getByTestId("dash-vendors"));
    expect(vendors.getAllByRole("row").map((row) => row.textContent)).toEqual([
      "SağlayıcıBahislerBahis tutarıGGR (bahis − kazanç)", "BGS300300.00 TRY60.00 TRY", "HUB88300300.00 TRY10.00 TRY", "LOTT5050.00 TRY-10.00 TRY",
    ]);
    expect(within(screen.getByTestId("dash-game-types")).getAllByRole("cell").map((cell) => cell.textContent)).toContain("Canlı casino");
    expect(screen.getByRole("combobox")).toHaveProperty("value", "TRY"); // a second currency offers a choice
  });
});
