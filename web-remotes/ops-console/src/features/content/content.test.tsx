import type { ReactNode } from "react";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { Announcements } from "./components/Announcements";
import { Banners } from "./components/Banners";
import { HelpTopics } from "./components/HelpTopics";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });

const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (message: string, status = 422) => new Response(JSON.stringify({ success: false, value: null, errorCode: "validation.failed", message }), { status });

const BANNERS = [
  { id: 7, groupName: "w_home", url: "https://cdn.example/a.png", title: { TR: "Hoş geldin bonusu" }, linkageType: "PROMOTION", linkage: "welcome", sort: 1, active: true },
  { id: 8, groupName: "w_login", url: "https://cdn.example/b.png", title: {}, linkageType: "NONE", linkage: "", sort: 0, active: false },
];

const ANNOUNCEMENTS = [
  { id: 3, type: "PU", popupExecution: "F", title: { TR: "Hoş geldin" }, content: { TR: '<p>Merhaba <b>dünya</b></p><img src="https://cdn.example/x.png" alt="">' }, promotionType: null, startsAt: "2020-01-01T00:00:00+00:00", endsAt: null, sort: 0, active: true },
  { id: 4, type: "B", popupExecution: null, title: { TR: "Bakım" }, content: { TR: "Yakında" }, promotionType: null, startsAt: "2999-01-01T00:00:00+00:00", endsAt: null, sort: 1, active: true },
  { id: 5, type: "PL", popupExecution: null, title: { TR: "Eski" }, content: { TR: "Bitti" }, promotionType: null, startsAt: "2020-01-01T00:00:00+00:00", endsAt: "2021-01-01T00:00:00+00:00", sort: 2, active: true },
  { id: 6, type: "PR", popupExecution: null, title: { TR: "Kapalı promosyon" }, content: { TR: "Yok" }, promotionType: "weekly", startsAt: "2020-01-01T00:00:00+00:00", endsAt: null, sort: 3, active: false },
];

const TOPICS = [
  { id: 11, key: "deposit", title: { TR: "Para yatırma", EN: "Deposits" }, content: { TR: "<p>Nasıl <em>yatırılır</em></p><p>Hemen</p><script>alert(1)</script>" }, sort: 1 },
  { id: 12, key: "withdraw", title: { TR: "Para çekme" }, content: { TR: "<p>Çekim</p>" }, sort: 2 },
];

/** A list as the server pages it (one page unless told). */
const pageOf = (list: unknown[], totalPages = 1, pageNum = 1) => ({ pageNum, totalPages, total: list.length, list });

/** fetch answering the lists with BANNERS, ANNOUNCEMENTS and TOPICS, and each other call (by "METHOD url") with what ``answers`` gives. */
function serve(answers: Record<string, () => Response> = {}) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    if (answer) return answer();
    const path = name.split("?")[0];
    if (path === "GET /wps/ops/site/merchants/turkeyf2/banners") return envelope(pageOf(BANNERS));
    if (path === "GET /wps/ops/site/merchants/turkeyf2/announcements") return envelope(pageOf(ANNOUNCEMENTS));
    if (path === "GET /wps/ops/site/merchants/turkeyf2/help-topics") return envelope(pageOf(TOPICS));
    return refusal(`unexpected ${name}`, 500);
  });
}

function calls(fetched: ReturnType<typeof serve>, method: string) {
  return fetched.mock.calls.filter(([, init]) => (init?.method ?? "GET") === method).map(([url, init]) => ({ url: String(url), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined }));
}

