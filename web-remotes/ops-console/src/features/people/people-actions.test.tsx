import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { People } from "./components/People";
import { Ranges } from "./components/Ranges";

const admin: OpsSession = { token: "tok", username: "ayse", roles: ["admin"], merchants: ["turkeyf2", "euro1"], expiresAt: Date.now() + 60_000 };
const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });
const person = (id: string, username: string, status: string) => ({
  id, username, email: `${username}@example.com`, roles: ["viewer"], merchants: ["turkeyf2"], status, createdBy: "root", createdAt: "2026-11-01T10:00:00Z", lastLoginAt: null,
});
const PEOPLE = "GET /wps/ops/auth/people?pageNo=1&pageSize=20&sort=newest";
const grantRequest = { id: "r9", kind: "person.grant", target: "p1", merchants: ["turkeyf2"], before: null, after: {}, status: "pending", maker: "ayse", checker: null, createdAt: "2026-11-21T10:00:00Z", decidedAt: null };

function serve(answers: Record<string, (body: unknown) => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    return answer ? answer(init?.body ? JSON.parse(String(init.body)) : undefined) : refusal("unknown", `unexpected ${name}`, 500);
  });
}

function renderPage(page: "people" | "ranges") {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(admin));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>{page === "people" ? <People /> : <Ranges />}</OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a person's actions", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("asks for a change of roles with the ticked roles and brands", async () => {
    const bodies: unknown[] = [];
    serve({
      [PEOPLE]: () => envelope({ pageNum: 1, totalPages: 1, total: 1, list: [person("p1", "mehmet", "active")] }),
      "POST /wps/ops/auth/people/p1/grant": (body) => (bodies.push(body), envelope(grantRequest)),
    });
    renderPage("people");
    const row = (await screen.findByText("mehmet")).closest("tr") as HTMLElement;
    fireEvent.click(within(row).getByRole("button", { name: /Rolleri değiştir/ }));
    const form = within(row).getByRole("form", { name: /mehmet/ });
    fireEvent.click(within(form).getByRole("checkbox", { name: "İçerik" }));
    fireEvent.click(within(form).getByRole("checkbox", { name: "euro1" }));
    fireEvent.click(within(form).getByRole("button", { name: /Değişiklik isteği gönder/ }));
    expect(await within(row).findByText(/ikinci bir yönetici/)).toBeTruthy();
    expect(bodies).toEqual([{ roles: ["viewer", "content"], merchants: ["turkeyf2", "euro1"] }]);
  });

  it("disables an active person, resends an invitee's link, and shows a refusal as the server says it", async () => {
    const changes: unknown[] = [];
    serve({
      [PEOPLE]: () => envelope({ pageNum: 1, totalPages: 1, total: 2, list: [person("p1", "mehmet", "active"), person("p2", "zeynep", "invited")] }),
      "PATCH /wps/ops/auth/people/p1": (body) => (changes.push(body), refusal("ops.last_admin", "Son yönetici devre dışı bırakılamaz.", 409)),
      "POST /wps/ops/auth/people/p2/invitation": () => envelope({ done: true }),
    });
    renderPage("people");
    const mehmet = (await screen.findByText("mehmet")).closest("tr") as HTMLElement;
    fireEvent.click(within(mehmet).getByRole("button", { name: "Devre dışı bırak" }));
    expect(await within(mehmet).findByText("Son yönetici devre dışı bırakılamaz.")).toBeTruthy();
    expect(changes).toEqual([{ status: "disabled" }]);
    const zeynep = screen.getByText("zeynep").closest("tr") as HTMLElement;
    expect(within(zeynep).queryByRole("button", { name: "Devre dışı bırak" })).toBeNull();
    fireEvent.click(within(zeynep).getByRole("button", { name: "Daveti yeniden gönder" }));
    expect(await within(zeynep).findByText(/yeniden gönderildi/)).toBeTruthy();
  });
});

describe("the address ranges page", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("lists the ranges and asks to add one and to remove one", async () => {
    const asked: Array<[string, unknown]> = [];
    serve({
      "GET /wps/ops/auth/ranges": () => envelope([{ cidr: "10.0.0.0/8", addedBy: "root", approvedBy: "second", createdAt: "2026-11-01T10:00:00Z" }]),
      "POST /wps/ops/auth/ranges": (body) => (asked.push(["add", body]), envelope({ ...grantRequest, kind: "range.add" })),
      "POST /wps/ops/auth/ranges/remove": (body) => (asked.push(["remove", body]), envelope({ ...grantRequest, kind: "range.remove" })),
    });
    renderPage("ranges");
    const table = await screen.findByTestId("ranges");
    fireEvent.click(within(table).getByRole("button", { name: "Kaldırma isteği" }));
    await waitFor(() => expect(asked).toEqual([["remove", { cidr: "10.0.0.0/8" }]]));
    fireEvent.click(screen.getByRole("button", { name: "Ekleme isteği gönder" }));
    expect(await screen.findByText("Bu alan zorunludur.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Adres aralığı \(CIDR\)/), { target: { value: " 203.0.113.0/24 " } });
    fireEvent.click(screen.getByRole("button", { name: "Ekleme isteği gönder" }));
    await waitFor(() => expect(asked[1]).toEqual(["add", { cidr: "203.0.113.0/24" }]));
  });
});
