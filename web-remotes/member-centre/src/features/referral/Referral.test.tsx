import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createQueryClient, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { absoluteLink } from "./api";
import { InviteFriends } from "./components/InviteFriends";

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

describe("invite friends", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the code, copies the full link, states the rule and lists the invitations", async () => {
    serve();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    show(<InviteFriends />);
    expect((await screen.findByTestId("referral-code")).textContent).toBe("K7QX2MPA");
    const link = screen.getByTestId("referral-link") as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/register?ref=K7QX2MPA`);
    fireEvent.click(screen.getByTestId("referral-copy"));
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/register?ref=K7QX2MPA`);
    expect(screen.getByTestId("referral-rule").textContent).toContain("100,00");
    const rows = screen.getAllByTestId("referral-invitation");
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByTestId("referral-status").textContent).toBe("Ödendi");
    expect(within(rows[1] as HTMLElement).getByTestId("referral-qualified").textContent).toBe("Henüz değil");
  });

  it("builds the link as friends open it", () => {
    expect(absoluteLink("/?ref=AB", "https://f2tr.example/")).toBe("https://f2tr.example/?ref=AB");
    expect(absoluteLink("https://x.example/?ref=AB", "https://f2tr.example")).toBe("https://x.example/?ref=AB");
  });
});
