import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { People } from "./components/People";
import { Requests } from "./components/Requests";

const session = (roles: string[], merchants = ["turkeyf2", "euro1"]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants, expiresAt: Date.now() + 60_000 });

const envelope = (value: unknown, status = 200) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }), { status });
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });

const PEOPLE = [
  { id: "p1", username: "mehmet", email: "mehmet@example.com", roles: ["admin"], merchants: ["*"], status: "active", createdBy: "root", createdAt: "2026-11-01T10:00:00Z", lastLoginAt: null },
];
const pendingInvite = {
  id: "r1", kind: "person.invite", target: "p9", merchants: ["turkeyf2"], before: null,
  after: { username: "zeynep", email: "zeynep@example.com", roles: ["content"], merchants: ["turkeyf2"] },
  status: "pending", maker: "ayse", checker: null, createdAt: "2026-11-20T10:00:00Z", decidedAt: null,
};
const PEOPLE_PAGE = "GET /wps/ops/auth/people?pageNo=1&pageSize=20&sort=newest";
const PENDING = "GET /wps/ops/auth/requests?pageNo=1&pageSize=20&sort=newest&status=pending";
const page = (list: unknown[], total = list.length, pageNum = 1, totalPages = Math.ceil(total / 20)) => ({ pageNum, totalPages, total, list });
const pendingGrant = {
  id: "r2", kind: "person.grant", target: "p1", merchants: ["turkeyf2"], before: { roles: ["viewer"] }, after: { roles: ["viewer", "content"] },
  status: "pending", maker: "mehmet", checker: null, createdAt: "2026-11-21T10:00:00Z", decidedAt: null,
};

function serve(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    return answer ? answer() : refusal("unknown", `unexpected ${name}`, 500);
  });
}

function sent(fetched: ReturnType<typeof serve>, method: string) {
  return fetched.mock.calls.filter(([, init]) => (init?.method ?? "GET") === method).map(([url, init]) => ({ url: String(url), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined }));
}

