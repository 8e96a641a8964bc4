import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { DomainRoutes } from "./components/DomainRoutes";
import { Flags } from "./components/Flags";
import { LotteryVoids } from "./components/LotteryVoids";
import { RegisterRules } from "./components/RegisterRules";
import { SiteSettings } from "./components/SiteSettings";

const session = (roles: string[], merchants = ["bahis7"]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants, expiresAt: Date.now() + 60_000 });

const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (message: string, status = 422, errorCode = "validation.failed") => new Response(JSON.stringify({ success: false, value: null, errorCode, message }), { status });

const MERCHANT = {
  code: "bahis7", name: "Bahis Yedi", active: true, currency: "TRY", currencySymbol: "₺", languages: ["TR", "EN"], defaultLanguage: "TR",
  mainDomain: "bahis7.example", gtagId: "", imageCDNs: ["https://img.example/"], launchGameCDNs: [], customerServiceUrl: "https://help.example/",
  description: { TR: "Açıklama" }, copyright: "© Bahis", flags: { USERNAMEREG3: true, FREEPLAY3: false, CHATROOM3: false },
  maintenance: false, maintenanceTitle: {}, maintenanceText: {}, maintenanceEnd: null, blockedNetworks: ["10.0.0.0/8"],
  regionText: { TR: "Bölgenizde hizmet vermiyoruz." }, smsDialingCodes: ["90"], updatedAt: "2026-01-01T10:00:00Z",
};
const RULES = [
  { field: "username", enabled: true, required: true, patternId: 1, acceptedPattern: "^[A-Za-z][A-Za-z0-9]*$", minLength: 4, maxLength: 16 },
  { field: "password", enabled: true, required: true, patternId: 5, acceptedPattern: "x", minLength: 6, maxLength: 20 },
];
const ROUTES = [
  { domain: "bahis7.example", label: "Ana" },
  { domain: "m.bahis7.example", label: "Mobil" },
];
const VOIDS = [
  { requestId: "r-1", gameCode: "TRLOTO5", issue: "20260101-001", reason: "Hatalı kur", status: "pending", requestedBy: "ayse", decidedBy: null, decisionReason: null, createdAt: "2026-01-01T10:00:00Z", decidedAt: null },
  { requestId: "r-2", gameCode: "TRLOTO5", issue: "20260101-002", reason: "Yanlış saat", status: "pending", requestedBy: "mehmet", decidedBy: null, decisionReason: null, createdAt: "2026-01-01T11:00:00Z", decidedAt: null },
];

const READS: Record<string, unknown> = {
  "GET /wps/ops/site/merchants/bahis7": MERCHANT,
  "GET /wps/ops/site/merchants/bahis7/register-rules": RULES,
  "GET /wps/ops/site/merchants/bahis7/domain-routes": ROUTES,
  "GET /wps/ops/lottery/void-requests?pageNo=1&pageSize=20&sort=newest&status=pending": { pageNum: 1, totalPages: 1, total: 2, list: VOIDS },
};

/** fetch answering the reads above, and each other call (by "METHOD url") with what ``answers`` gives. */
function serve(answers: Record<string, () => Response> = {}) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    if (answer) return answer();
    if (name in READS) return envelope(READS[name]);
    return refusal(`unexpected ${name}`, 500);
  });
}

interface Sent {
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

function calls(fetched: ReturnType<typeof serve>, method: string): Sent[] {
  return fetched.mock.calls
    .filter(([, init]) => (init?.method ?? "GET") === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined, headers: (init?.headers ?? {}) as Record<string, string> }));
}

const withoutHeaders = (sent: Sent[]) => sent.map(({ url, body }) => ({ url, body }));