function renderPage(roles: string[], page: ReactNode = <Banners />) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          {page}
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the banners page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("lists the brand's banners with their state", async () => {
    const fetched = serve();
    renderPage(["content"]);
    const table = await screen.findByTestId("banners");
    const live = within(table).getByText("Hoş geldin bonusu").closest("tr");
    expect(live?.querySelector("[data-status]")?.textContent).toBe("Yayında");
    expect(table.querySelector('[data-banner="8"] [data-status]')?.textContent).toBe("Kapalı");
    expect((fetched.mock.calls[0]?.[1]?.headers as Record<string, string>)["Authorization"]).toBe("tok");
  });

  it("asks the server for the filters and the order picked, then pages", async () => {
    const fetched = serve({
      "GET /wps/ops/site/merchants/turkeyf2/banners?pageNo=1&pageSize=50&sort=newest&text=bonus&active=false&group=w_login": () => envelope(pageOf([BANNERS[1]], 2)),
      "GET /wps/ops/site/merchants/turkeyf2/banners?pageNo=2&pageSize=50&sort=newest&text=bonus&active=false&group=w_login": () => envelope(pageOf([BANNERS[0]], 2, 2)),
    });
    renderPage(["viewer"]);
    await screen.findByTestId("banners");
    fireEvent.change(screen.getByLabelText("Başlıkta ara"), { target: { value: " bonus " } });
    fireEvent.change(screen.getByLabelText("Duruma göre"), { target: { value: "false" } });
    fireEvent.change(screen.getByLabelText("Yere göre"), { target: { value: "w_login" } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "newest" } });
    fireEvent.click(screen.getByRole("button", { name: "Süz" }));
    const table = await screen.findByTestId("banners");
    await vi.waitFor(() => expect(table.querySelector('[data-banner="7"]')).toBeNull());
    expect(table.querySelector('[data-banner="8"]')).toBeTruthy();
    fireEvent.click(within(screen.getByRole("navigation", { name: "Sayfalar" })).getByRole("button", { name: "Sonraki" }));
    await vi.waitFor(() => expect(screen.getByTestId("banners").querySelector('[data-banner="7"]')).toBeTruthy());
    expect(calls(fetched, "GET").map((call) => call.url)).toEqual([
      "/wps/ops/site/merchants/turkeyf2/banners?pageNo=1&pageSize=50&sort=display",
      "/wps/ops/site/merchants/turkeyf2/banners?pageNo=1&pageSize=50&sort=newest&text=bonus&active=false&group=w_login",
      "/wps/ops/site/merchants/turkeyf2/banners?pageNo=2&pageSize=50&sort=newest&text=bonus&active=false&group=w_login",
    ]);
  });

  it("adds a banner with the body the site takes", async () => {
    const fetched = serve({ "POST /wps/ops/site/merchants/turkeyf2/banners": () => envelope({ ...BANNERS[0], id: 9 }) });
    renderPage(["content"]);
    await screen.findByTestId("banners");
    fireEvent.change(screen.getByLabelText("Yer"), { target: { value: "w_register" } });
    fireEvent.change(screen.getByLabelText("Görsel adresi"), { target: { value: " https://cdn.example/c.png " } });
    fireEvent.change(screen.getByLabelText("Başlık (TR)"), { target: { value: "Kayıt ol" } });
    fireEvent.change(screen.getByLabelText("Bağlantı türü"), { target: { value: "ROUTE" } });
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    // a link type without its target is refused before any call
    expect(await screen.findByText("Bu bağlantı türü bir hedef ister.")).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([]);
    fireEvent.change(screen.getByLabelText("Bağlantı hedefi"), { target: { value: "/register" } });
    fireEvent.change(screen.getByLabelText("Sıra"), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    expect(await screen.findByText("Banner eklendi.")).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([
      {
        url: "/wps/ops/site/merchants/turkeyf2/banners",
        body: { groupName: "w_register", url: "https://cdn.example/c.png", title: { TR: "Kayıt ol" }, linkageType: "ROUTE", linkage: "/register", sort: 3, active: true },
      },
    ]);
  });

  it("edits the banner picked, sending its id in the path", async () => {
    const fetched = serve({ "PUT /wps/ops/site/merchants/turkeyf2/banners/7": () => envelope({ ...BANNERS[0], active: false }) });
    renderPage(["admin"]);
    const table = await screen.findByTestId("banners");
    const row = table.querySelector('[data-banner="7"]') as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Düzenle" }));
    expect(screen.getByText("Banner #7 düzenleniyor")).toBeTruthy();
    expect((screen.getByLabelText("Görsel adresi") as HTMLInputElement).value).toBe("https://cdn.example/a.png");
    fireEvent.click(screen.getByLabelText("Sitede göster"));
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect(await screen.findByText("Banner kaydedildi.")).toBeTruthy();
    expect(calls(fetched, "PUT")).toEqual([
      {
        url: "/wps/ops/site/merchants/turkeyf2/banners/7",
        body: { groupName: "w_home", url: "https://cdn.example/a.png", title: { TR: "Hoş geldin bonusu" }, linkageType: "PROMOTION", linkage: "welcome", sort: 1, active: false },
      },
    ]);
  });

  it("deletes only after the confirmation", async () => {
    const fetched = serve({ "DELETE /wps/ops/site/merchants/turkeyf2/banners/8": () => envelope({ done: true }) });
    renderPage(["content"]);
    const table = await screen.findByTestId("banners");
    const row = table.querySelector('[data-banner="8"]') as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Sil" }));
    expect(calls(fetched, "DELETE")).toEqual([]);
    expect(within(row).getByText("Bu banner silinsin mi? Geri alınamaz.")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Evet, sil" }));
    expect(await screen.findByText("Banner silindi.")).toBeTruthy();
    expect(calls(fetched, "DELETE")).toEqual([{ url: "/wps/ops/site/merchants/turkeyf2/banners/8", body: undefined }]);
  });

  it("shows the site's refusal as it says it", async () => {
    serve({ "POST /wps/ops/site/merchants/turkeyf2/banners": () => refusal("Görsel adresi geçersiz.") });
    renderPage(["content"]);
    await screen.findByTestId("banners");
    fireEvent.change(screen.getByLabelText("Görsel adresi"), { target: { value: "nope" } });
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Görsel adresi geçersiz.");
  });

  it("shows a viewer the list without the form or the buttons", async () => {
    serve();
    renderPage(["viewer", "finance-maker"]);
    const table = await screen.findByTestId("banners");
    expect(within(table).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("button", { name: "Ekle" })).toBeNull();
    expect(screen.queryByLabelText("Görsel adresi")).toBeNull();
    expect(screen.getByText("Bannerları yalnızca içerik rolü (veya yönetici) değiştirebilir.")).toBeTruthy();
  });
});

