import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { Banners } from "./components/Banners";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });

const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (message: string, status = 422) => new Response(JSON.stringify({ success: false, value: null, errorCode: "validation.failed", message }), { status });

const BANNERS = [
  { id: 7, groupName: "w_home", url: "https://cdn.example/a.png", title: { TR: "Hoş geldin bonusu" }, linkageType: "PROMOTION", linkage: "welcome", sort: 1, active: true },
  { id: 8, groupName: "w_login", url: "https://cdn.example/b.png", title: {}, linkageType: "NONE", linkage: "", sort: 0, active: false },
];

/** fetch answering the list with BANNERS, and each other call (by "METHOD url") with what ``answers`` gives. */
function serve(answers: Record<string, () => Response> = {}) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    if (answer) return answer();
    if (name === "GET /wps/ops/site/merchants/turkeyf2/banners") return envelope(BANNERS);
    return refusal(`unexpected ${name}`, 500);
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
          <Banners />
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
