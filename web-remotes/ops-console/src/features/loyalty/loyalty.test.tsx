import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { EMPTY, Mall, itemBody, stockChange } from "./components/Mall";
import { draftOf } from "./components/mallItem";
import { PointRules, ruleBody } from "./components/PointRules";
import { Redemptions } from "./components/Redemptions";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });
const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const page = (list: unknown[], totalPages = 1) => envelope({ pageNum: 1, totalPages, total: list.length, list });
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });

const BASE = "/wps/ops/points/merchants/turkeyf2";

function serve(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    return answer ? answer() : refusal("unknown", `unexpected ${name}`, 500);
  });
}

const writes = (fetched: ReturnType<typeof serve>) =>
  fetched.mock.calls.filter(([, init]) => init?.method && init.method !== "GET").map(([url, init]) => ({ method: init?.method, url: String(url), body: JSON.parse(String(init?.body ?? "null")) as unknown }));

function renderPage(roles: string[], page: ReactNode) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>{page}</OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cells = (row: Element | null | undefined) => [...(row?.querySelectorAll("th, td") ?? [])].map((cell) => cell.textContent);

const RULES = ["LIVE", "LOTTERY", "CARD", "SLOT", "SPORTS", "DEPOSIT"].map((pointType) => ({ pointType, bettingUnit: 10_000, ratio: 1, enabled: pointType !== "CARD" }));

describe("the points rules page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a viewer each type's betting unit in money, its ratio and state, read only", async () => {
    serve({ [`GET ${BASE}/rules`]: () => envelope(RULES) });
    renderPage(["viewer"], <PointRules />);
    const table = await screen.findByTestId("point-rules");
    const rows = table.querySelectorAll("tbody tr");
    expect(rows).toHaveLength(6);
    expect(cells(rows[0])).toEqual(["Canlı casino", "100.00", "1", "Açık"]);
    expect(cells(rows[2])).toEqual(["Kart oyunları", "100.00", "1", "Kapalı"]);
    expect(within(table).queryByRole("button")).toBeNull();
    expect(screen.getByText("Puan kurallarını yalnızca markanın yöneticisi değiştirebilir.")).toBeTruthy();
  });

  it("lets an admin change a type's rule in money, sent in minor units with a reason; a blank reason never calls", async () => {
    let listed = RULES;
    const fetched = serve({
      [`GET ${BASE}/rules`]: () => envelope(listed),
      [`PUT ${BASE}/rules/DEPOSIT`]: () => {
        listed = RULES.map((rule) => (rule.pointType === "DEPOSIT" ? { ...rule, bettingUnit: 15_050, ratio: 2 } : rule));
        return envelope({ pointType: "DEPOSIT", bettingUnit: 15_050, ratio: 2, enabled: true });
      },
    });
    renderPage(["admin"], <PointRules />);
    fireEvent.click(await screen.findByRole("button", { name: "Düzenle: Yatırım" }));
    const form = screen.getByRole("form", { name: "Yatırım kuralını düzenle" });
    expect((within(form).getByLabelText("Birim tutar") as HTMLInputElement).value).toBe("100.00");
    fireEvent.change(within(form).getByLabelText("Birim tutar"), { target: { value: "150.50" } });
    fireEvent.change(within(form).getByLabelText("Birim başına puan"), { target: { value: "2" } });
    fireEvent.click(within(form).getByRole("button", { name: "Kaydet" }));
    expect(within(form).getByRole("alert").textContent).toBe("Bu alan zorunludur.");
    expect(writes(fetched)).toEqual([]);
    fireEvent.change(within(form).getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: " kampanya " } });
    fireEvent.click(within(form).getByRole("button", { name: "Kaydet" }));
    expect(await screen.findByText("Kaydedildi.")).toBeTruthy();
    expect(writes(fetched)).toEqual([{ method: "PUT", url: `${BASE}/rules/DEPOSIT`, body: { bettingUnit: 15_050, ratio: 2, enabled: true, reason: "kampanya" } }]);
    expect(screen.queryByRole("form")).toBeNull();
    expect(await screen.findByText("150.50")).toBeTruthy();
  });

  it("shows the service's refusal as it words it", async () => {
    serve({
      [`GET ${BASE}/rules`]: () => envelope(RULES),
      [`PUT ${BASE}/rules/LIVE`]: () => refusal("ops.role_required", "Bu işlem için yönetici rolü gerekir.", 403),
    });
    renderPage(["admin"], <PointRules />);
    fireEvent.click(await screen.findByRole("button", { name: "Düzenle: Canlı casino" }));
    fireEvent.change(screen.getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: "deneme" } });
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bu işlem için yönetici rolü gerekir.");
  });

  it("checks a rule as the service does: a unit of 0.01 to 1,000,000.00, a whole ratio, a reason", () => {
    const draft = { unit: "100.00", ratio: "1", enabled: false, reason: "r" };
    expect(ruleBody(draft)).toEqual({ bettingUnit: 10_000, ratio: 1, enabled: false, reason: "r" });
    expect(ruleBody({ ...draft, unit: "0" })).toBe("unitInvalid");
    expect(ruleBody({ ...draft, unit: "1000000.01" })).toBe("unitInvalid");
    expect(ruleBody({ ...draft, unit: "1,000,000.00" })).toMatchObject({ bettingUnit: 100_000_000 });
    expect(ruleBody({ ...draft, ratio: "1.5" })).toBe("ratioInvalid");
    expect(ruleBody({ ...draft, ratio: "1000001" })).toBe("ratioInvalid");
    expect(ruleBody({ ...draft, ratio: "0" })).toMatchObject({ ratio: 0 });
  });
});

