import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { Broadcasts } from "./components/Broadcasts";
import { Feedback } from "./components/Feedback";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });

const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (message: string, status = 422) => new Response(JSON.stringify({ success: false, value: null, errorCode: "validation.failed", message }), { status });

const FEEDBACK = "/wps/ops/site/merchants/turkeyf2/feedback";
const BROADCASTS = "/wps/ops/notifications/merchants/turkeyf2/broadcasts";
const LISTED = `${BROADCASTS}?pageNo=1&pageSize=20&sort=newest`;

const FEEDBACK_PAGE = {
  pageNum: 1,
  totalPages: 2,
  total: 21,
  list: [
    { id: 41, accountId: "1001", content: "<b>Çekimim</b> gecikti", clientIp: "203.0.113.7", createdAt: "2026-11-20T10:00:00+00:00", status: "new" },
    { id: 40, accountId: null, content: "Site yavaş", clientIp: null, createdAt: "2026-11-19T09:00:00+00:00", status: "new" },
  ],
};
const SECOND_PAGE = { pageNum: 2, totalPages: 2, total: 21, list: [{ id: 20, accountId: "1002", content: "Eski mesaj", clientIp: null, createdAt: "2026-10-01T09:00:00+00:00", status: "new" }] };
const INBOX = `${FEEDBACK}?pageNo=1&pageSize=20&sort=newest&status=new`;

const SEARCH = "/wps/ops/auth/merchants/turkeyf2/members/search?pageNo=1&pageSize=10";
const ONE = "0b7e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b";
const TWO = "1c8f5d2b-3a4e-4f60-9b0c-1d2e3f4a5b6c";
const EVERYONE = { audience: "all", audienceCount: null, accountId: null };

const MESSAGES = [
  { id: 5, title: "Bakım", body: "Bu gece 02:00'de bakım var.", writtenBy: "ayse", occurredAt: "2026-11-20T10:00:00+00:00", ...EVERYONE },
  { id: 4, title: "VIP", body: "Size özel", writtenBy: "ayse", occurredAt: "2026-11-19T10:00:00+00:00", audience: "member", audienceCount: 1, accountId: ONE },
  { id: 3, title: "Yeni oyun", body: "<i>Yeni</i> oyun geldi", writtenBy: "mehmet", occurredAt: "2026-11-18T10:00:00+00:00", audience: "list", audienceCount: 250, accountId: null },
];
const SENT = { id: 6, title: "Bayram", body: "İyi bayramlar", writtenBy: "ayse", occurredAt: "2026-11-21T10:00:00+00:00", ...EVERYONE };

/** fetch answering the lists, and each other call (by "METHOD url") with what ``answers`` gives. */
function serve(answers: Record<string, () => Response> = {}) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    if (answer) return answer();
    if (name === `GET ${INBOX}`) return envelope(FEEDBACK_PAGE);
    if (name === `GET ${FEEDBACK}?pageNo=2&pageSize=20&sort=newest&status=new`) return envelope(SECOND_PAGE);
    if (name === `GET ${LISTED}`) return envelope({ pageNum: 1, totalPages: 1, total: MESSAGES.length, list: MESSAGES });
    return refusal(`unexpected ${name}`, 500);
  });
}

function calls(fetched: ReturnType<typeof serve>, method: string) {
  return fetched.mock.calls.filter(([, init]) => (init?.method ?? "GET") === method).map(([url, init]) => ({ url: String(url), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined }));
}

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

