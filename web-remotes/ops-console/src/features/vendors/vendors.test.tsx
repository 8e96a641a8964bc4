import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { instantOf } from "./components/ManageVendor";
import { Vendors } from "./components/Vendors";
import { NO_FILTERS, gamesQuery } from "./reads";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });

const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });

const OPS = "/wps/ops/games/merchants/turkeyf2";
const vendor = (patch: Record<string, unknown> = {}) => ({
  code: "BGS", gameType: "RNG", name: "BGS", category: "SLOT", aggregator: null, enabled: true, maintenanceFrom: null, maintenanceUntil: null,
  maintenanceReason: null, state: "open", games: 3, gamesEnabled: 3, ...patch,
});
const PG = vendor({ code: "PG", gameType: "RNG", name: "PG Soft", aggregator: "HUB88", games: 9, gamesEnabled: 8 });
const game = (nodeId: number, patch: Record<string, unknown> = {}) => ({ nodeId, vendor: "BGS", gameType: "RNG", gameCode: `BGS_${nodeId}`, name: `Oyun ${nodeId}`, enabled: true, playable: true, isTop: false, hotRank: null, ...patch });
const page = (list: unknown[], pageNum = 1, totalPages = 1, total = list.length) => envelope({ pageNum, totalPages, total, list });
const FIRST_GAMES = `GET ${OPS}/games?pageNo=1&pageSize=50&sort=catalogue`;

function serve(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    return answer ? answer() : refusal("unknown", `unexpected ${name}`, 500);
  });
}

function calls(fetched: ReturnType<typeof serve>, method: string) {
  return fetched.mock.calls.filter(([, init]) => (init?.method ?? "GET") === method).map(([url, init]) => ({ url: String(url), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined }));
}

function renderPage(roles: string[]) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <Vendors />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cells = (row: Element | null | undefined) => [...(row?.querySelectorAll("td") ?? [])].map((cell) => cell.textContent);