function renderPage(page: ReactNode, roles: string[], merchants?: string[]) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles, merchants)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>{page}</OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the site settings page", () => {
  it("reads the brand with the ops token and sends only the fields changed", async () => {
    const saved = { ...MERCHANT, name: "Bahis 7", maintenance: true, maintenanceEnd: new Date("2026-12-01T06:00").toISOString() };
    const fetched = serve({ "PATCH /wps/ops/site/merchants/bahis7": () => envelope(saved) });
    renderPage(<SiteSettings />, ["admin"]);
    expect((await screen.findByLabelText("Site adı") as HTMLInputElement).value).toBe("Bahis Yedi");
    expect(screen.getByTestId("site-state").querySelector("[data-status]")?.textContent).toBe("Açık");
    expect(calls(fetched, "GET")[0]?.headers["Authorization"]).toBe("tok");
    fireEvent.change(input("Site adı"), { target: { value: "Bahis 7" } });
    fireEvent.click(screen.getByLabelText("Bakımda"));
    fireEvent.change(input("Bakımın bitişi (yerel saat; boş: kapatılana kadar)"), { target: { value: "2026-12-01T06:00" } });
    fireEvent.change(input("Bakım metni (TR)"), { target: { value: " Kısa bir bakım. " } });
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect(await screen.findByText("Kaydedildi.")).toBeTruthy();
    const sent = calls(fetched, "PATCH");
    expect(withoutHeaders(sent)).toEqual([
      {
        url: "/wps/ops/site/merchants/bahis7",
        body: { name: "Bahis 7", maintenance: true, maintenanceEnd: new Date("2026-12-01T06:00").toISOString(), maintenanceText: { TR: "Kısa bir bakım." } },
      },
    ]);
    expect(sent[0]?.headers["Authorization"]).toBe("tok");
    expect(screen.getByTestId("site-state").querySelector("[data-status]")?.textContent).toBe("Bakımda");
  });

  it("sends nothing when nothing changed, and shows the site's refusal as it says it", async () => {
    const fetched = serve({ "PATCH /wps/ops/site/merchants/bahis7": () => refusal("Para birimi kodu geçersiz.") });
    renderPage(<SiteSettings />, ["admin"]);
    await screen.findByLabelText("Site adı");
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Değişiklik yok.");
    expect(calls(fetched, "PATCH")).toEqual([]);
    fireEvent.change(input("Para birimi kodu"), { target: { value: "tr1" } });
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect(await screen.findByText("Para birimi kodu geçersiz.")).toBeTruthy();
    expect(withoutHeaders(calls(fetched, "PATCH"))).toEqual([{ url: "/wps/ops/site/merchants/bahis7", body: { currency: "TR1" } }]);
  });

  it("shows a non-admin the settings without a way to change them", async () => {
    serve();
    renderPage(<SiteSettings />, ["viewer", "content"]);
    expect((await screen.findByLabelText("Site adı")).matches(":disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Kaydet" })).toBeNull();
    expect(screen.getByText("Bu ayarları yalnızca yönetici değiştirebilir.")).toBeTruthy();
    expect((screen.getByLabelText("Bölge kısıtlaması metni (TR)") as HTMLTextAreaElement).value).toBe("Bölgenizde hizmet vermiyoruz.");
  });
});

