import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { LotteryGames } from "./components/LotteryGames";
import { wholeAmount } from "./reads";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });
const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });

const GAMES = "/wps/ops/lottery/merchants/turkeyf2/games";
const HOUSE = { minStake: 100, minCap: 1_000_000, maxStake: 1_000_000, maxPerIssue: 5_000_000 };
const game = (code: string, patch: Record<string, unknown> = {}) => ({
  gameCode: code, gameName: `Oyun ${code}`, category: "ssc", enabled: true, minStake: 100, maxStake: 1_000_000, maxPerIssue: 5_000_000,
  prizeMode: null, effectivePrizeMode: "LOTT", house: HOUSE, updatedBy: null, updatedAt: null, ...patch,
});
const listing = (games: unknown[]) => envelope({ brandPrizeMode: "LOTT", prizeModes: [{ code: "LOTT", perMille: 1000 }, { code: "ZY", perMille: 985 }], games });

function serve(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    return answer ? answer() : refusal("unknown", `unexpected ${name}`, 500);
  });
}

const puts = (fetched: ReturnType<typeof serve>) =>
  fetched.mock.calls.filter(([, init]) => init?.method === "PUT").map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown }));

function renderPage(roles: string[]) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <LotteryGames />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cells = (row: Element | null | undefined) => [...(row?.querySelectorAll("td") ?? [])].map((cell) => cell.textContent);

describe("the lottery games page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a viewer each game's state, limits and prize mode, read only", async () => {
    serve({ [`GET ${GAMES}`]: () => listing([game("SSC_1M"), game("K3_1M", { enabled: false, maxStake: 5000, prizeMode: "ZY", effectivePrizeMode: "ZY" })]) });
    renderPage(["viewer"]);
    const table = await screen.findByTestId("lottery-games");
    const rows = table.querySelectorAll("tbody tr");
    expect(cells(rows[0])).toEqual(["Oyun SSC_1M SSC_1M", "Açık", "100", "1000000", "5000000", "Markanın modu (LOTT)"]);
    expect(cells(rows[1])).toEqual(["Oyun K3_1M K3_1M", "Kapalı", "100", "5000", "5000000", "ZY"]);
    expect(within(table).queryByRole("button")).toBeNull();
    expect(screen.getByText("Oyunları, sınırlarını ve ödül modlarını yalnızca markanın yöneticisi değiştirebilir.")).toBeTruthy();
  });

  it("lets an admin lower a game's maximum and choose a prize mode, then shows the saved row", async () => {
    const saved = game("SSC_1M", { maxStake: 5000, prizeMode: "ZY", effectivePrizeMode: "ZY", updatedBy: "ayse", updatedAt: "2026-11-27T10:00:00+00:00" });
    let listed = [game("SSC_1M")];
    const fetched = serve({
      [`GET ${GAMES}`]: () => listing(listed),
      [`PUT ${GAMES}/SSC_1M`]: () => {
        listed = [saved];
        return envelope(saved);
      },
    });
    renderPage(["admin"]);
    fireEvent.click(await screen.findByRole("button", { name: "Düzenle: SSC_1M" }));
    const dialog = await screen.findByTestId("edit-lottery-game");
    fireEvent.change(within(dialog).getByLabelText("En yüksek bahis"), { target: { value: "5000" } });
    fireEvent.change(within(dialog).getByLabelText("Ödül modu"), { target: { value: "ZY" } });
    fireEvent.change(within(dialog).getByLabelText("Neden (denetim kaydına yazılır; isteğe bağlı)"), { target: { value: "risk" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Kaydet" }));
    expect(await within(dialog).findByText("Kaydedildi.")).toBeTruthy();
    expect(puts(fetched)).toEqual([{ url: `${GAMES}/SSC_1M`, body: { enabled: true, minStake: 100, maxStake: 5000, maxPerIssue: 5_000_000, prizeMode: "ZY", reason: "risk" } }]);
    const row = await screen.findByText("ZY", { selector: "td" });
    expect(cells(row.closest("tr"))[3]).toBe("5000");
  });

  it("shows the server's refusal as it words it, and refuses limits that are not whole numbers without calling", async () => {
    const fetched = serve({
      [`GET ${GAMES}`]: () => listing([game("SSC_1M")]),
      [`PUT ${GAMES}/SSC_1M`]: () => refusal("lottery.limits_invalid", "En düşük bahis en yüksek bahsi aşamaz.", 400),
    });
    renderPage(["admin"]);
    fireEvent.click(await screen.findByRole("button", { name: "Düzenle: SSC_1M" }));
    const dialog = await screen.findByTestId("edit-lottery-game");
    fireEvent.change(within(dialog).getByLabelText("En düşük bahis"), { target: { value: "12.5" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Kaydet" }));
    expect(await within(dialog).findByText("Sınırlar pozitif tam sayı olmalı.")).toBeTruthy();
    expect(puts(fetched)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("En düşük bahis"), { target: { value: "2000000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Kaydet" }));
    expect(await within(dialog).findByText("En düşük bahis en yüksek bahsi aşamaz.")).toBeTruthy();
    expect(puts(fetched)).toHaveLength(1);
  });

  it("reads a limit as a positive whole number", () => {
    expect(wholeAmount(" 5000 ")).toBe(5000);
    expect(wholeAmount("0")).toBeNull();
    expect(wholeAmount("-5")).toBeNull();
    expect(wholeAmount("1e3")).toBeNull();
    expect(wholeAmount("")).toBeNull();
  });
});