const item = (itemId: number, patch: Record<string, unknown> = {}) => ({
  itemId, name: `Kupa ${itemId}`, names: { TR: `Kupa ${itemId}`, EN: `Mug ${itemId}` }, picture: `/images/mall/${itemId}.webp`, points: 2, money: 0, stock: 5, active: true, sort: itemId, ...patch,
});

describe("the points mall page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows every item with its picture, names, points, stock and state; read only to a finance person", async () => {
    serve({ [`GET ${BASE}/mall/items?pageNo=1&pageSize=50&sort=display`]: () => page([item(1), item(2, { stock: 0, active: false, money: 2_550 })]) /* the server orders */ });
    renderPage(["finance-maker"], <Mall />);
    const table = await screen.findByTestId("mall-items");
    const rows = table.querySelectorAll("tbody tr");
    expect(cells(table.querySelector("thead tr"))).toEqual(["Görsel", "Ad", "Puan", "Para", "Stok", "Sıra", "Durum"]);
    expect(cells(rows[0])).toEqual(["", "Kupa 1TR: Kupa 1 · EN: Mug 1", "2", "—", "5", "1", "Satışta"]);
    expect(cells(rows[1])).toEqual(["", "Kupa 2TR: Kupa 2 · EN: Mug 2", "2", "25.50", "0Tükendi", "2", "Kapalı"]);
    expect(rows[0]?.querySelector("img")?.getAttribute("src")).toBe("/images/mall/1.webp");
    expect(within(table).queryByRole("button")).toBeNull();
    expect(screen.queryAllByRole("form").map((form) => form.getAttribute("aria-label"))).toEqual(["Filtrele"]); // the filter only
    expect(screen.getByText("Marketi yalnızca içerik rolü (veya yönetici) değiştirebilir.")).toBeTruthy();
  });

  it("asks the service for the items on sale named with some words, newest first, and pages", async () => {
    const wanted = `${BASE}/mall/items?pageNo=1&pageSize=50&sort=newest&active=true&text=kupa`;
    const fetched = serve({
      [`GET ${BASE}/mall/items?pageNo=1&pageSize=50&sort=display`]: () => page([item(1), item(2)]),
      [`GET ${wanted}`]: () => envelope({ pageNum: 1, totalPages: 2, total: 51, list: [item(2)] }),
      [`GET ${BASE}/mall/items?pageNo=2&pageSize=50&sort=newest&active=true&text=kupa`]: () => envelope({ pageNum: 2, totalPages: 2, total: 51, list: [item(1)] }),
    });
    renderPage(["viewer"], <Mall />);
    await screen.findByTestId("mall-items");
    fireEvent.change(screen.getByLabelText("Adında geçen"), { target: { value: " kupa " } });
    fireEvent.change(screen.getByLabelText("Yayına göre"), { target: { value: "true" } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "newest" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    await waitFor(() => expect(fetched.mock.calls.map(([url]) => String(url))).toContain(wanted));
    fireEvent.click(await screen.findByRole("button", { name: "Sonraki" }));
    await waitFor(() => expect(fetched.mock.calls.map(([url]) => String(url))).toContain(`${BASE}/mall/items?pageNo=2&pageSize=50&sort=newest&active=true&text=kupa`));
  });

  it("lets a content editor add an item with its stock, checking the Turkish name before calling", async () => {
    let listed: unknown[] = [];
    const fetched = serve({
      [`GET ${BASE}/mall/items?pageNo=1&pageSize=50&sort=display`]: () => page(listed),
      [`POST ${BASE}/mall/items`]: () => {
        listed = [item(7)];
        return envelope(item(7));
      },
    });
    renderPage(["content"], <Mall />);
    const form = await screen.findByRole("form", { name: "Ürün ekle" });
    fireEvent.change(within(form).getByLabelText("Ad (EN)"), { target: { value: "Mug" } });
    fireEvent.click(within(form).getByRole("button", { name: "Ekle" }));
    expect(within(form).getByRole("alert").textContent).toBe("Türkçe (TR) ad zorunludur.");
    fireEvent.change(within(form).getByLabelText("Ad (TR)"), { target: { value: "Kupa" } });
    fireEvent.change(within(form).getByLabelText("Görsel adresi"), { target: { value: "/images/mall/mug.webp" } });
    fireEvent.change(within(form).getByLabelText("Puan"), { target: { value: "2" } });
    fireEvent.change(within(form).getByLabelText("Başlangıç stoku"), { target: { value: "10" } });
    fireEvent.change(within(form).getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: "yeni ürün" } });
    fireEvent.change(within(form).getByLabelText("Para (ör. 25.00; boş: yalnız puan)"), { target: { value: "25.5.0" } });
    fireEvent.click(within(form).getByRole("button", { name: "Ekle" }));
    expect(within(form).getByRole("alert").textContent).toBe("Para 0.00 ile 1,000,000.00 arasında, en fazla 2 ondalıklı bir tutardır.");
    fireEvent.change(within(form).getByLabelText("Para (ör. 25.00; boş: yalnız puan)"), { target: { value: "1,025.5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Ekle" }));
    expect(await screen.findByText("Ürün eklendi.")).toBeTruthy();
    expect(writes(fetched)).toEqual([
      { method: "POST", url: `${BASE}/mall/items`, body: { names: { TR: "Kupa", EN: "Mug" }, picture: "/images/mall/mug.webp", points: 2, money: 102_550, active: true, sort: 0, reason: "yeni ürün", stock: 10 } },
    ]);
    expect(await screen.findByTestId("mall-items")).toBeTruthy();
  });

  it("edits an item in place without its stock, and changes the stock by a signed amount", async () => {
    const fetched = serve({
      [`GET ${BASE}/mall/items?pageNo=1&pageSize=50&sort=display`]: () => page([item(1, { money: 2_500 })]),
      [`PUT ${BASE}/mall/items/1`]: () => envelope(item(1, { points: 3 })),
      [`POST ${BASE}/mall/items/1/stock`]: () => envelope(item(1, { stock: 2 })),
    });
    renderPage(["content"], <Mall />);
    fireEvent.click(await screen.findByRole("button", { name: "Düzenle: Kupa 1" }));
    const form = screen.getByRole("form", { name: "Ürün #1 düzenleniyor" });
    expect(within(form).queryByLabelText("Başlangıç stoku")).toBeNull();
    const money = within(form).getByLabelText("Para (ör. 25.00; boş: yalnız puan)") as HTMLInputElement;
    expect(money.value).toBe("25.00");
    fireEvent.change(money, { target: { value: "" } }); // back to points only
    fireEvent.change(within(form).getByLabelText("Puan"), { target: { value: "3" } });
    fireEvent.change(within(form).getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: "fiyat" } });
    fireEvent.click(within(form).getByRole("button", { name: "Kaydet" }));
    expect(await screen.findByText("Ürün kaydedildi.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Stok değiştir: Kupa 1" }));
    const stock = screen.getByRole("form", { name: "Kupa 1 stoku (şu an 5)" });
    fireEvent.change(within(stock).getByLabelText("Değişiklik (+ ekler, - düşer)"), { target: { value: "0" } });
    fireEvent.click(within(stock).getByRole("button", { name: "Uygula" }));
    expect(within(stock).getByRole("alert").textContent).toMatch(/sıfır olmayan/);
    fireEvent.change(within(stock).getByLabelText("Değişiklik (+ ekler, - düşer)"), { target: { value: "-3" } });
    fireEvent.change(within(stock).getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: "kırık" } });
    fireEvent.click(within(stock).getByRole("button", { name: "Uygula" }));
    expect(await screen.findByText("Stok değişti; şimdi 2.")).toBeTruthy();
    expect(writes(fetched)).toEqual([
      { method: "PUT", url: `${BASE}/mall/items/1`, body: { names: { TR: "Kupa 1", EN: "Mug 1" }, picture: "/images/mall/1.webp", points: 3, money: 0, active: true, sort: 1, reason: "fiyat" } },
      { method: "POST", url: `${BASE}/mall/items/1/stock`, body: { change: -3, reason: "kırık" } },
    ]);
  });

  it("shows a stock change the service refuses as it words it", async () => {
    serve({
      [`GET ${BASE}/mall/items?pageNo=1&pageSize=50&sort=display`]: () => page([item(1)]),
      [`POST ${BASE}/mall/items/1/stock`]: () => refusal("mall.stock_negative", "Stok sıfırın altına inemez.", 409),
    });
    renderPage(["admin"], <Mall />);
    fireEvent.click(await screen.findByRole("button", { name: "Stok değiştir: Kupa 1" }));
    fireEvent.change(screen.getByLabelText("Değişiklik (+ ekler, - düşer)"), { target: { value: "-9" } });
    fireEvent.change(screen.getAllByLabelText("Gerekçe (denetim kaydına yazılır)")[0] as HTMLElement, { target: { value: "sayım" } });
    fireEvent.click(screen.getByRole("button", { name: "Uygula" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Stok sıfırın altına inemez.");
  });

  it("checks an item as the service does", () => {
    const draft = { ...EMPTY, names: { TR: " Kupa ", EN: "", CN: "杯" }, picture: "https://cdn.example.com/mug.png", points: "5", reason: "r" };
    expect(itemBody(draft, true)).toEqual({ names: { TR: "Kupa", CN: "杯" }, picture: "https://cdn.example.com/mug.png", points: 5, money: 0, active: true, sort: 0, reason: "r", stock: 0 });
    expect(itemBody(draft, false)).not.toHaveProperty("stock");
    expect(itemBody({ ...draft, picture: "http://cdn.example.com/mug.png" }, true)).toBe("pictureInvalid");
    expect(itemBody({ ...draft, picture: "https://cdn.example.com" }, true)).toBe("pictureInvalid");
    expect(itemBody({ ...draft, picture: "//evil.example/x.png" }, true)).toBe("pictureInvalid");
    expect(itemBody({ ...draft, points: "0" }, true)).toBe("pointsInvalid");
    expect(itemBody({ ...draft, stock: "1000001" }, true)).toBe("stockInvalid");
    expect(itemBody({ ...draft, sort: "10001" }, true)).toBe("sortInvalid");
    expect(itemBody({ ...draft, reason: "  " }, true)).toBe("required");
    // money typed in major units, taken in minor units exactly; at most the service's 1,000,000.00 a piece
    const money = (text: string) => {
      const body = itemBody({ ...draft, money: text }, false);
      return typeof body === "string" ? body : body.money;
    };
    expect([money(""), money(" 25 "), money("0.1"), money("19.99"), money("1,000,000.00"), money("0.29"), money("1.005")]).toEqual([0, 2_500, 10, 1_999, 100_000_000, 29, "moneyInvalid"]);
    expect([money("1,000,000.01"), money("-1"), money("1e3"), money("abc")]).toEqual(["moneyInvalid", "moneyInvalid", "moneyInvalid", "moneyInvalid"]);
    expect(draftOf({ ...item(1), money: 2_550 } as Parameters<typeof draftOf>[0]).money).toBe("25.50");
    expect(draftOf(item(1) as Parameters<typeof draftOf>[0]).money).toBe("");
    expect([stockChange("+5"), stockChange("-2"), stockChange("3"), stockChange("0"), stockChange("1.5"), stockChange("-1000001")]).toEqual([5, -2, 3, null, null, null]);
  });
});

const redemption = (transactionNo: number, patch: Record<string, unknown> = {}) => ({
  transactionNo, itemId: 1, itemName: "Kupa", quantity: 1, points: 2, money: 0, payment: "NONE", status: "IN_PROCESS", deliveryAddress: "Bağdat Cad. 1, İstanbul", mobileNum: "5321234567",
  reason: null, decidedBy: null, createdAt: "2026-11-20T10:00:00Z", decidedAt: null, ...patch,
});
const QUEUE = `${BASE}/mall/redemptions?status=IN_PROCESS&sort=newest&pageNo=1&pageSize=20`;
/** A redemption's row, once shown. */
const rowOf = (transactionNo: number) =>
  waitFor(() => {
    const row = document.querySelector<HTMLElement>(`[data-redemption='${transactionNo}']`);
    if (!row) throw new Error(`no row ${transactionNo}`);
    return row;
  });

describe("the mall redemptions page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a viewer the queue in process with no decision buttons, and filters by state and account", async () => {
    const fetched = serve({
      [`GET ${QUEUE}`]: () => page([redemption(11)]),
      [`GET ${BASE}/mall/redemptions?status=APPROVED&accountId=acc-9&sort=oldest&pageNo=1&pageSize=20`]: () => page([redemption(10, { status: "APPROVED", decidedBy: "mehmet", decidedAt: "2026-11-20T11:00:00Z" })]),
    });
    renderPage(["viewer"], <Redemptions />);
    const table = await screen.findByTestId("mall-redemptions");
    const row = table.querySelector("[data-redemption='11']");
    expect(cells(row).slice(1, 8)).toEqual(["Kupa", "1", "2", "—", "—", "Bağdat Cad. 1, İstanbulCep telefonu: 5321234567", "İşlemde"]);
    expect(within(table).queryByRole("button")).toBeNull();
    fireEvent.change(screen.getByLabelText("Durum"), { target: { value: "APPROVED" } });
    fireEvent.change(screen.getByLabelText("Hesap kimliği"), { target: { value: " acc-9 " } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "oldest" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    expect(await screen.findByText(/mehmet/)).toBeTruthy();
    expect(fetched.mock.calls.map(([url]) => String(url))).toContain(`${BASE}/mall/redemptions?status=APPROVED&accountId=acc-9&sort=oldest&pageNo=1&pageSize=20`);
  });

  it("lets a maker approve one and reject another with a reason, refusing a blank reason before calling", async () => {
    let listed = [redemption(11), redemption(12)];
    const fetched = serve({
      [`GET ${QUEUE}`]: () => page(listed),
      [`POST ${BASE}/mall/redemptions/11/approve`]: () => {
        listed = [redemption(12)];
        return envelope(redemption(11, { status: "APPROVED" }));
      },
      [`POST ${BASE}/mall/redemptions/12/reject`]: () => {
        listed = [];
        return envelope(redemption(12, { status: "REJECTED" }));
      },
    });
    renderPage(["finance-maker"], <Redemptions />);
    const first = await rowOf(11);
    fireEvent.click(within(first).getByRole("button", { name: "Onayla" }));
    expect(await screen.findByText("İşlem kaydedildi.")).toBeTruthy();
    await waitFor(() => expect(document.querySelector("[data-redemption='11']")).toBeNull());
    const second = await rowOf(12);
    fireEvent.click(within(second).getByRole("button", { name: "Reddet" }));
    fireEvent.click(within(second).getByRole("button", { name: "Reddi gönder" }));
    expect(screen.getByRole("alert").textContent).toBe("Bu alan zorunludur.");
    fireEvent.change(within(second).getByLabelText("Ret gerekçesi"), { target: { value: " adres eksik " } });
    fireEvent.click(within(second).getByRole("button", { name: "Reddi gönder" }));
    expect(await screen.findByText("Kayıt yok.")).toBeTruthy();
    expect(writes(fetched)).toEqual([
      { method: "POST", url: `${BASE}/mall/redemptions/11/approve`, body: {} },
      { method: "POST", url: `${BASE}/mall/redemptions/12/reject`, body: { reason: "adres eksik" } },
    ]);
  });

  it("shows a decision the service refuses as it words it, and offers no buttons on a decided row", async () => {
    serve({
      [`GET ${QUEUE}`]: () => page([redemption(11), redemption(9, { status: "REJECTED", decidedBy: "ali", reason: "stok yok" })]),
      [`POST ${BASE}/mall/redemptions/11/approve`]: () => refusal("mall.already_decided", "Bu talep zaten karara bağlandı.", 409),
    });
    renderPage(["admin"], <Redemptions />);
    const decided = await rowOf(9);
    expect(within(decided).queryByRole("button")).toBeNull();
    expect(decided.textContent).toContain("stok yok");
    fireEvent.click(within(await rowOf(11)).getByRole("button", { name: "Onayla" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bu talep zaten karara bağlandı.");
  });

  it("shows a redemption's money and payment, and keeps the decision until the wallet has answered", async () => {
    const fetched = serve({
      [`GET ${QUEUE}`]: () =>
        page([
          redemption(21, { money: 5_000, payment: "PENDING" }),
          redemption(22, { money: 2_500, payment: "PAID" }),
          redemption(23, { money: 2_500, payment: "REFUNDED", status: "REJECTED", decidedBy: "ali", reason: "stok yok" }),
          redemption(24, { money: 2_500, payment: "FAILED", status: "REJECTED" }),
        ]),
    });
    renderPage(["finance-maker"], <Redemptions />);
    const waiting = await rowOf(21);
    expect(cells(waiting).slice(4, 6)).toEqual(["50.00", "Cüzdan bekleniyor"]);
    const buttons = within(waiting).getAllByRole("button") as HTMLButtonElement[];
    expect(buttons.map((button) => [button.textContent, button.disabled])).toEqual([["Onayla", true], ["Reddet", true]]);
    expect(waiting.textContent).toContain("Cüzdan ödemeyi henüz yanıtlamadı; ödeme netleşince onaylanabilir ya da reddedilebilir.");
    expect(buttons[0]?.getAttribute("aria-describedby")).toBe("oc-redemption-21-payment");
    fireEvent.click(buttons[0] as HTMLElement);
    const paid = await rowOf(22);
    expect(cells(paid).slice(4, 6)).toEqual(["25.00", "Ödendi"]);
    expect((within(paid).getByRole("button", { name: "Onayla" }) as HTMLButtonElement).disabled).toBe(false);
    expect(cells(await rowOf(23)).slice(4, 6)).toEqual(["25.00", "İade edildi"]);
    expect(cells(await rowOf(24)).slice(4, 6)).toEqual(["25.00", "Ödeme alınamadı"]);
    expect(writes(fetched)).toEqual([]);
  });

  it("shows the service's refusal while a payment is pending as it words it", async () => {
    serve({
      [`GET ${QUEUE}`]: () => page([redemption(22, { money: 2_500, payment: "PAID" })]),
      [`POST ${BASE}/mall/redemptions/22/approve`]: () => refusal("mall.payment_pending", "Ödeme yanıtı beklenirken karar verilemez.", 409),
    });
    renderPage(["finance-maker"], <Redemptions />);
    fireEvent.click(within(await rowOf(22)).getByRole("button", { name: "Onayla" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Ödeme yanıtı beklenirken karar verilemez.");
  });
});
