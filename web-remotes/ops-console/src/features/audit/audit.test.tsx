import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { Audit, PAGE_SIZE, splitDetail } from "./components/Audit";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });

const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });
const paged = (list: unknown[], pageNum: number, totalPages: number, total: number) => envelope({ pageNum, totalPages, total, list });

const authRow = (n: number) => ({ actor: "mehmet", action: "account.status", target: `acc-${n}`, before: { status: "active" }, after: { status: "disabled" }, ip: null, at: "2026-11-20T10:00:00Z" });

function serve(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    return answer ? answer() : refusal("unknown", `unexpected ${name}`, 500);
  });
}

const urls = (fetched: ReturnType<typeof serve>) => fetched.mock.calls.map(([url]) => String(url));

function renderPage(roles: string[]) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <Audit />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cells = (row: Element | null | undefined) => [...(row?.querySelectorAll("td") ?? [])].map((cell) => cell.textContent);

describe("the audit log", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("opens on auth's log of the brand, for a viewer too: who, what, target, before, after", async () => {
    const fetched = serve({ "GET /wps/ops/auth/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest": () => paged([authRow(1)], 1, 1, 1) });
    renderPage(["viewer"]);
    const table = await screen.findByTestId("audit-log");
    expect(cells(table.querySelector("tbody tr")).slice(0, 5)).toEqual(["mehmet", "account.status", "acc-1", '{"status":"active"}', '{"status":"disabled"}']);
    expect(urls(fetched)).toEqual(["/wps/ops/auth/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest"]);
    expect(screen.getByRole("tab", { name: "Hesaplar ve ekip" }).getAttribute("aria-selected")).toBe("true");
    // a log has nothing to press but its tabs, its pages and refresh
    expect(within(table).queryByRole("button")).toBeNull();
  });

  it("pages auth's log with the kit's pager and its total", async () => {
    const fetched = serve({
      "GET /wps/ops/auth/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest": () => paged(Array.from({ length: PAGE_SIZE }, (_, n) => authRow(n)), 1, 2, 51),
      "GET /wps/ops/auth/merchants/turkeyf2/audit?pageNo=2&pageSize=50&sort=newest": () => paged([authRow(99)], 2, 2, 51),
    });
    renderPage(["viewer"]);
    await screen.findByText("acc-0");
    expect(screen.getByText("Toplam 51 kayıt")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sonraki" }));
    expect(await screen.findByText("acc-99")).toBeTruthy();
    expect(screen.getByText("2 / 2")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Sonraki" }) as HTMLButtonElement).disabled).toBe(true);
    expect(urls(fetched)[1]).toBe("/wps/ops/auth/merchants/turkeyf2/audit?pageNo=2&pageSize=50&sort=newest");
  });

  it("asks the service for the log filtered by actor, action and UTC days, oldest first, from page 1 again", async () => {
    const filtered = "/wps/ops/auth/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=oldest&actor=mehmet&action=account.&from=2026-11-01&to=2026-11-20";
    const fetched = serve({
      "GET /wps/ops/auth/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest": () => paged([authRow(1)], 1, 3, 120),
      "GET /wps/ops/auth/merchants/turkeyf2/audit?pageNo=2&pageSize=50&sort=newest": () => paged([authRow(2)], 2, 3, 120),
      [`GET ${filtered}`]: () => paged([authRow(7)], 1, 1, 1),
      "GET /wps/ops/auth/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest&from=2026-11-20&to=2026-11-01": () =>
        refusal("validation.failed", "Geçersiz alan: to. not before from", 400),
    });
    renderPage(["viewer"]);
    await screen.findByText("acc-1");
    fireEvent.click(screen.getByRole("button", { name: "Sonraki" }));
    await screen.findByText("acc-2");
    fireEvent.change(screen.getByLabelText("Kim"), { target: { value: " mehmet " } });
    fireEvent.change(screen.getByLabelText("İşlem"), { target: { value: "account." } });
    fireEvent.change(screen.getByLabelText("Başlangıç (UTC)"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("Bitiş (UTC)"), { target: { value: "2026-11-20" } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "oldest" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    expect(await screen.findByText("acc-7")).toBeTruthy();
    expect(screen.getByText("Toplam 1 kayıt")).toBeTruthy();
    expect(urls(fetched)[2]).toBe(filtered);

    // a range the service refuses: its envelope's message is shown
    fireEvent.change(screen.getByLabelText("Kim"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("İşlem"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Başlangıç (UTC)"), { target: { value: "2026-11-20" } });
    fireEvent.change(screen.getByLabelText("Bitiş (UTC)"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "newest" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Geçersiz alan: to. not before from");
  });

  it("reads the site's log with the kit's pager, splitting a change's detail into before and after", async () => {
    const change = { actor: "content1", action: "banners.update", detail: { before: { active: true }, after: { active: false }, id: 7 }, at: "2026-11-20T10:00:00Z" };
    const creation = { actor: "content1", action: "banners.create", detail: { url: "a.png" }, at: "2026-11-19T10:00:00Z" };
    const fetched = serve({
      "GET /wps/ops/auth/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest": () => paged([], 1, 0, 0),
      "GET /wps/ops/site/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest": () => paged([change, creation], 1, 3, 102),
      "GET /wps/ops/site/merchants/turkeyf2/audit?pageNo=2&pageSize=50&sort=newest": () => paged([creation], 2, 3, 102),
    });
    renderPage(["content"]);
    expect(await screen.findByText("Bu sayfada kayıt yok.")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Site ve içerik" }));
    const table = await screen.findByTestId("audit-log");
    const rows = table.querySelectorAll("tbody tr");
    expect(cells(rows[0]).slice(0, 5)).toEqual(["content1", "banners.update", "7", '{"active":true}', '{"active":false}']);
    expect(cells(rows[1]).slice(0, 5)).toEqual(["content1", "banners.create", "—", "—", '{"url":"a.png"}']);
    expect(screen.getByText("1 / 3")).toBeTruthy();
    expect(screen.getByText("Toplam 102 kayıt")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sonraki" }));
    expect(await screen.findByText("2 / 3")).toBeTruthy();
    expect(urls(fetched)).toContain("/wps/ops/site/merchants/turkeyf2/audit?pageNo=2&pageSize=50&sort=newest");
  });

  it("calls each service's log: wallet, notifications, agent contracts of the brand, the lottery's of every brand", async () => {
    const fetched = serve({
      "GET /wps/ops/auth/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest": () => paged([], 1, 0, 0),
      "GET /wps/ops/wallet/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest": () =>
        paged([{ actor: "fin1", action: "settings.change", target: "turkeyf2", reason: "yeni limit", detail: { before: { max: 1 }, after: { max: 2 } }, at: "2026-11-20T10:00:00Z" }], 1, 1, 1),
      "GET /wps/ops/notifications/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest": () =>
        paged([{ actor: "content1", action: "broadcast.send", target: "all", before: {}, after: { title: "Merhaba" }, at: "2026-11-20T10:00:00Z" }], 1, 1, 1),
      "GET /wps/ops/lottery/audit?pageNo=1&pageSize=50&sort=newest": () => refusal("access.denied", "Bu kayıt için tüm markalarda rol gerekir.", 403),
      "GET /wps/ops/agent-contracts/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest": () =>
        paged([{ id: 1, merchant: "turkeyf2", actor: "adm", action: "contract.grant", target: "acc-5", reason: null, before: null, after: { rate: 0.1 }, at: "2026-11-20T10:00:00Z" }], 1, 1, 1),
    });
    renderPage(["viewer"]);
    await screen.findByText("Bu sayfada kayıt yok.");

    fireEvent.click(screen.getByRole("tab", { name: "Cüzdan" }));
    const wallet = await screen.findByTestId("audit-log");
    expect(cells(wallet.querySelector("tbody tr")).slice(0, 5)).toEqual(["fin1", "settings.changeyeni limit", "turkeyf2", '{"max":1}', '{"max":2}']);

    fireEvent.click(screen.getByRole("tab", { name: "Bildirimler" }));
    expect(await screen.findByText("broadcast.send")).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Piyango" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bu kayıt için tüm markalarda rol gerekir.");
    expect(screen.getByText(/Piyango çekilişleri tüm markaların ortak kaydıdır/)).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Acente sözleşmeleri" }));
    expect(await screen.findByText("contract.grant")).toBeTruthy();

    expect(urls(fetched)).toEqual([
      "/wps/ops/auth/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest",
      "/wps/ops/wallet/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest",
      "/wps/ops/notifications/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest",
      "/wps/ops/lottery/audit?pageNo=1&pageSize=50&sort=newest",
      "/wps/ops/agent-contracts/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest",
    ]);
  });

  it("reads the points service's log of the brand: rules and mall changes with their reason", async () => {
    const fetched = serve({
      "GET /wps/ops/auth/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest": () => paged([], 1, 0, 0),
      "GET /wps/ops/points/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest": () =>
        paged([{ id: 3, merchant: "turkeyf2", actor: "root", action: "points.rule.change", target: "DEPOSIT", reason: "kampanya", before: { ratio: 1 }, after: { ratio: 2 }, ip: null, at: "2026-11-20T10:00:00Z" }], 1, 1, 1),
    });
    renderPage(["content"]);
    await screen.findByText("Bu sayfada kayıt yok.");
    fireEvent.click(screen.getByRole("tab", { name: "Puanlar ve market" }));
    const log = await screen.findByTestId("audit-log");
    expect(cells(log.querySelector("tbody tr")).slice(0, 5)).toEqual(["root", "points.rule.changekampanya", "DEPOSIT", '{"ratio":1}', '{"ratio":2}']);
    expect(urls(fetched)).toContain("/wps/ops/points/merchants/turkeyf2/audit?pageNo=1&pageSize=50&sort=newest");
    expect(screen.getByRole("form", { name: "Filtrele" })).toBeTruthy();
  });

  it("reads a detail without a change as what was done", () => {
    expect(splitDetail({ amount: 5 })).toEqual({ before: null, after: { amount: 5 }, id: undefined });
    expect(splitDetail({ before: { a: 1 } })).toEqual({ before: { a: 1 }, after: null, id: undefined });
  });
});
