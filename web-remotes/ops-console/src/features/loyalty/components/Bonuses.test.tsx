import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../../shared/session";
import { Bonuses, wageredPercent } from "./Bonuses";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });
const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });
const LIST = "/wps/ops/points/merchants/turkeyf2/bonuses";

const bonus = (grantId: string, patch: Record<string, unknown> = {}) => ({
  grantId, accountId: "acc-1", promotionId: 3, promotionName: "Hoş geldin bonusu", depositAmount: 10_000, amount: 10_000, turnoverRequired: 50_000,
  turnoverDone: 12_500, gameTypes: ["RNG"], maxBet: 5_000, status: "ACTIVE", createdAt: "2026-11-20T10:00:00Z", expiresAt: "2026-12-20T10:00:00Z",
  settledAt: null, ...patch,
});
const page = (list: unknown[], totalPages = 1) => envelope({ pageNum: 1, totalPages, total: list.length, list });

function serve(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    return answer ? answer() : refusal("unknown", `unexpected ${name}`, 500);
  });
}

function renderPage(roles: string[]) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <Bonuses />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the bonuses page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows each bonus with its member, promotion, amount, wagering as a bar, state and dates; filters by state and member", async () => {
    const fetched = serve({
      [`GET ${LIST}?sort=newest&pageNo=1&pageSize=20`]: () =>
        page([bonus("g-1"), bonus("g-2", { depositAmount: 0, amount: 2_000, turnoverDone: 11_000, turnoverRequired: 10_000, status: "RELEASED", settledAt: "2026-11-21T10:00:00Z" })], 2),
      [`GET ${LIST}?status=RELEASED&accountId=acc-9&sort=newest&pageNo=1&pageSize=20`]: () => page([bonus("g-3", { accountId: "acc-9", status: "RELEASED" })]),
      [`GET ${LIST}?sort=newest&pageNo=2&pageSize=20`]: () => envelope({ pageNum: 2, totalPages: 2, total: 21, list: [bonus("g-21")] }),
    });
    renderPage(["finance-maker"]);
    const table = await screen.findByTestId("bonuses");
    const first = table.querySelector<HTMLElement>("[data-bonus='g-1']");
    const cells = [...(first?.querySelectorAll("td") ?? [])].map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual(["acc-1", "Hoş geldin bonusu#3", "100.00yatırım 100.00", "125.00 / 500.00 (25 %)", "Çevrimde"]);
    const bar = within(first as HTMLElement).getByRole("progressbar", { name: "g-1 bonusunun çevrimi" }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([25, 100]);
    const second = table.querySelector<HTMLElement>("[data-bonus='g-2']") as HTMLElement;
    expect((within(second).getByRole("progressbar") as HTMLProgressElement).value).toBe(100); // passed what was asked
    expect(second.textContent).toContain("Aktarıldı");
    expect(second.textContent).toContain("kapandı");
    expect(second.textContent).not.toContain("yatırım");
    expect(within(table).queryByRole("button")).toBeNull(); // nothing changed by hand
    fireEvent.click(screen.getByRole("button", { name: "Sonraki" }));
    expect(await screen.findByText("2 / 2")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Durum"), { target: { value: "RELEASED" } });
    fireEvent.change(screen.getByLabelText("Hesap kimliği"), { target: { value: " acc-9 " } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    await waitFor(() => expect(document.querySelector("[data-bonus='g-3']")).not.toBeNull());
    expect(fetched.mock.calls.map(([url]) => String(url))).toContain(`${LIST}?status=RELEASED&accountId=acc-9&sort=newest&pageNo=1&pageSize=20`);
  });

  it("shows the service's refusal as it words it", async () => {
    serve({ [`GET ${LIST}?sort=newest&pageNo=1&pageSize=20`]: () => refusal("ops.role_required", "Bu sayfa için finans rolü gerekir.", 403) });
    renderPage(["viewer"]);
    expect((await screen.findByRole("alert")).textContent).toBe("Bu sayfa için finans rolü gerekir.");
  });

  it("counts the wagering done in whole percent, never above 100", () => {
    expect([wageredPercent(0, 50_000), wageredPercent(12_500, 50_000), wageredPercent(49_999, 50_000), wageredPercent(60_000, 50_000), wageredPercent(0, 0)]).toEqual([0, 25, 99, 100, 100]);
  });
});
