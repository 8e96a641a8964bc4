import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { EMPTY_MISSION, Missions, minorOf, missionBody, utcOf } from "./components/Missions";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });
const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });
const LIST = "/wps/ops/points/merchants/turkeyf2/missions";
const MISSION = {
  missionId: 7, name: "Slot ustası", names: { TR: "Slot ustası", EN: "Slot master" }, kind: "BET_TURNOVER", gameTypes: ["RNG"],
  target: 10_000, rewardPoints: 50, startsAt: "2026-11-01T00:00:00Z", endsAt: "2026-12-01T00:00:00Z", active: true, sort: 1,
  updatedAt: "2026-11-01T00:00:00Z",
};
const PAGE = { pageNum: 1, totalPages: 1, total: 1, list: [MISSION] };

function serve(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input).split("?")[0];
    const answer = answers[`${init?.method ?? "GET"} ${url}`];
    return answer ? answer() : refusal("unknown", `unexpected ${url}`, 500);
  });
}

function renderPage(roles: string[]) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <Missions />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the missions page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a viewer the missions read only", async () => {
    serve({ [`GET ${LIST}`]: () => envelope(PAGE) });
    renderPage(["viewer"]);
    const table = await screen.findByTestId("missions");
    const cells = [...table.querySelectorAll("tbody td")].map((cell) => cell.textContent);
    expect(cells[0]).toContain("Slot ustası");
    expect(cells[1]).toBe("Geçerli bahisRNG");
    expect(cells[2]).toBe("100.00");
    expect(cells[3]).toBe("50");
    expect(cells[4]).toBe("2026-11-01 00:00 – 2026-12-01 00:00 UTC");
    expect(within(table).queryByRole("button")).toBeNull();
    expect(screen.queryAllByRole("form").map((form) => form.getAttribute("aria-label"))).toEqual(["Filtrele"]); // the filter only
    expect(screen.getByText("Görevleri yalnızca içerik rolü (veya yönetici) değiştirebilir.")).toBeTruthy();
  });

  it("lets a content editor add a mission, and shows the service's refusal as it says it", async () => {
    let posts = 0;
    const fetched = serve({
      [`GET ${LIST}`]: () => envelope(PAGE),
      [`POST ${LIST}`]: () => (++posts === 1 ? refusal("mission.window_invalid", "Görevin bitişi başlangıcından sonra olmalı.", 400) : envelope({ ...MISSION, missionId: 8 })),
    });
    renderPage(["content"]);
    await screen.findByTestId("missions");
    fireEvent.change(screen.getByLabelText("Ad (TR)"), { target: { value: "Yatırım görevi" } });
    fireEvent.change(screen.getByLabelText("Tür"), { target: { value: "DEPOSIT_TOTAL" } });
    fireEvent.change(screen.getByLabelText("Hedef tutar (ör. 100.00)"), { target: { value: "1,500.50" } });
    fireEvent.change(screen.getByLabelText("Ödül (puan)"), { target: { value: "25" } });
    fireEvent.change(screen.getByLabelText("Başlangıç (UTC)"), { target: { value: "2026-11-01T00:00" } });
    fireEvent.change(screen.getByLabelText("Bitiş (UTC, hariç)"), { target: { value: "2026-12-01T00:00" } });
    fireEvent.change(screen.getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: "kasım" } });
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Görevin bitişi başlangıcından sonra olmalı.");
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    expect((await screen.findByRole("status")).textContent).toBe("Görev eklendi.");
    const posted = fetched.mock.calls.filter(([, init]) => init?.method === "POST").map(([, init]) => JSON.parse(String(init?.body)));
    expect(posted[1]).toEqual({
      names: { TR: "Yatırım görevi" }, kind: "DEPOSIT_TOTAL", gameTypes: [], target: 150_050, rewardPoints: 25,
      startsAt: "2026-11-01T00:00:00.000Z", endsAt: "2026-12-01T00:00:00.000Z", active: true, sort: 0, reason: "kasım",
    });
    await waitFor(() => expect((screen.getByLabelText("Ad (TR)") as HTMLInputElement).value).toBe(""));
  });

  it("checks a draft before sending it", () => {
    const good = { ...EMPTY_MISSION, names: { TR: "Görev", EN: "", CN: "" }, target: "100", rewardPoints: "5", startsAt: "2026-11-01T00:00", endsAt: "2026-11-02T00:00", reason: "r" };
    expect(missionBody({ ...good, names: { TR: "", EN: "x", CN: "" } }, true)).toBe("turkishName");
    expect(missionBody({ ...good, target: "0" }, true)).toBe("targetInvalid");
    expect(missionBody({ ...good, target: "1.234" }, true)).toBe("targetInvalid");
    expect(missionBody({ ...good, kind: "PLAY_DAYS", target: "4000" }, true)).toBe("targetInvalid");
    expect(missionBody({ ...good, rewardPoints: "0" }, true)).toBe("rewardInvalid");
    expect(missionBody({ ...good, endsAt: "2026-11-01T00:00" }, true)).toBe("windowInvalid");
    expect(missionBody({ ...good, startsAt: "" }, true)).toBe("dateInvalid");
    expect(missionBody({ ...good, reason: " " }, true)).toBe("required");
    expect(missionBody({ ...good, kind: "PLAY_DAYS", target: "3", gameTypes: ["RNG", "LIVE"] }, false)).toEqual({
      names: { TR: "Görev" }, gameTypes: ["LIVE", "RNG"], target: 3, rewardPoints: 5, startsAt: "2026-11-01T00:00:00.000Z",
      endsAt: "2026-11-02T00:00:00.000Z", active: true, sort: 0, reason: "r",
    });
    expect(minorOf("1,234.5")).toBe(123_450);
    expect(utcOf("2026-11-01T10:30")).toBe("2026-11-01T10:30:00.000Z");
  });
});
