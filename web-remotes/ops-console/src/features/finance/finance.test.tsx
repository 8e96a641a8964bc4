import type { ReactNode } from "react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { AdjustmentRequestRead, DepositRead, DualControlRequestRead, PageRead_RecordRead, WalletSettingsRead } from "@portal/kit";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import type { MockInstance } from "vitest";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { Adjustments } from "./components/Adjustments";
import { Deposits } from "./components/Deposits";
import { DualControl } from "./components/DualControl";
import { Journal } from "./components/Journal";
import { named, recordType, t } from "./texts";

const BASE = "/wps/ops/wallet/merchants/turkeyf2";

function renderPage(page: ReactNode, roles: string[], username = "ayse") {
  const session: OpsSession = { token: "tok", username, roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>{page}</OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refused = (errorCode: string, message: string, status = 400) =>
  new Response(JSON.stringify({ success: false, value: null, errorCode, message }), { status });

type Route = (body: unknown, url: string) => Response;

/** Answer fetch by "METHOD path" (without the query); an unknown call fails the test loudly. */
function serve(routes: Record<string, Route>): MockInstance<typeof fetch> {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const route = routes[`${method} ${url.split("?")[0]}`];
    if (!route) throw new Error(`unexpected call ${method} ${url}`);
    return route(init?.body === undefined ? undefined : JSON.parse(String(init.body)), url);
  });
}

interface Sent {
  url: string;
  body: unknown;
  authorization: string | undefined;
}

function sent(fetched: MockInstance<typeof fetch>, method: string, path: string): Sent[] {
  return fetched.mock.calls
    .filter(([input, init]) => (init?.method ?? "GET") === method && String(input).split("?")[0] === path)
    .map(([input, init]) => ({
      url: String(input),
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
      authorization: (init?.headers as Record<string, string> | undefined)?.["Authorization"],
    }));
}

