import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { Agents } from "./components/Agents";
import { NEW_GRANT, grantCall } from "./components/GrantContract";
import { NO_FILTERS, agentsQuery, termsText } from "./reads";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });
const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });
const page = (list: unknown[], pageNum = 1, totalPages = 1, total = list.length) => envelope({ pageNum, totalPages, total, list });

const OPS = "/wps/ops/agent-contracts/merchants/turkeyf2";
const FIRST = `GET ${OPS}/agents?pageNo=1&pageSize=20&sort=registered`;
const agent = (accountId: string, patch: Record<string, unknown> = {}) => ({
  accountId, username: `ag${accountId}`, accountType: 1, isAgent: true, uplineId: null, uplineUsername: null, topAgent: true, depth: 0,
  registeredAt: "2026-11-27T10:00:00+00:00", downlines: 2, contracts: [], ...patch,
});
const contract = (patch: Record<string, unknown> = {}) => ({
  id: 7, kind: "DAILY_WAGE", accountId: "a1", uplineId: null, terms: { tiers: [{ minValidBet: 100_000, minActiveMembers: 3, ratio: 250 }] }, ratio: 250,
  status: "ACTIVE", endReason: null, startedAt: "2026-11-27T10:00:00+00:00", endedAt: null, origin: "OPS", grantedBy: "ops.root",
  grantedAt: "2026-11-27T10:00:00+00:00", ...patch,
});
const detail = (patch: Record<string, unknown> = {}, contracts: unknown[] = [contract()]) => ({ agent: agent("a1", patch), uplines: [], teamSize: 5, contracts, pending: [] });
const SETTLEMENTS = `GET ${OPS}/agents/a1/settlements?pageNo=1&pageSize=20&sort=newest`;
const line = { id: 1, kind: "DAILY_WAGE", contractId: 7, lineType: "SALARY", periodStart: "2026-11-26T00:00:00+00:00", periodEnd: "2026-11-27T00:00:00+00:00", currency: "TRY", amount: 12_345, status: "PAID", errorCode: null, detail: {}, createdAt: "2026-11-27T00:30:00+00:00", paidAt: "2026-11-27T00:31:00+00:00" };

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
          <Agents />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cells = (row: Element | null | undefined) => [...(row?.querySelectorAll("td") ?? [])].map((cell) => cell.textContent);