function renderPage(page: "people" | "requests", who: OpsSession) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(who));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>{page === "people" ? <People /> : <Requests />}</OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the people page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("lists the people and says an invitation waits for a second admin", async () => {
    serve({ [PEOPLE_PAGE]: () => envelope(page(PEOPLE)) });
    renderPage("people", session(["admin"]));
    const table = await screen.findByTestId("people");
    expect(screen.getByText("Toplam 1 kayıt")).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Sayfalar" })).toBeNull(); // one page: no pager
    expect(within(table).getByText("mehmet")).toBeTruthy();
    expect(within(table).getByText("Tüm markalar")).toBeTruthy();
    expect(screen.getByTestId("second-admin").textContent).toContain("ikinci bir yönetici onaylamadan hiçbir şey gönderilmez");
  });

  it("invites someone with the roles ticked and the brands picked, and says a second admin must approve", async () => {
    const fetched = serve({
      [PEOPLE_PAGE]: () => envelope(page(PEOPLE)),
      "POST /wps/ops/auth/people/invitations": () => envelope(pendingInvite, 201),
    });
    renderPage("people", session(["admin"]));
    await screen.findByTestId("people");
    fireEvent.change(screen.getByLabelText("Kullanıcı adı"), { target: { value: " zeynep " } });
    fireEvent.change(screen.getByLabelText("E-posta"), { target: { value: "zeynep@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Davet isteği gönder" }));
    expect(await screen.findByText("En az bir rol seçin.")).toBeTruthy();
    expect(sent(fetched, "POST")).toEqual([]);
    fireEvent.click(screen.getByLabelText("Finans (onaylayan)"));
    fireEvent.click(screen.getByLabelText("İçerik"));
    fireEvent.click(screen.getByLabelText("euro1"));
    fireEvent.click(screen.getByRole("button", { name: "Davet isteği gönder" }));
    const said = await screen.findByText(/için davet isteği kaydedildi/);
    expect(said.textContent).toBe(
      "zeynep için davet isteği kaydedildi. İkinci bir yönetici Onay istekleri sayfasında onaylayınca bağlantı zeynep@example.com adresine gider.",
    );
    expect(sent(fetched, "POST")).toEqual([
      { url: "/wps/ops/auth/people/invitations", body: { username: "zeynep", email: "zeynep@example.com", roles: ["content", "finance-checker"], merchants: ["turkeyf2", "euro1"] } },
    ]);
  });

  it("shows the server's refusal of an invitation", async () => {
    serve({
      [PEOPLE_PAGE]: () => envelope(page(PEOPLE)),
      "POST /wps/ops/auth/people/invitations": () => refusal("username.exists", "Bu kullanıcı adı alınmış.", 409),
    });
    renderPage("people", session(["admin"]));
    await screen.findByTestId("people");
    fireEvent.change(screen.getByLabelText("Kullanıcı adı"), { target: { value: "mehmet" } });
    fireEvent.change(screen.getByLabelText("E-posta"), { target: { value: "m@example.com" } });
    fireEvent.click(screen.getByLabelText("İzleyici"));
    fireEvent.click(screen.getByRole("button", { name: "Davet isteği gönder" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Bu kullanıcı adı alınmış.");
    expect(screen.queryByText(/için davet isteği kaydedildi/)).toBeNull();
  });

  it("lets an admin of every brand type the brands", async () => {
    const fetched = serve({
      [PEOPLE_PAGE]: () => envelope(page([])),
      "POST /wps/ops/auth/people/invitations": () => envelope(pendingInvite, 201),
    });
    renderPage("people", session(["admin"], ["*"]));
    expect(await screen.findByText("Kayıt yok.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Kullanıcı adı"), { target: { value: "zeynep" } });
    fireEvent.change(screen.getByLabelText("E-posta"), { target: { value: "zeynep@example.com" } });
    fireEvent.click(screen.getByLabelText("Yönetici"));
    fireEvent.change(screen.getByLabelText("Marka kodları"), { target: { value: "turkeyf2, euro1 turkeyf2" } });
    fireEvent.click(screen.getByRole("button", { name: "Davet isteği gönder" }));
    await screen.findByText(/için davet isteği kaydedildi/);
    expect(sent(fetched, "POST")[0]?.body).toEqual({ username: "zeynep", email: "zeynep@example.com", roles: ["admin"], merchants: ["turkeyf2", "euro1"] });
  });

  it("asks the server for the filters and the order picked, and pages with the kit's pager", async () => {
    const filtered = "GET /wps/ops/auth/people?pageNo=1&pageSize=20&sort=username&status=active&role=admin&search=meh";
    const fetched = serve({
      [PEOPLE_PAGE]: () => envelope(page(PEOPLE, 41)),
      "GET /wps/ops/auth/people?pageNo=2&pageSize=20&sort=newest": () => envelope(page([{ ...PEOPLE[0], id: "p2", username: "selin" }], 41, 2)),
      [filtered]: () => envelope(page(PEOPLE)),
    });
    renderPage("people", session(["admin"]));
    await screen.findByTestId("people");
    expect(screen.getByText("Toplam 41 kayıt")).toBeTruthy();
    const pager = screen.getByRole("navigation", { name: "Sayfalar" });
    expect(pager.textContent).toContain("1 / 3");
    fireEvent.click(within(pager).getByRole("button", { name: "Sonraki" }));
    expect(await screen.findByText("selin")).toBeTruthy();
    const form = screen.getByRole("form", { name: "Filtrele" });
    fireEvent.change(within(form).getByLabelText("Durum"), { target: { value: "active" } });
    fireEvent.change(within(form).getByLabelText("Rol"), { target: { value: "admin" } });
    fireEvent.change(within(form).getByLabelText("Kullanıcı adının başı"), { target: { value: " meh " } });
    fireEvent.change(within(form).getByLabelText("Sıralama"), { target: { value: "username" } });
    fireEvent.click(within(form).getByRole("button", { name: "Filtrele" }));
    expect(await screen.findByText("Toplam 1 kayıt")).toBeTruthy();
    expect(fetched.mock.calls.map(([url]) => `GET ${String(url)}`)).toEqual([PEOPLE_PAGE, "GET /wps/ops/auth/people?pageNo=2&pageSize=20&sort=newest", filtered]);
  });

  it("neither lists nor invites for someone who is not an admin", () => {
    const fetched = serve({});
    renderPage("people", session(["content", "finance-checker"]));
    expect(screen.getByText("Bu sayfayı yalnızca yöneticiler açabilir.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Davet isteği gönder" })).toBeNull();
    expect(fetched).not.toHaveBeenCalled();
  });
});

