import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createQueryClient, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { amountText, Missions } from "./components/Missions";

const WINDOW = { startsAt: "2026-11-01T00:00:00Z", endsAt: "2026-12-01T00:00:00Z", claimedAt: null, gameTypes: [] };
const MISSIONS = [
  { missionId: 1, name: "Slot ustası", kind: "BET_TURNOVER", target: 10_000, progress: 4_000, percent: 40, rewardPoints: 50, state: "IN_PROGRESS", ...WINDOW },
  { missionId: 2, name: "Yatırım", kind: "DEPOSIT_TOTAL", target: 5_000, progress: 6_000, percent: 100, rewardPoints: 20, state: "COMPLETED", ...WINDOW },
  { missionId: 3, name: "Üç gün", kind: "PLAY_DAYS", target: 3, progress: 0, percent: 0, rewardPoints: 5, state: "NOT_STARTED", ...WINDOW },
];
const BOARD = {
  missionId: 1, name: "Slot ustası", kind: "BET_TURNOVER", target: 10_000, pageNum: 1, totalPages: 1, total: 2,
  list: [{ rank: 1, username: "al***e", progress: 9_000, me: false }, { rank: 2, username: "me***t", progress: 4_000, me: true }],
  mine: { rank: 2, progress: 4_000, percent: 40 },
};

function envelope(value: unknown, status = 200, errorCode: string | null = null, message: string | null = null) {
  return new Response(JSON.stringify({ success: status === 200, value, errorCode, message }), { status, headers: { "Content-Type": "application/json" } });
}

function serve(claim: () => Response) {
  const fetcher = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    void init;
    const url = String(input);
    if (url.includes("MCSFE_getMissionSummaryDetails")) return envelope(MISSIONS);
    if (url.includes("MCSFE_getMissionLeaderboard")) return envelope(BOARD);
    if (url.includes("MCSFE_claimMissionReward")) return claim();
    return envelope(null);
  });
  vi.stubGlobal("fetch", fetcher);
  return fetcher;
}

/** The ``n``th of ``found`` (the test fails when there is none). */
function nth<T>(found: T[], n: number): T {
  const one = found[n];
  if (one === undefined) throw new Error(`no item ${n}`);
  return one;
}

function show() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter>
          <Missions />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe("mission activity", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows each mission's progress, reward and state, and the leaderboard with the member's rank", async () => {
    serve(() => envelope(null));
    show();
    const cards = await screen.findAllByTestId("mission");
    expect(cards).toHaveLength(3);
    const bars = screen.getAllByRole("progressbar");
    expect(bars.map((bar) => bar.getAttribute("aria-valuenow"))).toEqual(["40", "100", "0"]);
    expect(within(nth(cards, 0)).getByTestId("mission-progress").textContent).toBe("40,00 / 100,00"); // a Turkish page: decimal comma
    expect(within(nth(cards, 2)).getByTestId("mission-progress").textContent).toBe("0 gün / 3 gün");
    expect(within(nth(cards, 0)).getByText("Ödül: 50 puan")).toBeTruthy();
    expect(within(nth(cards, 0)).getByTestId("mission-state").textContent).toBe("Devam ediyor");
    const claims = screen.getAllByTestId("mission-claim") as HTMLButtonElement[];
    expect(claims.map((button) => button.disabled)).toEqual([true, false, true]); // only the completed one
    expect((await screen.findByTestId("mission-my-rank")).textContent).toBe("Sıranız: 2");
    const board = screen.getByTestId("mission-board");
    expect(within(board).getByText("al***e")).toBeTruthy();
    expect(within(board).getByText("90,00")).toBeTruthy();
  });

  it("claims a completed mission's reward, and shows the server's refusal when there is one", async () => {
    let answers = 0;
    const fetcher = serve(() =>
      ++answers === 1
        ? envelope(null, 409, "mission.already_claimed", "Bu görevin ödülü zaten alındı.")
        : envelope({ missionId: 2, rewardPoints: 20, balance: 120, claimedAt: "2026-11-27T10:00:00Z", state: "CLAIMED" }),
    );
    show();
    const cards = await screen.findAllByTestId("mission");
    const claim = within(nth(cards, 1)).getByTestId("mission-claim");
    fireEvent.click(claim);
    expect((await within(nth(cards, 1)).findByRole("alert")).textContent).toContain("Bu görevin ödülü zaten alındı.");
    fireEvent.click(claim);
    expect((await within(nth(cards, 1)).findByTestId("mission-claimed")).textContent).toBe("+20 puan hesabınıza eklendi. Puan bakiyeniz: 120.");
    const posted = fetcher.mock.calls.filter(([url]) => String(url).includes("MCSFE_claimMissionReward"));
    expect(posted).toHaveLength(2);
    const body = JSON.parse(String(nth(posted, 0)[1]?.body));
    expect(body.missionId).toBe(2);
    expect(body.requestId).toMatch(/^[A-Za-z0-9_.:-]{8,64}$/);
  });

  it("words amounts by the mission's kind in every language", () => {
    expect(amountText("EN", "PLAY_DAYS", 2)).toBe("2 days");
    expect(amountText("CN", "PLAY_DAYS", 2)).toBe("2 天");
    expect(amountText("EN", "DEPOSIT_TOTAL", 123_456)).toBe("1,234.56");
  });
});
