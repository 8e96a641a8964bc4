import { cleanup, render, screen, within } from "@testing-library/react";
import { createQueryClient, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RewardCenter, multiplierText } from "./components/RewardCenter";

const REFERRAL = {
  code: "K7QX2MPA",
  link: "/register?ref=K7QX2MPA",
  rule: { minDeposit: 10_000, minValidBet: 30_000, reward: 2_500, enabled: true },
  invitations: [
    { invitationId: 2, invitee: "me***7", registeredAt: "2026-11-20T10:00:00Z", deposited: 10_000, validBet: 40_000, qualified: true, status: "PAID", reward: 2_500, qualifiedAt: "2026-11-21T10:00:00Z", paidAt: "2026-11-21T10:00:01Z" },
    { invitationId: 1, invitee: "ze***p", registeredAt: "2026-11-19T10:00:00Z", deposited: 0, validBet: 0, qualified: false, status: "WAITING", reward: 0, qualifiedAt: null, paidAt: null },
  ],
  totals: { invited: 2, qualified: 1, rewarded: 2_500, pending: 0 },
};
const LEVEL = (level: number, turnover: number, bonus: number) => ({
  level, name: `Level ${level}`, names: { EN: `Level ${level}` }, turnover, bonus, pointsMultiplierPct: 100 + level * 25,
  perks: level === 2 ? "Birthday gift" : "", perksByLanguage: {},
});
const VIP = {
  level: 1, levelName: "Level 1", turnover: 15_000, nextLevel: LEVEL(2, 50_000, 2_000), missing: 35_000, percent: 12,
  levels: [LEVEL(1, 10_000, 500), LEVEL(2, 50_000, 2_000)],
  levelUps: [{ level: 1, name: "Level 1", amount: 500, status: "PAID", reachedAt: "2026-11-20T10:00:00Z", paidAt: "2026-11-20T10:00:01Z" }],
};

function envelope(value: unknown) {
  return new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }), { status: 200, headers: { "Content-Type": "application/json" } });
}

function serve() {
  vi.stubGlobal("fetch", vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes("MCSFE_getReferralInfo")) return envelope(REFERRAL);
    if (url.includes("MCSFE_getVipInfo")) return envelope(VIP);
    return envelope(null);
  }));
}

function show(page: React.JSX.Element) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter>{page}</MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe("the reward centre", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the VIP level, the progress to the next, the perks, the level-up bonuses and the invitation rewards", async () => {
    serve();
    show(<RewardCenter />);
    expect((await screen.findByTestId("vip-level-name")).textContent).toContain("Level 1");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("12");
    expect(screen.getByTestId("vip-missing").textContent).toContain("350,00");
    expect(within(screen.getByTestId("vip-levels")).getByText("Birthday gift")).toBeTruthy();
    expect(within(screen.getByTestId("vip-level-ups")).getAllByRole("row")).toHaveLength(2);
    expect(await screen.findAllByTestId("referral-reward")).toHaveLength(1);
    expect(screen.getByTestId("referral-rewarded").textContent).toBe("25,00");
  });

  it("shows a points multiplier as members read it", () => {
    expect(multiplierText(125)).toBe("×1.25");
    expect(multiplierText(125, "TR")).toBe("×1,25");
  });
});