describe("the requests page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("reads the pending requests first, then the status picked, showing kind, target, before → after and maker", async () => {
    const rejected = "GET /wps/ops/auth/requests?pageNo=1&pageSize=20&sort=oldest&status=rejected&kind=person.grant&maker=mehmet";
    const everything = "GET /wps/ops/auth/requests?pageNo=1&pageSize=20&sort=oldest&kind=person.grant&maker=mehmet";
    const fetched = serve({
      [PENDING]: () => envelope(page([pendingGrant])),
      [rejected]: () => envelope(page([])),
      [everything]: () => envelope(page([])),
    });
    renderPage("requests", session(["admin"]));
    const table = await screen.findByTestId("requests");
    const row = table.querySelector('[data-request="r2"]') as HTMLElement;
    expect(within(row).getByText("Rol / marka değişikliği")).toBeTruthy();
    expect(within(row).getByText("p1")).toBeTruthy();
    expect(row.querySelector(".oc-change")?.textContent).toBe('{"roles":["viewer"]} → {"roles":["viewer","content"]}');
    expect(within(row).getByText("mehmet")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Durum"), { target: { value: "rejected" } });
    fireEvent.change(screen.getByLabelText("Tür"), { target: { value: "person.grant" } });
    fireEvent.change(screen.getByLabelText("İsteyenin kullanıcı adı"), { target: { value: "mehmet" } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "oldest" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    expect(await screen.findByText("Kayıt yok.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Durum"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Filtrele" }));
    await vi.waitFor(() => expect(fetched.mock.calls.map(([url]) => `GET ${String(url)}`)).toContain(everything));
    expect(fetched.mock.calls.map(([url]) => `GET ${String(url)}`)).toEqual([PENDING, rejected, everything]);
  });

  it("approves someone else's request", async () => {
    const fetched = serve({
      [PENDING]: () => envelope(page([pendingGrant])),
      "POST /wps/ops/auth/requests/r2/approve": () => envelope({ ...pendingGrant, status: "approved", checker: "ayse" }),
    });
    renderPage("requests", session(["admin"]));
    const table = await screen.findByTestId("requests");
    fireEvent.click(within(table).getByRole("button", { name: "Onayla" }));
    expect(await screen.findByText("İşlem kaydedildi.")).toBeTruthy();
    expect(sent(fetched, "POST")).toEqual([{ url: "/wps/ops/auth/requests/r2/approve", body: undefined }]);
  });

  it("shows the server's refusal when the maker approves their own, and lets them withdraw it", async () => {
    const fetched = serve({
      [PENDING]: () => envelope(page([pendingInvite])),
      "POST /wps/ops/auth/requests/r1/approve": () => refusal("ops.same_person", "İsteği açan kişi onu onaylayamaz.", 403),
      "POST /wps/ops/auth/requests/r1/reject": () => envelope({ ...pendingInvite, status: "rejected", checker: "ayse" }),
    });
    renderPage("requests", session(["admin"]));
    const table = await screen.findByTestId("requests");
    fireEvent.click(within(table).getByRole("button", { name: "Onayla" }));
    expect((await screen.findByRole("alert")).textContent).toBe("İsteği açan kişi onu onaylayamaz.");
    fireEvent.click(within(table).getByRole("button", { name: "Geri çek" }));
    expect(await screen.findByText("İşlem kaydedildi.")).toBeTruthy();
    expect(sent(fetched, "POST").map((call) => call.url)).toEqual(["/wps/ops/auth/requests/r1/approve", "/wps/ops/auth/requests/r1/reject"]);
  });

  it("shows no request and no button to someone who is not an admin", () => {
    const fetched = serve({});
    renderPage("requests", session(["finance-checker"]));
    expect(screen.getByText("Bu sayfayı yalnızca yöneticiler açabilir.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Onayla" })).toBeNull();
    expect(fetched).not.toHaveBeenCalled();
  });
});