describe("the flags page", () => {
  it("sends only the switches changed", async () => {
    const fetched = serve({ "PUT /wps/ops/site/merchants/bahis7/flags": () => envelope({ ...MERCHANT.flags, FREEPLAY3: true }) });
    renderPage(<Flags />, ["admin"]);
    const free = await screen.findByRole("switch", { name: /Ücretsiz oyun/ });
    expect((screen.getByRole("switch", { name: /Kullanıcı adıyla kayıt/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(free);
    expect(screen.getByText("1 değişiklik")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect(await screen.findByText("Kaydedildi.")).toBeTruthy();
    expect(withoutHeaders(calls(fetched, "PUT"))).toEqual([{ url: "/wps/ops/site/merchants/bahis7/flags", body: { flags: { FREEPLAY3: true } } }]);
    expect((screen.getByRole("switch", { name: /Ücretsiz oyun/ }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows the site's refusal, and a non-admin no save", async () => {
    serve({ "PUT /wps/ops/site/merchants/bahis7/flags": () => refusal("Bu işlem için yetkiniz yok.", 403, "ops.role_required") });
    renderPage(<Flags />, ["admin"]);
    fireEvent.click(await screen.findByRole("switch", { name: /Sohbet odası/ }));
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bu işlem için yetkiniz yok.");
    cleanup();
    renderPage(<Flags />, ["finance-checker"]);
    expect((await screen.findByRole("switch", { name: /Sohbet odası/ })).matches(":disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Kaydet" })).toBeNull();
  });
});

describe("the registration rules page", () => {
  it("reads the brand's rules on the ops plane and sends only the rows changed", async () => {
    const fetched = serve({ "PUT /wps/ops/site/merchants/bahis7/register-rules": () => envelope([{ ...RULES[0], maxLength: 20 }, RULES[1]]) });
    renderPage(<RegisterRules />, ["admin"]);
    const table = await screen.findByTestId("register-rules");
    const read = calls(fetched, "GET").find((sent) => sent.url === "/wps/ops/site/merchants/bahis7/register-rules");
    expect(read?.headers["Authorization"]).toBe("tok");
    expect(within(table).getByText("tanımsız", { selector: "[data-field='email'] *" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("username: En çok"), { target: { value: "20" } });
    fireEvent.click(screen.getByLabelText("email: Gösterilir"));
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect(await screen.findByText("Kaydedildi.")).toBeTruthy();
    const sent = calls(fetched, "PUT");
    expect(withoutHeaders(sent)).toEqual([
      {
        url: "/wps/ops/site/merchants/bahis7/register-rules",
        body: {
          rules: [
            { field: "username", enabled: true, required: true, patternId: 1, minLength: 4, maxLength: 20 },
            { field: "email", enabled: true, required: false, patternId: 0, minLength: 0, maxLength: 50 },
          ],
        },
      },
    ]);
    expect(sent[0]?.headers["Authorization"]).toBe("tok");
  });

  it("refuses lengths that break the rule before any call, and shows a non-admin no save", async () => {
    const fetched = serve();
    renderPage(<RegisterRules />, ["admin"]);
    await screen.findByTestId("register-rules");
    fireEvent.change(screen.getByLabelText("password: En az"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect((await screen.findByRole("alert")).textContent).toContain("password:");
    expect(calls(fetched, "PUT")).toEqual([]);
    cleanup();
    renderPage(<RegisterRules />, ["viewer"]);
    await screen.findByTestId("register-rules");
    expect(screen.queryByRole("button", { name: "Kaydet" })).toBeNull();
    expect(screen.getByLabelText("username: En çok").matches(":disabled")).toBe(true);
  });
});

describe("the domain routes page", () => {
  it("edits the list and replaces it whole", async () => {
    const fetched = serve({ "PUT /wps/ops/site/merchants/bahis7/domain-routes": () => envelope([{ domain: "bahis7.example", label: "Masaüstü" }, { domain: "yeni.example", label: "" }]) });
    renderPage(<DomainRoutes />, ["admin"]);
    const first = await screen.findByRole("group", { name: "Yönlendirme 1" });
    expect(calls(fetched, "GET").find((sent) => sent.url === "/wps/ops/site/merchants/bahis7/domain-routes")?.headers["Authorization"]).toBe("tok");
    fireEvent.change(within(first).getByLabelText("Etiket"), { target: { value: "Masaüstü" } });
    fireEvent.click(within(screen.getByRole("group", { name: "Yönlendirme 2" })).getByRole("button", { name: "Kaldır" }));
    fireEvent.click(screen.getByRole("button", { name: "Yönlendirme ekle" }));
    fireEvent.change(within(screen.getByRole("group", { name: "Yönlendirme 2" })).getByLabelText("Etiket"), { target: { value: "Yeni" } });
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Her yönlendirmenin bir alan adı olmalıdır.");
    expect(calls(fetched, "PUT")).toEqual([]);
    fireEvent.change(within(screen.getByRole("group", { name: "Yönlendirme 2" })).getByLabelText("Alan adı"), { target: { value: " yeni.example " } });
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect(await screen.findByText("Kaydedildi.")).toBeTruthy();
    expect(withoutHeaders(calls(fetched, "PUT"))).toEqual([
      { url: "/wps/ops/site/merchants/bahis7/domain-routes", body: { routes: [{ domain: "bahis7.example", label: "Masaüstü" }, { domain: "yeni.example", label: "Yeni" }] } },
    ]);
  });

  it("shows the site's refusal as it says it, and a non-admin the list alone", async () => {
    serve({ "PUT /wps/ops/site/merchants/bahis7/domain-routes": () => refusal("Alan adı geçersiz: x") });
    renderPage(<DomainRoutes />, ["admin"]);
    const first = await screen.findByRole("group", { name: "Yönlendirme 1" });
    fireEvent.change(within(first).getByLabelText("Alan adı"), { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Alan adı geçersiz: x");
    cleanup();
    renderPage(<DomainRoutes />, ["finance-maker"]);
    const table = await screen.findByTestId("domain-routes");
    expect(within(table).getByText("m.bahis7.example")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });
});

describe("the lottery voids page", () => {
  it("lets a finance maker propose a void and says a second person must approve", async () => {
    const fetched = serve({ "POST /wps/ops/lottery/games/TRLOTO5/issues/20260101-003/void": () => envelope({ ...VOIDS[1], requestId: "r-3", issue: "20260101-003" }) });
    renderPage(<LotteryVoids />, ["finance-maker"], ["*"]);
    await screen.findByTestId("void-requests");
    expect(screen.getByTestId("two-people").textContent).toContain("ikinci bir kişi");
    expect(screen.queryByRole("button", { name: "Onayla" })).toBeNull();
    fireEvent.change(input("Oyun kodu"), { target: { value: "TRLOTO5" } });
    fireEvent.change(input("Çekiliş numarası"), { target: { value: "20260101-003" } });
    fireEvent.click(screen.getByRole("button", { name: "Öner" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bu alan zorunludur.");
    expect(calls(fetched, "POST")).toEqual([]);
    fireEvent.change(input("Gerekçe"), { target: { value: "Sonuç kaynağı bozuk" } });
    fireEvent.click(screen.getByRole("button", { name: "Öner" }));
    expect(await screen.findByText("Öneri kaydedildi; şimdi ikinci bir kişinin onayını bekliyor.")).toBeTruthy();
    const sent = calls(fetched, "POST");
    expect(withoutHeaders(sent)).toEqual([{ url: "/wps/ops/lottery/games/TRLOTO5/issues/20260101-003/void", body: { reason: "Sonuç kaynağı bozuk" } }]);
    expect(sent[0]?.headers["Authorization"]).toBe("tok");
  });

  it("shows the refusal when the proposer approves their own, and rejects with a reason", async () => {
    const fetched = serve({
      "POST /wps/ops/lottery/void-requests/r-1/approve": () => refusal("İkinci adımı başka bir ops kişisi atmalı.", 403, "ops.same_person"),
      "POST /wps/ops/lottery/void-requests/r-2/reject": () => envelope({ ...VOIDS[1], status: "rejected", decidedBy: "ayse", decisionReason: "Kur doğru" }),
    });
    renderPage(<LotteryVoids />, ["finance-checker", "finance-maker"], ["*"]);
    const table = await screen.findByTestId("void-requests");
    const own = table.querySelector('[data-request="r-1"]') as HTMLElement;
    expect(within(own).getByText("(siz)")).toBeTruthy();
    fireEvent.click(within(own).getByRole("button", { name: "Onayla" }));
    expect((await screen.findByRole("alert")).textContent).toBe("İkinci adımı başka bir ops kişisi atmalı.");
    const other = table.querySelector('[data-request="r-2"]') as HTMLElement;
    fireEvent.click(within(other).getByRole("button", { name: "Reddet" }));
    fireEvent.click(within(other).getByRole("button", { name: "Reddi gönder" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bu alan zorunludur.");
    fireEvent.change(within(other).getByLabelText("Ret gerekçesi"), { target: { value: "Kur doğru" } });
    fireEvent.click(within(other).getByRole("button", { name: "Reddi gönder" }));
    expect(await screen.findByText("Öneri reddedildi.")).toBeTruthy();
    expect(withoutHeaders(calls(fetched, "POST"))).toEqual([
      { url: "/wps/ops/lottery/void-requests/r-1/approve", body: undefined },
      { url: "/wps/ops/lottery/void-requests/r-2/reject", body: { reason: "Kur doğru" } },
    ]);
  });

  it("filters by status, game and proposer in the order picked, and shows no buttons to a role without every brand", async () => {
    const filtered = "/wps/ops/lottery/void-requests?pageNo=1&pageSize=20&sort=oldest&gameCode=TRLOTO5&requestedBy=ayse";
    const fetched = serve({ [`GET ${filtered}`]: () => envelope({ pageNum: 1, totalPages: 0, total: 0, list: [] }) });
    renderPage(<LotteryVoids />, ["finance-maker", "finance-checker"], ["bahis7"]);
    await screen.findByTestId("void-requests");
    expect(screen.getByText("Toplam 2 kayıt")).toBeTruthy();
    expect(screen.getByText("Bu işlemler rolünüzün tüm markalar için verilmiş olmasını ister.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Öner" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Onayla" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Durum"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Filtre: oyun kodu"), { target: { value: " TRLOTO5 " } });
    fireEvent.change(screen.getByLabelText("Önerenin adı"), { target: { value: "ayse" } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "oldest" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    expect(await screen.findByText("Kayıt yok.")).toBeTruthy();
    expect(calls(fetched, "GET").map((sent) => sent.url)).toContain(filtered);
  });

  it("pages through the proposals with the kit's pager", async () => {
    const second = "/wps/ops/lottery/void-requests?pageNo=2&pageSize=20&sort=newest&status=pending";
    const fetched = serve({
      "GET /wps/ops/lottery/void-requests?pageNo=1&pageSize=20&sort=newest&status=pending": () => envelope({ pageNum: 1, totalPages: 2, total: 21, list: VOIDS }),
      [`GET ${second}`]: () => envelope({ pageNum: 2, totalPages: 2, total: 21, list: [{ ...VOIDS[0], requestId: "r-21", reason: "Sayfa iki" }] }),
    });
    renderPage(<LotteryVoids />, ["viewer"], ["*"]);
    await screen.findByTestId("void-requests");
    const pager = screen.getByRole("navigation", { name: "İptal önerileri" });
    expect(pager.textContent).toContain("1 / 2");
    fireEvent.click(within(pager).getByRole("button", { name: "Sonraki" }));
    expect(await screen.findByText("Sayfa iki")).toBeTruthy();
    expect(calls(fetched, "GET").map((sent) => sent.url)).toContain(second);
  });
});