describe("the feedback inbox", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("lists the brand's feedback newest first, its text as text, with the ops token", async () => {
    const fetched = serve();
    renderPage(["viewer"], <Feedback />);
    const table = await screen.findByTestId("feedback");
    const rows = table.querySelectorAll("tbody tr");
    expect([...rows].map((row) => row.getAttribute("data-feedback"))).toEqual(["41", "40"]);
    expect(within(table).getByText("<b>Çekimim</b> gecikti")).toBeTruthy();
    expect(table.querySelector("b")).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText("Ziyaretçi")).toBeTruthy();
    expect(calls(fetched, "GET")).toEqual([{ url: INBOX, body: undefined }]);
    expect((fetched.mock.calls[0]?.[1]?.headers as Record<string, string>)["Authorization"]).toBe("tok");
  });

  it("asks the site for the filters and the order picked", async () => {
    const wanted = `${FEEDBACK}?pageNo=1&pageSize=20&sort=oldest&accountId=1001&text=gecikti`;
    const fetched = serve({ [`GET ${wanted}`]: () => envelope({ pageNum: 1, totalPages: 1, total: 1, list: [{ ...FEEDBACK_PAGE.list[0], status: "handled" }] }) });
    renderPage(["finance-maker"], <Feedback />);
    await screen.findByTestId("feedback");
    fireEvent.change(screen.getByLabelText("Durum"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Yazanın hesap numarası"), { target: { value: " 1001 " } });
    fireEvent.change(screen.getByLabelText("Metinde geçen"), { target: { value: "gecikti" } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "oldest" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    expect(await screen.findByRole("button", { name: "Yeniye çevir" })).toBeTruthy();
    expect(calls(fetched, "GET").map((call) => call.url)).toEqual([INBOX, wanted]);
  });

  it("offers a viewer no marking: a finance maker works the inbox", async () => {
    serve();
    renderPage(["viewer"], <Feedback />);
    const table = await screen.findByTestId("feedback");
    expect(within(table).queryByRole("button", { name: "İlgilenildi say" })).toBeNull();
  });

  it("marks a note handled and reads the inbox again", async () => {
    const fetched = serve({ [`PUT ${FEEDBACK}/41/status`]: () => envelope({ ...FEEDBACK_PAGE.list[0], status: "handled" }) });
    renderPage(["finance-maker"], <Feedback />);
    const table = await screen.findByTestId("feedback");
    fireEvent.click(within(table.querySelector('[data-feedback="41"]') as HTMLElement).getByRole("button", { name: "İlgilenildi say" }));
    expect(await screen.findByText("Geri bildirimin durumu değişti.")).toBeTruthy();
    expect(calls(fetched, "PUT")).toEqual([{ url: `${FEEDBACK}/41/status`, body: { status: "handled" } }]);
    await vi.waitFor(() => expect(calls(fetched, "GET").length).toBe(2));
  });

  it("pages with the kit's pager", async () => {
    const fetched = serve();
    renderPage(["content"], <Feedback />);
    await screen.findByTestId("feedback");
    expect(screen.getByText("1 / 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sonraki" }));
    expect(await screen.findByText("Eski mesaj")).toBeTruthy();
    expect(calls(fetched, "GET").map((call) => call.url)).toEqual([INBOX, `${FEEDBACK}?pageNo=2&pageSize=20&sort=newest&status=new`]);
  });

  it("shows the site's refusal as it says it", async () => {
    serve({ [`GET ${INBOX}`]: () => refusal("Marka bulunamadı.", 404) });
    renderPage(["viewer"], <Feedback />);
    expect((await screen.findByRole("alert")).textContent).toContain("Marka bulunamadı.");
  });
});

describe("the broadcasts page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("lists the brand's broadcasts with their audience and state, their text as text", async () => {
    const fetched = serve();
    renderPage(["content"], <Broadcasts />);
    const table = await screen.findByTestId("broadcasts");
    const row = table.querySelector('[data-broadcast="5"]') as HTMLElement;
    expect(row.querySelector("[data-status]")?.textContent).toBe("Gelen kutularında");
    expect([...table.querySelectorAll("[data-audience]")].map((cell) => cell.textContent)).toEqual([
      "Markanın bütün üyeleri",
      `Tek üye · ${ONE}`,
      "250 üyelik liste",
    ]);
    expect(within(table).getByText("<i>Yeni</i> oyun geldi")).toBeTruthy();
    expect(table.querySelector("i")).toBeNull();
    expect(calls(fetched, "GET")).toEqual([{ url: LISTED, body: undefined }]);
    expect(screen.getByText("Toplam 3 duyuru")).toBeTruthy();
    expect((fetched.mock.calls[0]?.[1]?.headers as Record<string, string>)["Authorization"]).toBe("tok");
  });

  it("asks the service for a page filtered by audience, writer, title and UTC days, oldest first", async () => {
    const filtered = `${BROADCASTS}?pageNo=1&pageSize=20&sort=oldest&audience=list&writtenBy=mehmet&search=oyun&from=2026-11-01&to=2026-11-30`;
    const fetched = serve({
      [`GET ${filtered}`]: () => envelope({ pageNum: 1, totalPages: 3, total: 41, list: [MESSAGES[2]] }),
      [`GET ${BROADCASTS}?pageNo=2&pageSize=20&sort=oldest&audience=list&writtenBy=mehmet&search=oyun&from=2026-11-01&to=2026-11-30`]: () =>
        envelope({ pageNum: 2, totalPages: 3, total: 41, list: [{ ...MESSAGES[2], id: 2, title: "Eski oyun" }] }),
      [`GET ${BROADCASTS}?pageNo=1&pageSize=20&sort=newest&from=2026-11-30&to=2026-11-01`]: () => refusal("Geçersiz alan: to. not before from", 400),
    });
    renderPage(["viewer"], <Broadcasts />);
    await screen.findByTestId("broadcasts");
    const form = screen.getByRole("form", { name: "Filtrele" });
    fireEvent.change(within(form).getByLabelText("Alıcılar"), { target: { value: "list" } });
    fireEvent.change(within(form).getByLabelText("Yazan"), { target: { value: " mehmet " } });
    fireEvent.change(within(form).getByLabelText("Başlıkta geçen"), { target: { value: "oyun" } });
    fireEvent.change(within(form).getByLabelText("Başlangıç (UTC)"), { target: { value: "2026-11-01" } });
    fireEvent.change(within(form).getByLabelText("Bitiş (UTC)"), { target: { value: "2026-11-30" } });
    fireEvent.change(within(form).getByLabelText("Sıralama"), { target: { value: "oldest" } });
    fireEvent.click(within(form).getByRole("button", { name: "Filtrele" }));
    expect(await screen.findByText("Toplam 41 duyuru")).toBeTruthy();
    expect(screen.getByText("1 / 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sonraki" }));
    expect(await screen.findByText("Eski oyun")).toBeTruthy();
    expect(calls(fetched, "GET").map((call) => call.url)).toEqual([LISTED, filtered, filtered.replace("pageNo=1", "pageNo=2")]);

    fireEvent.change(within(form).getByLabelText("Alıcılar"), { target: { value: "" } });
    fireEvent.change(within(form).getByLabelText("Yazan"), { target: { value: "" } });
    fireEvent.change(within(form).getByLabelText("Başlıkta geçen"), { target: { value: "" } });
    fireEvent.change(within(form).getByLabelText("Başlangıç (UTC)"), { target: { value: "2026-11-30" } });
    fireEvent.change(within(form).getByLabelText("Bitiş (UTC)"), { target: { value: "2026-11-01" } });
    fireEvent.change(within(form).getByLabelText("Sıralama"), { target: { value: "newest" } });
    fireEvent.click(within(form).getByRole("button", { name: "Filtrele" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Geçersiz alan: to. not before from");
  });

  it("writes a broadcast to every member with the body the service takes", async () => {
    const fetched = serve({ [`POST ${BROADCASTS}`]: () => envelope(SENT) });
    renderPage(["content"], <Broadcasts />);
    await screen.findByTestId("broadcasts");
    expect((screen.getByRole("radio", { name: "Markanın bütün üyeleri" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText("Başlık"), { target: { value: " Bayram " } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    // a text left empty is refused before any call
    expect(await screen.findByText("Başlık ve metin zorunludur.")).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([]);
    fireEvent.change(screen.getByLabelText("Metin"), { target: { value: "İyi bayramlar\n" } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText("Duyuru gönderildi.")).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([{ url: BROADCASTS, body: { title: "Bayram", body: "İyi bayramlar", audience: "all" } }]);
    expect((screen.getByLabelText("Başlık") as HTMLInputElement).value).toBe("");
  });

  it("finds one member by username, picks them and writes to them only", async () => {
    const found = { pageNum: 1, totalPages: 1, total: 2, list: [
      { id: ONE, username: "ayse1", type: 0, status: "active", lockedUntil: null, mobileNum: null, countryDialingCode: null, createdAt: "2026-11-01T10:00:00Z", lastLoginAt: null, lastLoginIp: null, registerIp: null },
      { id: TWO, username: "ayse2", type: 0, status: "active", lockedUntil: null, mobileNum: null, countryDialingCode: null, createdAt: "2026-11-01T10:00:00Z", lastLoginAt: null, lastLoginIp: null, registerIp: null },
    ] };
    const fetched = serve({ [`POST ${SEARCH}`]: () => envelope(found), [`POST ${BROADCASTS}`]: () => envelope(SENT) });
    renderPage(["content", "viewer"], <Broadcasts />);
    await screen.findByTestId("broadcasts");
    fireEvent.click(screen.getByRole("radio", { name: "Tek üye" }));
    fireEvent.change(screen.getByLabelText("Başlık"), { target: { value: "VIP" } });
    fireEvent.change(screen.getByLabelText("Metin"), { target: { value: "Size özel" } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText("Mesajın gideceği üyeyi seçin.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Kullanıcı adı"), { target: { value: " ayse " } });
    fireEvent.click(screen.getByRole("button", { name: "Üye ara" }));
    fireEvent.click(await screen.findByRole("button", { name: "Seç ayse2" }));
    expect(screen.getByTestId("chosen-member").textContent).toContain(TWO);
    expect(calls(fetched, "POST")).toEqual([{ url: SEARCH, body: { search: "ayse", by: "username" } }]);
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText("Duyuru gönderildi.")).toBeTruthy();
    expect(calls(fetched, "POST")[1]).toEqual({ url: BROADCASTS, body: { title: "VIP", body: "Size özel", audience: "member", accountIds: [TWO] } });
    // the form starts again for everyone
    expect((screen.getByRole("radio", { name: "Markanın bütün üyeleri" }) as HTMLInputElement).checked).toBe(true);
  });

  it("lets an editor who may not search members type the member's account id", async () => {
    const fetched = serve({ [`POST ${BROADCASTS}`]: () => envelope(SENT) });
    renderPage(["content"], <Broadcasts />);
    await screen.findByTestId("broadcasts");
    fireEvent.click(screen.getByRole("radio", { name: "Tek üye" }));
    expect(screen.queryByLabelText("Kullanıcı adı")).toBeNull();
    expect(screen.getByText(/Rolünüz üye aramaya yetmiyor/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Hesap numarası"), { target: { value: ` ${ONE.toUpperCase()} ` } });
    fireEvent.click(screen.getByRole("button", { name: "Bu hesabı seç" }));
    fireEvent.change(screen.getByLabelText("Başlık"), { target: { value: "VIP" } });
    fireEvent.change(screen.getByLabelText("Metin"), { target: { value: "Size özel" } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText("Duyuru gönderildi.")).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([{ url: BROADCASTS, body: { title: "VIP", body: "Size özel", audience: "member", accountIds: [ONE] } }]);
  });

  it("writes to a pasted list, refusing a list the service would refuse before any call", async () => {
    const fetched = serve({ [`POST ${BROADCASTS}`]: () => envelope(SENT) });
    renderPage(["content"], <Broadcasts />);
    await screen.findByTestId("broadcasts");
    fireEvent.click(screen.getByRole("radio", { name: "Üye listesi" }));
    fireEvent.change(screen.getByLabelText("Başlık"), { target: { value: "Turnuva" } });
    fireEvent.change(screen.getByLabelText("Metin"), { target: { value: "Cumartesi" } });
    const list = screen.getByLabelText("Hesap numaraları");
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText("En az bir hesap numarası yapıştırın.")).toBeTruthy();
    fireEvent.change(list, { target: { value: `${ONE}\nayse` } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText("Hesap numarası olmayan değerler: ayse")).toBeTruthy();
    fireEvent.change(list, { target: { value: `${ONE}, ${ONE.toUpperCase()}` } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText(`Birden fazla kez geçen hesap numaraları: ${ONE}`)).toBeTruthy();
    const many = Array.from({ length: 1001 }, (_, n) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`);
    fireEvent.change(list, { target: { value: many.join("\n") } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText("Bir mesaj en çok 1.000 üyeye gönderilebilir.")).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([]);
    fireEvent.change(list, { target: { value: `${ONE},\n${TWO};` } });
    expect(screen.getByText(/Şu an 2 numara\./)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect(await screen.findByText("Duyuru gönderildi.")).toBeTruthy();
    expect(calls(fetched, "POST")).toEqual([{ url: BROADCASTS, body: { title: "Turnuva", body: "Cumartesi", audience: "list", accountIds: [ONE, TWO] } }]);
  });

  it("shows the service's refusal of an audience as it says it", async () => {
    serve({ [`POST ${BROADCASTS}`]: () => refusal("Listede hesap numarası olmayan değerler var.", 400) });
    renderPage(["content"], <Broadcasts />);
    await screen.findByTestId("broadcasts");
    fireEvent.click(screen.getByRole("radio", { name: "Üye listesi" }));
    fireEvent.change(screen.getByLabelText("Hesap numaraları"), { target: { value: ONE } });
    fireEvent.change(screen.getByLabelText("Başlık"), { target: { value: "Turnuva" } });
    fireEvent.change(screen.getByLabelText("Metin"), { target: { value: "Cumartesi" } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Listede hesap numarası olmayan değerler var.");
  });

  it("shows the service's refusal as it says it", async () => {
    serve({ [`POST ${BROADCASTS}`]: () => refusal("Başlık çok uzun.") });
    renderPage(["admin"], <Broadcasts />);
    await screen.findByTestId("broadcasts");
    fireEvent.change(screen.getByLabelText("Başlık"), { target: { value: "Bakım" } });
    fireEvent.change(screen.getByLabelText("Metin"), { target: { value: "Yarın" } });
    fireEvent.click(screen.getByRole("button", { name: "Gönder" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Başlık çok uzun.");
  });

  it("withdraws only after the confirmation", async () => {
    const fetched = serve({ [`DELETE ${BROADCASTS}/3`]: () => envelope({ done: true }) });
    renderPage(["content"], <Broadcasts />);
    const table = await screen.findByTestId("broadcasts");
    const row = table.querySelector('[data-broadcast="3"]') as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Geri çek" }));
    expect(calls(fetched, "DELETE")).toEqual([]);
    expect(within(row).getByText("Bu duyuru geri çekilsin mi? Gönderildiği her gelen kutusundan silinir; geri alınamaz.")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Vazgeç" }));
    expect(calls(fetched, "DELETE")).toEqual([]);
    fireEvent.click(within(row).getByRole("button", { name: "Geri çek" }));
    fireEvent.click(within(row).getByRole("button", { name: "Evet, geri çek" }));
    expect(await screen.findByText("Duyuru geri çekildi.")).toBeTruthy();
    expect(calls(fetched, "DELETE")).toEqual([{ url: `${BROADCASTS}/3`, body: undefined }]);
  });

  it("shows the refusal of a withdrawal as the service says it", async () => {
    serve({ [`DELETE ${BROADCASTS}/5`]: () => refusal("Duyuru bulunamadı.", 404) });
    renderPage(["content"], <Broadcasts />);
    const table = await screen.findByTestId("broadcasts");
    const row = table.querySelector('[data-broadcast="5"]') as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: "Geri çek" }));
    fireEvent.click(within(row).getByRole("button", { name: "Evet, geri çek" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Duyuru bulunamadı.");
  });

  it("shows a viewer the list without the form or the buttons", async () => {
    serve();
    renderPage(["viewer", "finance-maker"], <Broadcasts />);
    const table = await screen.findByTestId("broadcasts");
    expect(within(table).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("button", { name: "Gönder" })).toBeNull();
    expect(screen.queryByLabelText("Başlık")).toBeNull();
    expect(screen.getByText("Duyuruları yalnızca içerik rolü (veya yönetici) yazabilir ve geri çekebilir.")).toBeTruthy();
  });
});
