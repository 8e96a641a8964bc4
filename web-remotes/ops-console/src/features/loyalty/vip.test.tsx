import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import type { LevelDraft } from "./components/VipReferral";
import { VipReferral, ladderBody, referralBody } from "./components/VipReferral";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });
const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });
const LEVELS = "/wps/ops/points/merchants/turkeyf2/vip/levels";
const RULE = "/wps/ops/points/merchants/turkeyf2/referral/rule";
const LEVEL = {
  level: 1, name: "Bronz", names: { TR: "Bronz", EN: "Bronze" }, turnover: 100_000, bonus: 5_000, pointsMultiplierPct: 110,
  perks: "Doğum günü hediyesi", perksByLanguage: { TR: "Doğum günü hediyesi" },
};
const RULE_VALUE = { minDeposit: 10_000, minValidBet: 30_000, reward: 2_500, enabled: true };

function serve(answers: Record<string, (init?: RequestInit) => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input).split("?")[0];
    const answer = answers[`${init?.method ?? "GET"} ${url}`];
    return answer ? answer(init) : refusal("unknown", `unexpected ${url}`, 500);
  });
}

function renderPage(roles: string[]) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <VipReferral />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const draft = (turnover: string, changes: Partial<LevelDraft> = {}): LevelDraft => ({
  names: { TR: "Seviye", EN: "", CN: "" }, turnover, bonus: "", multiplier: "100", perks: { TR: "", EN: "", CN: "" }, ...changes,
});

describe("VIP levels and the referral rule", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a viewer the ladder and the rule, read only", async () => {
    serve({ [`GET ${LEVELS}`]: () => envelope([LEVEL]), [`GET ${RULE}`]: () => envelope(RULE_VALUE) });
    renderPage(["viewer"]);
    expect((await screen.findByTestId("vip-levels")).textContent).toContain("Bronz");
    expect((await screen.findByTestId("referral-rule")).textContent).toContain("25.00");
    expect(screen.queryByTestId("vip-level-form")).toBeNull();
  });

  it("lets the admin add a level and save the ladder with a reason", async () => {
    const put = vi.fn((init?: RequestInit) => {
      void init;
      return envelope([LEVEL]);
    });
    serve({ [`GET ${LEVELS}`]: () => envelope([LEVEL]), [`GET ${RULE}`]: () => envelope(RULE_VALUE), [`PUT ${LEVELS}`]: put });
    renderPage(["admin"]);
    expect(await screen.findAllByTestId("vip-level-form")).toHaveLength(1);
    fireEvent.click(screen.getByRole("button", { name: "Seviye ekle" }));
    const names = screen.getAllByLabelText("Ad (TR)");
    fireEvent.change(names[1] as HTMLElement, { target: { value: "Gümüş" } });
    fireEvent.change(screen.getAllByLabelText("Gereken ciro")[1] as HTMLElement, { target: { value: "5000.00" } });
    fireEvent.change(screen.getAllByLabelText("Gerekçe (denetim kaydına yazılır)")[0] as HTMLElement, { target: { value: "yeni seviye" } });
    fireEvent.click(screen.getByRole("button", { name: "Seviyeleri kaydet" }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(put.mock.calls[0]?.[0]?.body));
    expect(body.reason).toBe("yeni seviye");
    expect(body.levels.map((level: { level: number; turnover: number }) => [level.level, level.turnover])).toEqual([[1, 100_000], [2, 500_000]]);
  });

  it("checks a ladder and a rule before sending them", () => {
    expect(ladderBody([draft("100.00"), draft("50.00")])).toEqual({ key: "turnoverInvalid", level: 2 });
    expect(ladderBody([draft("100.00", { names: { TR: "", EN: "x", CN: "" } })])).toEqual({ key: "nameMissing", level: 1 });
    expect(ladderBody([draft("100.00", { multiplier: "50" })])).toEqual({ key: "multiplierInvalid", level: 1 });
    expect(ladderBody([draft("100.00", { bonus: "5.00" })])).toEqual([
      { level: 1, names: { TR: "Seviye" }, turnover: 10_000, bonus: 500, pointsMultiplierPct: 100, perks: {} },
    ]);
    expect(referralBody({ minDeposit: "100.00", minValidBet: "300.00", reward: "0", enabled: true, reason: "x" })).toBe("amountInvalid");
    expect(referralBody({ minDeposit: "100.00", minValidBet: "300.00", reward: "25.00", enabled: true, reason: " " })).toBe("required");
    expect(referralBody({ minDeposit: "100.00", minValidBet: "300.00", reward: "25.00", enabled: false, reason: "x" })).toEqual({
      minDeposit: 10_000, minValidBet: 30_000, reward: 2_500, enabled: false, reason: "x",
    });
  });
});