describe("the vendors page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a viewer the vendors with their state and counts, and the games, read only", async () => {
    const down = vendor({ state: "maintenance", maintenanceFrom: "2026-11-27T10:00:00+00:00", maintenanceUntil: "2026-11-27T12:00:00+00:00", maintenanceReason: "upgrade", gamesEnabled: 2 });
    const fetched = serve({ [`GET ${OPS}/vendors`]: () => envelope([down, PG]), [FIRST_GAMES]: () => page([game(1000), game(1001, { enabled: false })]) });
    renderPage(["viewer"]);
    const table = await screen.findByTestId("vendors");
    const rows = table.querySelectorAll("tbody tr");
    expect(cells(rows[0])[3]).toBe("Bakımda");
    expect(cells(rows[0])[4]).toContain("upgrade");
    expect(cells(rows[0])[5]).toBe("2 / 3");
    expect(cells(rows[1])[3]).toBe("Açık");
    expect(within(table).queryByRole("button")).toBeNull();
    expect(screen.getByText("Sağlayıcıları ve oyunları yalnızca markanın yöneticisi açıp kapatabilir.")).toBeTruthy();
    const games = await screen.findByTestId("games");
    expect(games.querySelector('tr[data-game="1001"]')?.getAttribute("data-enabled")).toBe("false");
    expect(within(games).queryByRole("button")).toBeNull();
    expect(calls(fetched, "PUT")).toEqual([]);
  });

  it("lets an admin set a window with a reason, showing the new state, and refuses without a reason", async () => {
    const scheduled = vendor({ state: "scheduled", maintenanceFrom: "2026-12-01T10:00:00.000Z", maintenanceUntil: "2026-12-01T12:00:00.000Z", maintenanceReason: "planned" });
    const fetched = serve({
      [`GET ${OPS}/vendors`]: () => envelope([vendor()]),
      [FIRST_GAMES]: () => page([game(1000)]),
      [`PUT ${OPS}/vendors/BGS/RNG/maintenance`]: () => envelope(scheduled),
    });
    renderPage(["admin"]);
    fireEvent.click(await screen.findByRole("button", { name: "Yönet: BGS RNG" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Bakımı kaydet" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Bakımın bitişini girin.");
    fireEvent.change(within(dialog).getByLabelText("Başlangıç (yerel saat; boş: hemen)"), { target: { value: "2026-12-01T13:00" } });
    fireEvent.change(within(dialog).getByLabelText("Bitiş (yerel saat)"), { target: { value: "2026-12-01T15:00" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Bakımı kaydet" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Bir neden yazın.");
    expect(calls(fetched, "PUT")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("Neden (denetim kaydına yazılır)"), { target: { value: " planned " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Bakımı kaydet" }));
    expect(await within(dialog).findByText("Bakım kaydedildi.")).toBeTruthy();
    expect(within(dialog).getByText("Bakım planlandı")).toBeTruthy();
    expect(calls(fetched, "PUT")).toEqual([
      { url: `${OPS}/vendors/BGS/RNG/maintenance`, body: { from: new Date("2026-12-01T13:00").toISOString(), until: new Date("2026-12-01T15:00").toISOString(), reason: "planned" } },
    ]);
    // the tables are read again
    expect(calls(fetched, "GET").filter((call) => call.url === `${OPS}/vendors`).length).toBeGreaterThan(1);
  });

  it("shows the server's refusal as it words it, and ends a window or switches the vendor off", async () => {
    const down = vendor({ state: "maintenance", maintenanceFrom: "2026-11-27T10:00:00+00:00", maintenanceUntil: "2026-11-27T12:00:00+00:00", maintenanceReason: "upgrade" });
    const fetched = serve({
      [`GET ${OPS}/vendors`]: () => envelope([down]),
      [FIRST_GAMES]: () => page([]),
      [`PUT ${OPS}/vendors/BGS/RNG/maintenance`]: () => refusal("maintenance.until_past", "Bakımın bitişi gelecekte olmalıdır.", 400),
      [`POST ${OPS}/vendors/BGS/RNG/maintenance/end`]: () => envelope(vendor()),
      [`PUT ${OPS}/vendors/BGS/RNG/switch`]: () => envelope(vendor({ enabled: false, state: "off" })),
    });
    renderPage(["admin"]);
    fireEvent.click(await screen.findByRole("button", { name: "Yönet: BGS RNG" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Neden (denetim kaydına yazılır)"), { target: { value: "again" } });
    fireEvent.change(within(dialog).getByLabelText("Bitiş (yerel saat)"), { target: { value: "2020-01-01T10:00" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Bakımı kaydet" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Bakımın bitişi gelecekte olmalıdır.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Bakımı şimdi bitir" }));
    expect(await within(dialog).findByText("Bakım bitirildi.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Neden (denetim kaydına yazılır)"), { target: { value: "contract" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Kapat" }));
    expect(await within(dialog).findByText("Kapatıldı.")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Aç" })).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([{ url: `${OPS}/vendors/BGS/RNG/maintenance/end`, body: { reason: "again" } }]);
    expect(calls(fetched, "PUT").at(-1)).toEqual({ url: `${OPS}/vendors/BGS/RNG/switch`, body: { enabled: false, reason: "contract" } });
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("filters and pages the games on the server and switches one off with a reason", async () => {
    const fetched = serve({
      [`GET ${OPS}/vendors`]: () => envelope([vendor(), PG]),
      [FIRST_GAMES]: () => page([game(1000)], 1, 2, 51),
      [`GET ${OPS}/games?pageNo=2&pageSize=50&sort=catalogue`]: () => page([game(1050)], 2, 2, 51),
      [`GET ${OPS}/games?pageNo=1&pageSize=50&sort=name&vendor=PG&name=gem&enabled=false`]: () => page([game(2000, { vendor: "PG", enabled: false })]),
      [`PUT ${OPS}/games/2000/switch`]: () => envelope(game(2000, { vendor: "PG", enabled: true })),
    });
    renderPage(["admin"]);
    expect(await screen.findByText("Toplam 51 oyun")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sonraki" }));
    expect(await screen.findByText("Oyun 1050")).toBeTruthy();
    const filters = screen.getByRole("form", { name: "Filtrele" });
    fireEvent.change(within(filters).getByLabelText("Sağlayıcı"), { target: { value: "PG" } });
    fireEvent.change(within(filters).getByLabelText("Ad ya da kod ara"), { target: { value: " gem " } });
    fireEvent.change(within(filters).getByLabelText("Durum"), { target: { value: "false" } });
    fireEvent.change(within(filters).getByLabelText("Sıralama"), { target: { value: "name" } });
    fireEvent.click(within(filters).getByRole("button", { name: "Filtrele" }));
    const row = (await screen.findByText("Oyun 2000")).closest("tr");
    expect(row).toBeTruthy();
    fireEvent.click(within(row as HTMLElement).getByRole("button", { name: "Aç" }));
    fireEvent.click(within(row as HTMLElement).getByRole("button", { name: "Aç" }));
    expect(screen.getByRole("alert").textContent).toBe("Bir neden yazın.");
    fireEvent.change(within(row as HTMLElement).getByLabelText("Neden (denetim kaydına yazılır)"), { target: { value: "fixed" } });
    fireEvent.click(within(row as HTMLElement).getByRole("button", { name: "Aç" }));
    await vi.waitFor(() => expect(calls(fetched, "PUT")).toEqual([{ url: `${OPS}/games/2000/switch`, body: { enabled: true, reason: "fixed" } }]));
  });

  it("builds a games query of the filters given and reads a local time as an instant", () => {
    expect(gamesQuery(NO_FILTERS, 3)).toEqual({ pageNo: 3, pageSize: 50, sort: "catalogue" });
    expect(gamesQuery({ vendor: "BGS", gameType: "PVP", name: "  ", enabled: "true", sort: "code" }, 1)).toEqual({ pageNo: 1, pageSize: 50, sort: "code", vendor: "BGS", gameType: "PVP", enabled: true });
    expect(instantOf("")).toBeNull();
    expect(instantOf("2026-12-01T13:00")).toBe(new Date("2026-12-01T13:00").toISOString());
  });
});