describe("the announcements page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("lists the announcements with their kind and state, the content as text", async () => {
    const fetched = serve();
    renderPage(["content"], <Announcements />);
    const table = await screen.findByTestId("announcements");
    const popup = table.querySelector('[data-announcement="3"]') as HTMLElement;
    expect(within(popup).getByText("Açılır pencere · İlk girişte")).toBeTruthy();
    expect(popup.querySelector("[data-status]")?.textContent).toBe("Yayında");
    // the cleaned HTML is read as words, never drawn
    expect(popup.querySelector("[data-content]")?.textContent).toBe("Merhaba dünya");
    expect(table.querySelector("img, b, p")).toBeNull();
    expect(table.querySelector('[data-announcement="4"] [data-status]')?.textContent).toBe("Zamanlanmış");
    expect(table.querySelector('[data-announcement="5"] [data-status]')?.textContent).toBe("Sona erdi");
    expect(table.querySelector('[data-announcement="6"] [data-status]')?.textContent).toBe("Kapalı");
    expect(fetched.mock.calls[0]?.[0]).toBe("/wps/ops/site/merchants/turkeyf2/announcements?pageNo=1&pageSize=50&sort=display");
    expect((fetched.mock.calls[0]?.[1]?.headers as Record<string, string>)["Authorization"]).toBe("tok");
  });

  it("adds a popup with the body the site takes", async () => {
    const fetched = serve({ "POST /wps/ops/site/merchants/turkeyf2/announcements": () => envelope({ ...ANNOUNCEMENTS[0], id: 9 }) });
    renderPage(["content"], <Announcements />);
    await screen.findByTestId("announcements");
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    // no Turkish title and content: refused before any call
    expect(await screen.findByText("Türkçe (TR) başlık ve içerik zorunludur.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Tür"), { target: { value: "PU" } });
    fireEvent.change(screen.getByLabelText("Kime"), { target: { value: "A" } });
    fireEvent.change(screen.getByLabelText("Başlık (TR)"), { target: { value: " Yeni oyunlar " } });
    fireEvent.change(screen.getByLabelText("Başlık (EN)"), { target: { value: "New games" } });
    fireEvent.change(screen.getByLabelText("İçerik (TR)"), { target: { value: "<p>Hemen <b>oyna</b></p>" } });
    fireEvent.change(screen.getByLabelText("Başlangıç"), { target: { value: "2026-12-01T10:00" } });
    fireEvent.change(screen.getByLabelText("Bitiş"), { target: { value: "2026-12-01T09:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    expect(await screen.findByText("Bitiş, başlangıçtan sonra olmalıdır.")).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([]);
    fireEvent.change(screen.getByLabelText("Bitiş"), { target: { value: "2026-12-31T23:30" } });
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    expect(await screen.findByText("Duyuru eklendi.")).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([
      {
        url: "/wps/ops/site/merchants/turkeyf2/announcements",
        body: {
          type: "PU",
          popupExecution: "A",
          title: { TR: "Yeni oyunlar", EN: "New games" },
          content: { TR: "<p>Hemen <b>oyna</b></p>" },
          promotionType: null,
          startsAt: new Date("2026-12-01T10:00").toISOString(),
          endsAt: new Date("2026-12-31T23:30").toISOString(),
          sort: 0,
          active: true,
        },
      },
    ]);
  });

  it("edits the announcement picked, sending its id in the path", async () => {
    const fetched = serve({ "PUT /wps/ops/site/merchants/turkeyf2/announcements/3": () => envelope({ ...ANNOUNCEMENTS[0], active: false }) });
    renderPage(["admin"], <Announcements />);
    const table = await screen.findByTestId("announcements");
    fireEvent.click(within(table.querySelector('[data-announcement="3"]') as HTMLElement).getByRole("button", { name: "Düzenle" }));
    expect(screen.getByText("Duyuru #3 düzenleniyor")).toBeTruthy();
    expect((screen.getByLabelText("İçerik (TR)") as HTMLTextAreaElement).value).toBe(ANNOUNCEMENTS[0]?.content.TR);
    fireEvent.click(screen.getByRole("switch", { name: "Sitede göster" }));
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect(await screen.findByText("Duyuru kaydedildi.")).toBeTruthy();
    expect(calls(fetched, "PUT")).toEqual([
      {
        url: "/wps/ops/site/merchants/turkeyf2/announcements/3",
        body: {
          type: "PU",
          popupExecution: "F",
          title: { TR: "Hoş geldin" },
          content: { TR: '<p>Merhaba <b>dünya</b></p><img src="https://cdn.example/x.png" alt="">' },
          promotionType: null,
          startsAt: "2020-01-01T00:00:00.000Z",
          endsAt: null,
          sort: 0,
          active: false,
        },
      },
    ]);
  });

  it("deletes only after the confirmation", async () => {
    const fetched = serve({ "DELETE /wps/ops/site/merchants/turkeyf2/announcements/5": () => envelope({ done: true }) });
    renderPage(["content"], <Announcements />);
    const table = await screen.findByTestId("announcements");
    const row = table.querySelector('[data-announcement="5"]') as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Sil" }));
    expect(calls(fetched, "DELETE")).toEqual([]);
    expect(within(row).getByText("Bu duyuru silinsin mi? Geri alınamaz.")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Evet, sil" }));
    expect(await screen.findByText("Duyuru silindi.")).toBeTruthy();
    expect(calls(fetched, "DELETE")).toEqual([{ url: "/wps/ops/site/merchants/turkeyf2/announcements/5", body: undefined }]);
  });

  it("shows the site's refusal as it says it", async () => {
    serve({ "POST /wps/ops/site/merchants/turkeyf2/announcements": () => refusal("İçerik çok uzun.") });
    renderPage(["content"], <Announcements />);
    await screen.findByTestId("announcements");
    fireEvent.change(screen.getByLabelText("Başlık (TR)"), { target: { value: "Duyuru" } });
    fireEvent.change(screen.getByLabelText("İçerik (TR)"), { target: { value: "Metin" } });
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    expect((await screen.findByRole("alert")).textContent).toBe("İçerik çok uzun.");
  });

  it("shows a viewer the list without the form or the buttons", async () => {
    serve();
    renderPage(["viewer", "finance-checker"], <Announcements />);
    const table = await screen.findByTestId("announcements");
    expect(within(table).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("button", { name: "Ekle" })).toBeNull();
    expect(screen.queryByLabelText("İçerik (TR)")).toBeNull();
    expect(screen.getByText("Duyuruları yalnızca içerik rolü (veya yönetici) değiştirebilir.")).toBeTruthy();
  });
});

describe("the help topics page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("lists the topics in order, the content as text", async () => {
    const fetched = serve();
    renderPage(["content"], <HelpTopics />);
    const table = await screen.findByTestId("help-topics");
    const row = table.querySelector('[data-topic="11"]') as HTMLElement;
    expect(within(row).getByText("Para yatırma")).toBeTruthy();
    expect(row.querySelector("[data-content]")?.textContent).toBe("Nasıl yatırılır Hemen");
    expect(table.querySelector("script, em, p")).toBeNull();
    expect([...table.querySelectorAll("[data-topic]")].map((element) => element.getAttribute("data-topic"))).toEqual(["11", "12"]);
    expect(fetched.mock.calls[0]?.[0]).toBe("/wps/ops/site/merchants/turkeyf2/help-topics?pageNo=1&pageSize=50&sort=display");
    expect((fetched.mock.calls[0]?.[1]?.headers as Record<string, string>)["Authorization"]).toBe("tok");
  });

  it("adds a topic with the body the site takes", async () => {
    const fetched = serve({ "POST /wps/ops/site/merchants/turkeyf2/help-topics": () => envelope({ ...TOPICS[0], id: 13 }) });
    renderPage(["content"], <HelpTopics />);
    await screen.findByTestId("help-topics");
    fireEvent.change(screen.getByLabelText("Konu anahtarı"), { target: { value: "Bonus Kuralları" } });
    fireEvent.change(screen.getByLabelText("Başlık (TR)"), { target: { value: "Bonus kuralları" } });
    fireEvent.change(screen.getByLabelText("İçerik (TR)"), { target: { value: "<p>Kurallar</p>" } });
    fireEvent.change(screen.getByLabelText("İçerik (CN)"), { target: { value: "<p>规则</p>" } });
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    // a key the site would refuse is refused before any call
    expect(await screen.findByText("Anahtar küçük harf, rakam ve tire içerir (en çok 50), harf ya da rakamla başlar.")).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([]);
    fireEvent.change(screen.getByLabelText("Konu anahtarı"), { target: { value: "bonus-rules" } });
    fireEvent.change(screen.getByLabelText("Sıra"), { target: { value: "5" } });
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    expect(await screen.findByText("Yardım konusu eklendi.")).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([
      {
        url: "/wps/ops/site/merchants/turkeyf2/help-topics",
        body: { key: "bonus-rules", title: { TR: "Bonus kuralları" }, content: { TR: "<p>Kurallar</p>", CN: "<p>规则</p>" }, sort: 5 },
      },
    ]);
  });

  it("edits the topic picked, sending its id in the path", async () => {
    const fetched = serve({ "PUT /wps/ops/site/merchants/turkeyf2/help-topics/12": () => envelope({ ...TOPICS[1], sort: 0 }) });
    renderPage(["admin"], <HelpTopics />);
    const table = await screen.findByTestId("help-topics");
    fireEvent.click(within(table.querySelector('[data-topic="12"]') as HTMLElement).getByRole("button", { name: "Düzenle" }));
    expect(screen.getByText("Yardım konusu #12 düzenleniyor")).toBeTruthy();
    expect((screen.getByLabelText("Konu anahtarı") as HTMLInputElement).value).toBe("withdraw");
    fireEvent.change(screen.getByLabelText("Sıra"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Kaydet" }));
    expect(await screen.findByText("Yardım konusu kaydedildi.")).toBeTruthy();
    expect(calls(fetched, "PUT")).toEqual([
      { url: "/wps/ops/site/merchants/turkeyf2/help-topics/12", body: { key: "withdraw", title: { TR: "Para çekme" }, content: { TR: "<p>Çekim</p>" }, sort: 0 } },
    ]);
  });

  it("deletes only after the confirmation", async () => {
    const fetched = serve({ "DELETE /wps/ops/site/merchants/turkeyf2/help-topics/11": () => envelope({ done: true }) });
    renderPage(["content"], <HelpTopics />);
    const table = await screen.findByTestId("help-topics");
    const row = table.querySelector('[data-topic="11"]') as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Sil" }));
    expect(calls(fetched, "DELETE")).toEqual([]);
    expect(within(row).getByText("Bu yardım konusu silinsin mi? Geri alınamaz.")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Vazgeç" }));
    expect(within(row).queryByText("Bu yardım konusu silinsin mi? Geri alınamaz.")).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Sil" }));
    fireEvent.click(within(row).getByRole("button", { name: "Evet, sil" }));
    expect(await screen.findByText("Yardım konusu silindi.")).toBeTruthy();
    expect(calls(fetched, "DELETE")).toEqual([{ url: "/wps/ops/site/merchants/turkeyf2/help-topics/11", body: undefined }]);
  });

  it("shows the site's refusal as it says it", async () => {
    serve({ "POST /wps/ops/site/merchants/turkeyf2/help-topics": () => refusal("Bu anahtar zaten var.", 409) });
    renderPage(["content"], <HelpTopics />);
    await screen.findByTestId("help-topics");
    fireEvent.change(screen.getByLabelText("Konu anahtarı"), { target: { value: "deposit" } });
    fireEvent.change(screen.getByLabelText("Başlık (TR)"), { target: { value: "Yatırım" } });
    fireEvent.change(screen.getByLabelText("İçerik (TR)"), { target: { value: "Metin" } });
    fireEvent.click(screen.getByRole("button", { name: "Ekle" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bu anahtar zaten var.");
  });

  it("shows a viewer the list without the form or the buttons", async () => {
    serve();
    renderPage(["viewer"], <HelpTopics />);
    const table = await screen.findByTestId("help-topics");
    expect(within(table).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("button", { name: "Ekle" })).toBeNull();
    expect(screen.queryByLabelText("Konu anahtarı")).toBeNull();
    expect(screen.getByText("Yardım konularını yalnızca içerik rolü (veya yönetici) değiştirebilir.")).toBeTruthy();
  });
});