function row(attribute: string, id: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[${attribute}="${id}"]`);
  if (!found) throw new Error(`no row ${attribute}=${id}`);
  return found;
}

const deposit = (patch: Partial<DepositRead> = {}): DepositRead => ({
  depositId: "d1",
  channel: "BANK_TRANSFER",
  amount: 125050,
  currency: "TRY",
  reference: "REF-1",
  status: "pending",
  reason: null,
  createdAt: "2025-01-02T10:00:00Z",
  decidedAt: null,
  accountId: "acc-1",
  firstApprovedBy: null,
  ...patch,
});

const journalPage = (pageNum: number, totalPages: number): PageRead_RecordRead => ({
  pageNum,
  totalPages,
  total: totalPages * 20,
  list: [
    { id: pageNum, time: "2025-01-02T10:00:00Z", type: "deposit", wallet: "main", amount: 125050, balanceAfter: 300000 + pageNum, currency: "TRY", reference: `line-${pageNum}` },
  ],
});

const adjustmentRequest = (patch: Partial<AdjustmentRequestRead> = {}): AdjustmentRequestRead => ({
  adjustmentId: "a1",
  accountId: "acc-1",
  amount: -500000,
  reason: "chargeback",
  status: "pending",
  requestedBy: "mehmet",
  decidedBy: null,
  createdAt: "2025-01-02T10:00:00Z",
  ...patch,
});

const dualRequest = (patch: Partial<DualControlRequestRead> = {}): DualControlRequestRead => ({
  requestId: "r1",
  before: 100000,
  dualControlAbove: 500000,
  status: "pending",
  requestedBy: "mehmet",
  decidedBy: null,
  reason: null,
  createdAt: "2025-01-02T10:00:00Z",
  decidedAt: null,
  ...patch,
});

const settings = (patch: Partial<WalletSettingsRead> = {}): WalletSettingsRead => ({
  mode: "single",
  isSingle: true,
  vendors: [],
  depositMin: 1000,
  depositMax: 5000000,
  withdrawalMin: 2000,
  withdrawalMax: 2500000,
  confirmMinutes: 30,
  bank: {},
  dualControlAbove: 100000,
  dualControlRequest: null,
  ...patch,
});

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the finance texts", () => {
  it("read their own keys in every language, the shared ones through, and name the wallet's values", () => {
    expect(t("TR", "deposits")).toBe("Yatırım kuyruğu");
    expect(t("EN", "deposits")).toBe("Deposit queue");
    expect(t("CN", "deposits")).toBe("存款队列");
    expect(t("EN", "approve")).toBe("Approve");
    expect(named("EN", "BANK_TRANSFER")).toBe("Bank transfer");
    expect(named("EN", "credited")).toBe("Credited");
    expect(named("EN", "something_new")).toBe("something_new");
    expect(named("EN", "constructor")).toBe("constructor");
    expect(recordType("EN", "bet")).toBe("Bet");
    expect(recordType("EN", "toString")).toBe("toString");
  });
});

/** A list as the server pages it: all of it on one page. */
function onePage<T>(list: T[]) {
  return { pageNum: 1, totalPages: 1, total: list.length, list };
}

describe("the deposit queue", () => {
  it("asks for the brand's pending deposits with the ops token, then by the status and account filtered", async () => {
    const fetched = serve({ [`GET ${BASE}/deposits`]: () => ok(onePage([deposit()])) });
    renderPage(<Deposits />, ["viewer"]);
    expect(await screen.findByText("1,250.50 TRY")).toBeTruthy();
    expect(sent(fetched, "GET", `${BASE}/deposits`)[0]).toMatchObject({ url: `${BASE}/deposits?status=pending&sort=queue&pageNo=1&pageSize=20`, authorization: "tok" });
    fireEvent.change(screen.getByLabelText("Durum"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Hesap kimliği"), { target: { value: " acc-9 " } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "oldest" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    await waitFor(() => expect(sent(fetched, "GET", `${BASE}/deposits`).map((call) => call.url)).toContain(`${BASE}/deposits?accountId=acc-9&sort=oldest&pageNo=1&pageSize=20`));
  });

  it("shows a viewer no decision, and a maker none on a gateway's order or a decided deposit", async () => {
    serve({
      [`GET ${BASE}/deposits`]: () =>
        ok(onePage([deposit(), deposit({ depositId: "d2", channel: "SANDBOX" }), deposit({ depositId: "d3", status: "credited" })])),
    });
    renderPage(<Deposits />, ["viewer"]);
    await screen.findAllByText("1,250.50 TRY");
    expect(screen.queryByRole("button", { name: "Onayla" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reddet" })).toBeNull();
    expect(within(row("data-deposit", "d1")).getByRole("button", { name: "Geçmiş" })).toBeTruthy();
    cleanup();

    renderPage(<Deposits />, ["finance-maker"]);
    await screen.findAllByText("1,250.50 TRY");
    expect(within(row("data-deposit", "d1")).getByRole("button", { name: "Onayla" })).toBeTruthy();
    expect(within(row("data-deposit", "d2")).queryByRole("button", { name: "Onayla" })).toBeNull();
    expect(within(row("data-deposit", "d3")).queryByRole("button", { name: "Reddet" })).toBeNull();
  });

  it("approves a pending bank transfer and says when it waits for a second person", async () => {
    const fetched = serve({
      [`GET ${BASE}/deposits`]: () => ok(onePage([deposit()])),
      [`POST ${BASE}/deposits/d1/approve`]: () => ok(deposit({ firstApprovedBy: "ayse" })),
    });
    renderPage(<Deposits />, ["finance-maker"]);
    fireEvent.click(within(await screen.findByTestId("deposit-queue")).getByRole("button", { name: "Onayla" }));
    expect(await screen.findByText(t("TR", "awaitsSecond"))).toBeTruthy();
    expect(sent(fetched, "POST", `${BASE}/deposits/d1/approve`)).toHaveLength(1);
  });

  it("shows the wallet's refusal as it says it", async () => {
    serve({
      [`GET ${BASE}/deposits`]: () => ok(onePage([deposit({ firstApprovedBy: "ayse" })])),
      [`POST ${BASE}/deposits/d1/approve`]: () => refused("ops.same_person", "İlk adımı atan ikinci adımı atamaz.", 409),
    });
    renderPage(<Deposits />, ["finance-maker"]);
    expect(await screen.findByText("İlk onay: ayse")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Onayla" }));
    expect((await screen.findByRole("alert")).textContent).toBe("İlk adımı atan ikinci adımı atamaz.");
  });

  it("refuses a rejection without a reason before calling, and sends the reason", async () => {
    const fetched = serve({
      [`GET ${BASE}/deposits`]: () => ok(onePage([deposit()])),
      [`POST ${BASE}/deposits/d1/reject`]: () => ok(deposit({ status: "rejected", reason: "no transfer arrived" })),
    });
    renderPage(<Deposits />, ["finance-maker"]);
    fireEvent.click(within(await screen.findByTestId("deposit-queue")).getByRole("button", { name: "Reddet" }));
    fireEvent.change(screen.getByLabelText("Ret gerekçesi"), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Reddi gönder" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bu alan zorunludur.");
    expect(sent(fetched, "POST", `${BASE}/deposits/d1/reject`)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Ret gerekçesi"), { target: { value: " no transfer arrived " } });
    fireEvent.click(screen.getByRole("button", { name: "Reddi gönder" }));
    expect(await screen.findByText("İşlem kaydedildi.")).toBeTruthy();
    expect(sent(fetched, "POST", `${BASE}/deposits/d1/reject`)[0]?.body).toEqual({ reason: "no transfer arrived" });
  });

  it("shows a member's journal below the queue from a row's history", async () => {
    const fetched = serve({
      [`GET ${BASE}/deposits`]: () => ok(onePage([deposit()])),
      [`GET ${BASE}/accounts/acc-1/journal`]: () => ok(journalPage(1, 1)),
    });
    renderPage(<Deposits />, ["viewer"]);
    fireEvent.click(within(await screen.findByTestId("deposit-queue")).getByRole("button", { name: "Geçmiş" }));
    const journal = await screen.findByRole("group", { name: "acc-1 hesabının hareketleri" });
    expect(await within(journal).findByText("line-1")).toBeTruthy();
    expect(sent(fetched, "GET", `${BASE}/accounts/acc-1/journal`)[0]?.url).toBe(`${BASE}/accounts/acc-1/journal?pageNo=1&pageSize=20&sort=newest`);
  });
});

describe("a member's journal", () => {
  it("asks for an account id, then pages through its journal", async () => {
    const fetched = serve({
      [`GET ${BASE}/accounts/acc-7/journal`]: (_body, url) => ok(journalPage(url.includes("pageNo=2") ? 2 : 1, 2)),
    });
    renderPage(<Journal />, ["viewer"]);
    fireEvent.click(screen.getByRole("button", { name: "Göster" }));
    expect(await screen.findByText("Bu alan zorunludur.")).toBeTruthy();
    expect(fetched).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Hesap kimliği"), { target: { value: "acc-7" } });
    fireEvent.click(screen.getByRole("button", { name: "Göster" }));
    expect(await screen.findByText("line-1")).toBeTruthy();
    expect(within(screen.getByTestId("member-journal")).getByText("Yatırım")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sonraki" }));
    expect(await screen.findByText("line-2")).toBeTruthy();
    expect(sent(fetched, "GET", `${BASE}/accounts/acc-7/journal`).map((call) => call.url)).toEqual([
      `${BASE}/accounts/acc-7/journal?pageNo=1&pageSize=20&sort=newest`,
      `${BASE}/accounts/acc-7/journal?pageNo=2&pageSize=20&sort=newest`,
    ]);
  });

  it("asks the wallet for the movement type, the UTC days and the order picked, from the first page", async () => {
    const fetched = serve({
      [`GET ${BASE}/accounts/acc-7/journal`]: (_body, url) => ok(journalPage(url.includes("pageNo=2") ? 2 : 1, 2)),
    });
    renderPage(<Journal />, ["viewer"]);
    fireEvent.change(screen.getByLabelText("Hesap kimliği"), { target: { value: "acc-7" } });
    fireEvent.click(screen.getByRole("button", { name: "Göster" }));
    expect(await screen.findByText("line-1")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Hareket türü"), { target: { value: "withdrawal" } });
    fireEvent.change(screen.getByLabelText("Başlangıç günü (UTC)"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("Bitiş günü (UTC)"), { target: { value: "2026-11-27" } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "oldest" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    await waitFor(() =>
      expect(sent(fetched, "GET", `${BASE}/accounts/acc-7/journal`).map((call) => call.url)).toEqual([
        `${BASE}/accounts/acc-7/journal?pageNo=1&pageSize=20&sort=newest`,
        `${BASE}/accounts/acc-7/journal?pageNo=1&pageSize=20&sort=oldest&type=withdrawal&startDate=2026-11-01&endDate=2026-11-27`,
      ]),
    );
  });
});

describe("balance adjustments", () => {
  it("sends a debit in minor units with its reason, and the same request id again until the wallet accepts it", async () => {
    let answers = 0;
    const fetched = serve({
      [`GET ${BASE}/adjustments`]: () => ok(onePage([])),
      [`POST ${BASE}/accounts/acc-1/adjustments`]: () => {
        answers += 1;
        if (answers === 1) return refused("network.busy", "Sistem meşgul, tekrar deneyin.", 503);
        return ok({ accountId: "acc-1", balance: 0, currency: "TRY", status: "pending", adjustmentId: "a9" });
      },
    });
    renderPage(<Adjustments />, ["finance-maker"]);
    fireEvent.change(screen.getByLabelText("Hesap kimliği"), { target: { value: "acc-1" } });
    fireEvent.change(screen.getByLabelText("Yön"), { target: { value: "debit" } });
    fireEvent.change(screen.getByLabelText("Tutar"), { target: { value: "1,250.5" } });
    fireEvent.change(screen.getByLabelText("Gerekçe"), { target: { value: "chargeback" } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText("Sistem meşgul, tekrar deneyin.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText(t("TR", "adjustmentPending"))).toBeTruthy();

    const [first, second] = sent(fetched, "POST", `${BASE}/accounts/acc-1/adjustments`);
    expect(first?.body).toMatchObject({ amount: -125050, reason: "chargeback" });
    const firstId = (first?.body as { requestId: string }).requestId;
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/);
    expect((second?.body as { requestId: string }).requestId).toBe(firstId);

    // accepted: the next adjustment is a new one
    fireEvent.change(screen.getByLabelText("Tutar"), { target: { value: "10" } });
    fireEvent.change(screen.getByLabelText("Gerekçe"), { target: { value: "goodwill" } });
    fireEvent.change(screen.getByLabelText("Yön"), { target: { value: "credit" } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    await waitFor(() => expect(sent(fetched, "POST", `${BASE}/accounts/acc-1/adjustments`)).toHaveLength(3));
    const third = sent(fetched, "POST", `${BASE}/accounts/acc-1/adjustments`)[2]?.body as { amount: number; requestId: string };
    expect(third.amount).toBe(1000);
    expect(third.requestId).not.toBe(firstId);
  });

  it("refuses an amount that is no money, or a missing reason, before calling", async () => {
    const fetched = serve({ [`GET ${BASE}/adjustments`]: () => ok(onePage([])) });
    renderPage(<Adjustments />, ["finance-maker"]);
    fireEvent.change(screen.getByLabelText("Hesap kimliği"), { target: { value: "acc-1" } });
    fireEvent.change(screen.getByLabelText("Tutar"), { target: { value: "12.345" } });
    fireEvent.change(screen.getByLabelText("Gerekçe"), { target: { value: "typo" } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText(t("TR", "amountInvalid"))).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Tutar"), { target: { value: "12.34" } });
    fireEvent.change(screen.getByLabelText("Gerekçe"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText("Bu alan zorunludur.")).toBeTruthy();
    expect(sent(fetched, "POST", `${BASE}/accounts/acc-1/adjustments`)).toHaveLength(0);
  });

  it("lets a checker approve, and shows the wallet refusing the maker approving their own", async () => {
    const fetched = serve({
      [`GET ${BASE}/adjustments`]: () => ok(onePage([adjustmentRequest({ requestedBy: "ayse" })])),
      [`POST ${BASE}/adjustments/a1/approve`]: () => refused("ops.same_person", "Talebi açan kişi onaylayamaz.", 409),
    });
    renderPage(<Adjustments />, ["finance-checker"]);
    expect(await screen.findByText("-5,000.00")).toBeTruthy();
    expect(sent(fetched, "GET", `${BASE}/adjustments`)[0]?.url).toBe(`${BASE}/adjustments?pageNo=1&pageSize=20&sort=newest&status=pending`);
    // a checker who is no maker sees no form
    expect(screen.queryByRole("button", { name: "Gönder" })).toBeNull();
    fireEvent.click(within(row("data-adjustment", "a1")).getByRole("button", { name: "Onayla" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Talebi açan kişi onaylayamaz.");
    expect(sent(fetched, "POST", `${BASE}/adjustments/a1/approve`)[0]?.body).toEqual({});
  });

  it("refuses a checker's rejection without a reason before calling, and sends the reason", async () => {
    const fetched = serve({
      [`GET ${BASE}/adjustments`]: () => ok(onePage([adjustmentRequest()])),
      [`POST ${BASE}/adjustments/a1/reject`]: () => ok(adjustmentRequest({ status: "rejected", decidedBy: "ayse" })),
    });
    renderPage(<Adjustments />, ["finance-checker"]);
    fireEvent.click(within(await screen.findByTestId("adjustment-requests")).getByRole("button", { name: "Reddet" }));
    fireEvent.click(screen.getByRole("button", { name: "Reddi gönder" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bu alan zorunludur.");
    expect(sent(fetched, "POST", `${BASE}/adjustments/a1/reject`)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Ret gerekçesi"), { target: { value: "no evidence" } });
    fireEvent.click(screen.getByRole("button", { name: "Reddi gönder" }));
    expect(await screen.findByText("İşlem kaydedildi.")).toBeTruthy();
    expect(sent(fetched, "POST", `${BASE}/adjustments/a1/reject`)[0]?.body).toEqual({ reason: "no evidence" });
  });

  it("shows a maker the form but no decision, and a viewer neither; the status filter asks again", async () => {
    const fetched = serve({ [`GET ${BASE}/adjustments`]: () => ok(onePage([adjustmentRequest()])) });
    renderPage(<Adjustments />, ["finance-maker"]);
    await screen.findByTestId("adjustment-requests");
    expect(screen.getByRole("button", { name: "Gönder" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Onayla" })).toBeNull();
    cleanup();

    renderPage(<Adjustments />, ["viewer"]);
    await screen.findByTestId("adjustment-requests");
    expect(screen.queryByRole("button", { name: "Gönder" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Onayla" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Durum"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    await waitFor(() => expect(sent(fetched, "GET", `${BASE}/adjustments`).map((call) => call.url)).toContain(`${BASE}/adjustments?pageNo=1&pageSize=20&sort=newest`));
  });

  it("asks the server for the member, the maker and the order picked, and pages with the kit's pager", async () => {
    const fetched = serve({
      [`GET ${BASE}/adjustments`]: (_body, url) =>
        ok(url.includes("pageNo=2") ? { pageNum: 2, totalPages: 2, total: 21, list: [adjustmentRequest({ adjustmentId: "a21", reason: "on page two" })] } : { pageNum: 1, totalPages: 2, total: 21, list: [adjustmentRequest()] }),
    });
    renderPage(<Adjustments />, ["viewer"]);
    await screen.findByTestId("adjustment-requests");
    expect(screen.getByText("Toplam 21 kayıt")).toBeTruthy();
    const pager = screen.getByRole("navigation", { name: "Düzeltme talepleri" });
    fireEvent.click(within(pager).getByRole("button", { name: "Sonraki" }));
    expect(await screen.findByText("on page two")).toBeTruthy();
    const form = screen.getByRole("form", { name: "Filtrele" });
    fireEvent.change(within(form).getByLabelText("Durum"), { target: { value: "approved" } });
    fireEvent.change(within(form).getByLabelText("Üyenin hesap kimliği"), { target: { value: " acc-9 " } });
    fireEvent.change(within(form).getByLabelText("Talep edenin adı"), { target: { value: "mehmet" } });
    fireEvent.change(within(form).getByLabelText("Sıralama"), { target: { value: "oldest" } });
    fireEvent.click(within(form).getByRole("button", { name: "Filtrele" }));
    await waitFor(() => expect(sent(fetched, "GET", `${BASE}/adjustments`)).toHaveLength(3));
    expect(sent(fetched, "GET", `${BASE}/adjustments`).map((call) => call.url)).toEqual([
      `${BASE}/adjustments?pageNo=1&pageSize=20&sort=newest&status=pending`,
      `${BASE}/adjustments?pageNo=2&pageSize=20&sort=newest&status=pending`,
      `${BASE}/adjustments?pageNo=1&pageSize=20&sort=oldest&status=approved&accountId=acc-9&requestedBy=mehmet`,
    ]);
  });
});

describe("the second-person amount", () => {
  it("shows a viewer the settings and the requests, with no form and no decision", async () => {
    const fetched = serve({
      [`GET ${BASE}/settings`]: () => ok(settings({ dualControlRequest: dualRequest() })),
      [`GET ${BASE}/settings/dual-control`]: () => ok(onePage([dualRequest()])),
    });
    renderPage(<DualControl />, ["viewer"]);
    const shown = await screen.findByTestId("wallet-settings");
    expect(within(shown).getByText("1,000.00")).toBeTruthy();
    expect(within(shown).getByText("Tek cüzdan")).toBeTruthy();
    expect(screen.getByText("Onay bekleyen artış: 1,000.00 → 5,000.00 (mehmet)")).toBeTruthy();
    await screen.findByTestId("dual-control-requests");
    expect(sent(fetched, "GET", `${BASE}/settings/dual-control`)[0]?.url).toBe(`${BASE}/settings/dual-control?pageNo=1&pageSize=20&sort=newest&status=pending`);
    expect(screen.queryByRole("button", { name: "Öner" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Onayla" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Reddet" })).toBeNull();
    expect(screen.getByText("Toplam 1 kayıt")).toBeTruthy();
    const form = screen.getByRole("form", { name: "Filtrele" });
    fireEvent.change(within(form).getByLabelText("Durum"), { target: { value: "" } });
    fireEvent.change(within(form).getByLabelText("Talep edenin adı"), { target: { value: "mehmet" } });
    fireEvent.change(within(form).getByLabelText("Sıralama"), { target: { value: "oldest" } });
    fireEvent.click(within(form).getByRole("button", { name: "Filtrele" }));
    await waitFor(() => expect(sent(fetched, "GET", `${BASE}/settings/dual-control`)).toHaveLength(2));
    expect(sent(fetched, "GET", `${BASE}/settings/dual-control`)[1]?.url).toBe(`${BASE}/settings/dual-control?pageNo=1&pageSize=20&sort=oldest&requestedBy=mehmet`);
  });

  it("lets an admin propose a raise in minor units, and says it waits for another admin", async () => {
    const fetched = serve({
      [`GET ${BASE}/settings`]: () => ok(settings()),
      [`GET ${BASE}/settings/dual-control`]: () => ok(onePage([])),
      [`PUT ${BASE}/settings`]: () => ok(settings({ dualControlRequest: dualRequest({ requestedBy: "ayse" }) })),
    });
    renderPage(<DualControl />, ["admin"]);
    await screen.findByTestId("wallet-settings");
    fireEvent.change(screen.getByLabelText("Yeni çift onay sınırı"), { target: { value: "5,000" } });
    fireEvent.click(screen.getByRole("button", { name: "Öner" }));
    expect(await screen.findByText(t("TR", "raiseAsked"))).toBeTruthy();
    expect(sent(fetched, "PUT", `${BASE}/settings`)[0]?.body).toEqual({ dualControlAbove: 500000 });
  });

  it("says a lowering applies at once", async () => {
    serve({
      [`GET ${BASE}/settings`]: () => ok(settings()),
      [`GET ${BASE}/settings/dual-control`]: () => ok(onePage([])),
      [`PUT ${BASE}/settings`]: () => ok(settings({ dualControlAbove: 50000 })),
    });
    renderPage(<DualControl />, ["admin"]);
    await screen.findByTestId("wallet-settings");
    fireEvent.change(screen.getByLabelText("Yeni çift onay sınırı"), { target: { value: "500" } });
    fireEvent.click(screen.getByRole("button", { name: "Öner" }));
    expect(await screen.findByText(t("TR", "applied"))).toBeTruthy();
  });

  it("shows the wallet refusing an admin approving their own request, whose rejection is a withdrawal with a reason", async () => {
    const fetched = serve({
      [`GET ${BASE}/settings`]: () => ok(settings()),
      [`GET ${BASE}/settings/dual-control`]: () => ok(onePage([dualRequest({ requestedBy: "ayse" })])),
      [`POST ${BASE}/settings/dual-control/r1/approve`]: () => refused("ops.request.own", "Kendi isteğinizi onaylayamazsınız.", 409),
      [`POST ${BASE}/settings/dual-control/r1/reject`]: () => ok(dualRequest({ status: "rejected", reason: "typo" })),
    });
    renderPage(<DualControl />, ["admin"]);
    const requests = await screen.findByTestId("dual-control-requests");
    fireEvent.click(within(requests).getByRole("button", { name: "Onayla" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Kendi isteğinizi onaylayamazsınız.");
    expect(sent(fetched, "POST", `${BASE}/settings/dual-control/r1/approve`)).toHaveLength(1);

    fireEvent.click(within(requests).getByRole("button", { name: "Geri çek" }));
    fireEvent.click(screen.getByRole("button", { name: "Reddi gönder" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bu alan zorunludur.");
    expect(sent(fetched, "POST", `${BASE}/settings/dual-control/r1/reject`)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Ret gerekçesi"), { target: { value: "typo" } });
    fireEvent.click(screen.getByRole("button", { name: "Reddi gönder" }));
    expect(await screen.findByText("İşlem kaydedildi.")).toBeTruthy();
    expect(sent(fetched, "POST", `${BASE}/settings/dual-control/r1/reject`)[0]?.body).toEqual({ reason: "typo" });
  });

  it("lets a second admin approve another's raise", async () => {
    const fetched = serve({
      [`GET ${BASE}/settings`]: () => ok(settings()),
      [`GET ${BASE}/settings/dual-control`]: () => ok(onePage([dualRequest()])),
      [`POST ${BASE}/settings/dual-control/r1/approve`]: () => ok(dualRequest({ status: "approved", decidedBy: "ayse" })),
    });
    renderPage(<DualControl />, ["admin"]);
    const requests = await screen.findByTestId("dual-control-requests");
    expect(within(requests).getByRole("button", { name: "Reddet" })).toBeTruthy();
    fireEvent.click(within(requests).getByRole("button", { name: "Onayla" }));
    expect(await screen.findByText("İşlem kaydedildi.")).toBeTruthy();
    expect(sent(fetched, "POST", `${BASE}/settings/dual-control/r1/approve`)[0]?.body).toEqual({});
    // the settings are read again, since the approved raise applies now
    await waitFor(() => expect(sent(fetched, "GET", `${BASE}/settings`).length).toBeGreaterThan(1));
  });
});