describe("the agents page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("asks the server for only the filters given", () => {
    expect(agentsQuery(NO_FILTERS, 1)).toEqual({ pageNo: 1, pageSize: 20, sort: "registered" });
    expect(agentsQuery({ search: " ab ", agentType: "41", contract: "NONE", top: "true", sort: "username" }, 3)).toEqual({
      pageNo: 3, pageSize: 20, sort: "username", search: "ab", agentType: 41, contract: "NONE", top: true,
    });
  });

  it("turns a draft into its grant call, refusing numbers that are not whole", () => {
    expect(grantCall({ ...NEW_GRANT, tiers: [{ threshold: "0", members: "0", ratio: "3" }], reason: " top " }, "EN")).toEqual({
      id: "opsGrantDailyWage", body: { terms: { tiers: [{ minValidBet: 0, minActiveMembers: 0, ratio: 300 }] }, reason: "top" },
    });
    expect(grantCall({ ...NEW_GRANT, kind: "DIVIDEND", period: "M", tiers: [{ threshold: "1.234,50", members: "2", ratio: "10" }], reason: "x" }, "TR")?.body).toEqual({
      terms: { period: "M", tiers: [{ minProfitLoss: 123_450, minActiveMembers: 2, ratio: 1000 }] }, reason: "x",
    });
    expect(grantCall({ ...NEW_GRANT, kind: "REALTIME_SALARY", winRate: "2", lossRate: "4.5", betAmount: "500", reason: "x" }, "EN")?.body.terms).toEqual({ winRate: 200, lossRate: 450, betAmount: 50_000 });
    expect(grantCall({ ...NEW_GRANT, kind: "HOURLY_SALARY", tiers: [{ threshold: "1.555", members: "0", ratio: "1" }] }, "EN")).toBeNull();
    expect(grantCall({ ...NEW_GRANT, kind: "HOURLY_SALARY", tiers: [{ threshold: "1", members: "1.5", ratio: "1" }] }, "EN")).toBeNull();
    expect(grantCall({ ...NEW_GRANT, kind: "REALTIME_SALARY", winRate: "-1", lossRate: "1", betAmount: "0" }, "EN")).toBeNull();
    expect(grantCall({ ...NEW_GRANT, kind: "REALTIME_SALARY", winRate: "1", lossRate: "1", betAmount: "900719925474099.93" }, "EN")).toBeNull();
  });

  it("writes terms in words", () => {
    expect(termsText("EN", { winRate: 200, lossRate: 450, betAmount: 50_000 })).toBe("Won 2 %, lost 4.5 %, from a bet amount of 500.00");
    expect(termsText("EN", { period: "W", tiers: [{ minProfitLoss: 100_000, minActiveMembers: 3, ratio: 1000 }] })).toBe("weekly · From 1,000.00, 3 active members: 10 %");
  });

  it("shows a viewer the agents, filters and pages them on the server, and opens one by keyboard, read only", async () => {
    const filtered = `GET ${OPS}/agents?pageNo=1&pageSize=20&sort=username&search=ag&contract=DAILY_WAGE`;
    const fetched = serve({
      [FIRST]: () => page([agent("a1", { contracts: [{ kind: "DAILY_WAGE", ratio: 250 }] }), agent("a2", { topAgent: false, uplineId: "a1", uplineUsername: "aga1", depth: 1 })], 1, 2, 21),
      [`GET ${OPS}/agents?pageNo=2&pageSize=20&sort=registered`]: () => page([agent("a3")], 2, 2, 21),
      [filtered]: () => page([agent("a1")]),
      [`GET ${OPS}/agents/a1`]: () => envelope(detail()),
      [SETTLEMENTS]: () => page([line]),
    });
    renderPage(["viewer"]);
    const table = await screen.findByTestId("agents");
    const rows = table.querySelectorAll("tbody tr");
    expect(cells(rows[0])[4]).toBe("Günlük ücret 2.5 %");
    expect(cells(rows[0])[2]).toBe("Üst temsilci");
    expect(cells(rows[1])[2]).toBe("aga1");
    expect(screen.getByText("Toplam 21 temsilci")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sonraki" }));
    expect(await screen.findByText("aga3")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Kullanıcı adının başı ya da kimlik"), { target: { value: "ag" } });
    fireEvent.change(screen.getByLabelText("Sözleşme"), { target: { value: "DAILY_WAGE" } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "username" } });
    fireEvent.submit(screen.getByRole("form", { name: "Filtrele" }));
    await vi.waitFor(() => expect(calls(fetched, "GET").map((call) => call.url)).toContain(filtered.slice(4)));
    expect(screen.queryByTestId("move-member")).toBeNull();

    const open = await screen.findByRole("button", { name: "aga1 temsilcisini aç" });
    open.focus();
    expect(document.activeElement).toBe(open);
    fireEvent.click(open);
    const contracts = await screen.findByTestId("agent-contracts");
    expect(cells(contracts.querySelector("tbody tr"))).toEqual(expect.arrayContaining(["Günlük ücret", "Etkin", "Operasyon: ops.root", "2.5 %"]));
    expect((await screen.findByTestId("agent-settlements")).textContent).toContain("123.45 TRY");
    expect(screen.queryByTestId("grant-contract")).toBeNull();
    expect(calls(fetched, "PUT")).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Listeye dön" }));
    expect(await screen.findByTestId("agents")).toBeTruthy();
  });

  it("asks the server for an agent's settlements of a type and a state, oldest first", async () => {
    const wanted = `GET ${OPS}/agents/a1/settlements?pageNo=1&pageSize=20&sort=oldest&kind=DAILY_WAGE&status=REFUSED`;
    const fetched = serve({
      [FIRST]: () => page([agent("a1")]),
      [`GET ${OPS}/agents/a1`]: () => envelope(detail()),
      [SETTLEMENTS]: () => page([line]),
      [wanted]: () => page([]),
    });
    renderPage(["viewer"]);
    fireEvent.click(await screen.findByRole("button", { name: "aga1 temsilcisini aç" }));
    await screen.findByTestId("agent-settlements");
    const form = screen.getByRole("form", { name: "Hesaplaşmaları süz" });
    fireEvent.change(within(form).getByLabelText("Sözleşme türü"), { target: { value: "DAILY_WAGE" } });
    fireEvent.change(within(form).getByLabelText("Ödeme durumu"), { target: { value: "REFUSED" } });
    fireEvent.change(within(form).getByLabelText("Sıralama"), { target: { value: "oldest" } });
    fireEvent.submit(form);
    expect(await screen.findByText("Hesaplaşma yok.")).toBeTruthy();
    expect(calls(fetched, "GET").map((call) => call.url)).toContain(wanted.slice(4));
  });

  it("lets an admin grant a top agent a contract with a reason, and shows the server's refusal as it words it", async () => {
    let answers = 0;
    const fetched = serve({
      [FIRST]: () => page([agent("a1")]),
      [`GET ${OPS}/agents/a1`]: () => envelope(detail({}, [])),
      [SETTLEMENTS]: () => page([]),
      [`PUT ${OPS}/members/a1/contracts/real-time-salary`]: () =>
        ++answers === 1 ? refusal("contract.rate_out_of_range", "Oran %0 ile %100 arasında olmalıdır.", 400) : envelope({ previous: null, contract: contract({ kind: "REALTIME_SALARY" }) }),
    });
    renderPage(["admin"]);
    fireEvent.click(await screen.findByRole("button", { name: "aga1 temsilcisini aç" }));
    const form = await screen.findByTestId("grant-contract");
    fireEvent.change(within(form).getByLabelText("Sözleşme türü"), { target: { value: "REALTIME_SALARY" } });
    fireEvent.change(within(form).getByLabelText("Kazanç oranı (%)"), { target: { value: "200" } });
    fireEvent.change(within(form).getByLabelText("Kayıp oranı (%)"), { target: { value: "4" } });
    fireEvent.click(within(form).getByRole("button", { name: "Sözleşmeyi ver" }));
    expect(within(form).getByRole("alert").textContent).toBe("Bir neden yazın.");
    expect(calls(fetched, "PUT")).toEqual([]);
    fireEvent.change(within(form).getByLabelText("Neden (denetim kaydına yazılır)"), { target: { value: "launch" } });
    fireEvent.click(within(form).getByRole("button", { name: "Sözleşmeyi ver" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Oran %0 ile %100 arasında olmalıdır.");
    fireEvent.change(within(form).getByLabelText("Kazanç oranı (%)"), { target: { value: "2" } });
    fireEvent.click(within(form).getByRole("button", { name: "Sözleşmeyi ver" }));
    expect(await within(form).findByText("Sözleşme verildi.")).toBeTruthy();
    expect(calls(fetched, "PUT").at(-1)).toEqual({ url: `${OPS}/members/a1/contracts/real-time-salary`, body: { terms: { winRate: 200, lossRate: 400, betAmount: 0 }, reason: "launch" } });
    // the agent is read again
    expect(calls(fetched, "GET").filter((call) => call.url === `${OPS}/agents/a1`).length).toBeGreaterThan(1);
  });

  it("offers no grant for an agent with an upline, and moves a member with both ids and a reason", async () => {
    const fetched = serve({
      [FIRST]: () => page([agent("a2", { topAgent: false, uplineId: "a1" })]),
      [`GET ${OPS}/agents/a2`]: () => envelope({ ...detail(), agent: agent("a2", { topAgent: false, uplineId: "a1" }), uplines: [{ accountId: "a1", username: "aga1", accountType: 1, levelsUp: 1 }] }),
      [`GET ${OPS}/agents/a2/settlements?pageNo=1&pageSize=20&sort=newest`]: () => page([]),
      [`POST ${OPS}/members/a2/upline`]: () => refusal("team.move_has_contracts", "Sözleşmesi olan üye taşınamaz.", 409),
    });
    renderPage(["admin"]);
    fireEvent.click(await screen.findByRole("button", { name: "aga2 temsilcisini aç" }));
    expect(await screen.findByText("Bu temsilcinin bir üst temsilcisi var: sözleşmesini o teklif eder.")).toBeTruthy();
    expect(screen.queryByTestId("grant-contract")).toBeNull();
    expect(screen.getByTestId("agent-uplines").textContent).toContain("aga1");
    const move = screen.getByTestId("move-member");
    fireEvent.click(within(move).getByRole("button", { name: "Taşı" }));
    expect(within(move).getByRole("alert").textContent).toBe("İki hesap kimliğini de girin.");
    fireEvent.change(within(move).getByLabelText("Yeni üst temsilcinin hesap kimliği"), { target: { value: "a9" } });
    fireEvent.change(within(move).getByLabelText("Neden (denetim kaydına yazılır)"), { target: { value: "team change" } });
    fireEvent.click(within(move).getByRole("button", { name: "Taşı" }));
    expect((await within(move).findByRole("alert")).textContent).toBe("Sözleşmesi olan üye taşınamaz.");
    expect(calls(fetched, "POST")).toEqual([{ url: `${OPS}/members/a2/upline`, body: { uplineId: "a9", reason: "team change" } }]);
  });
});
