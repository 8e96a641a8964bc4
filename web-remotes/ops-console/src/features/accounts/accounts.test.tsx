import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { AccountActions } from "./components/AccountActions";

const session = (roles: string[]): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 });

const envelope = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
const refusal = (code: string, message: string, status: number) => new Response(JSON.stringify({ success: false, value: null, errorCode: code, message }), { status });

function serve(answers: Record<string, () => Response>) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const name = `${init?.method ?? "GET"} ${String(input)}`;
    const answer = answers[name];
    return answer ? answer() : refusal("unknown", `unexpected ${name}`, 500);
  });
}

function sent(fetched: ReturnType<typeof serve>) {
  return fetched.mock.calls.map(([url, init]) => ({ method: init?.method, url: String(url), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined }));
}

function renderPage(roles: string[]) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(roles)));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <AccountActions />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const type = (value: string) => fireEvent.change(screen.getByLabelText("Hesap kimliği"), { target: { value } });

describe("the account actions", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("unlocks the account typed, in the brand", async () => {
    const fetched = serve({ "POST /wps/ops/auth/merchants/turkeyf2/accounts/acc%2F42/unlock": () => envelope({ done: true }) });
    renderPage(["admin"]);
    fireEvent.click(screen.getByRole("button", { name: "Kilidi kaldır" }));
    expect(screen.getByRole("alert").textContent).toBe("Önce hesap kimliğini girin.");
    expect(fetched).not.toHaveBeenCalled();
    type(" acc/42 ");
    fireEvent.click(screen.getByRole("button", { name: "Kilidi kaldır" }));
    expect((await screen.findByRole("status")).textContent).toBe("acc/42 hesabının kilidi kaldırıldı.");
    expect(sent(fetched)).toEqual([{ method: "POST", url: "/wps/ops/auth/merchants/turkeyf2/accounts/acc%2F42/unlock", body: undefined }]);
    expect((fetched.mock.calls[0]?.[1]?.headers as Record<string, string>)["Authorization"]).toBe("tok");
  });

  it("locks for the time chosen, only with a reason", async () => {
    const fetched = serve({ "POST /wps/ops/auth/merchants/turkeyf2/accounts/acc42/lock": () => envelope({ done: true }) });
    renderPage(["admin"]);
    type("acc42");
    fireEvent.change(screen.getByLabelText("Süre"), { target: { value: "72" } });
    fireEvent.click(screen.getByRole("button", { name: "Kilitle" }));
    expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Bir gerekçe yazın.");
    expect(fetched).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Gerekçe (denetim kaydına yazılır)"), { target: { value: " itiraz " } });
    fireEvent.click(screen.getByRole("button", { name: "Kilitle" }));
    expect((await screen.findByRole("status")).textContent).toBe("acc42 hesabı 72 saat kilitlendi; oturumları kapatıldı.");
    expect(sent(fetched)).toEqual([
      { method: "POST", url: "/wps/ops/auth/merchants/turkeyf2/accounts/acc42/lock", body: { hours: 72, reason: "itiraz" } },
    ]);
  });

  it("disables only after the confirmation, with the status the server takes", async () => {
    const fetched = serve({ "PUT /wps/ops/auth/merchants/turkeyf2/accounts/acc-7/status": () => envelope({ done: true }) });
    renderPage(["admin"]);
    type("acc-7");
    fireEvent.click(screen.getByRole("button", { name: "Devre dışı bırak" }));
    expect(fetched).not.toHaveBeenCalled();
    expect(screen.getByText(/acc-7 hesabı devre dışı bırakılsın mı\?/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Evet, devre dışı bırak" }));
    expect((await screen.findByRole("status")).textContent).toBe("acc-7 hesabı devre dışı; oturumları kapatıldı.");
    expect(sent(fetched)).toEqual([{ method: "PUT", url: "/wps/ops/auth/merchants/turkeyf2/accounts/acc-7/status", body: { status: "disabled" } }]);
  });

  it("enables an account again", async () => {
    const fetched = serve({ "PUT /wps/ops/auth/merchants/turkeyf2/accounts/acc-7/status": () => envelope({ done: true }) });
    renderPage(["admin"]);
    type("acc-7");
    fireEvent.click(screen.getByRole("button", { name: "Yeniden etkinleştir" }));
    expect((await screen.findByRole("status")).textContent).toBe("acc-7 hesabı yeniden etkin.");
    expect(sent(fetched)[0]?.body).toEqual({ status: "active" });
  });

  it("shows the server's refusal as it says it", async () => {
    serve({ "POST /wps/ops/auth/merchants/turkeyf2/accounts/nobody/unlock": () => refusal("account.not_found", "Hesap bulunamadı.", 404) });
    renderPage(["admin"]);
    type("nobody");
    fireEvent.click(screen.getByRole("button", { name: "Kilidi kaldır" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Hesap bulunamadı.");
  });

  it("shows no button to someone who is not an admin", () => {
    serve({});
    renderPage(["content", "finance-maker", "finance-checker", "viewer"]);
    expect(screen.getByText("Bu işlemleri yalnızca markanın yöneticileri yapabilir.")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByLabelText("Hesap kimliği")).toBeNull();
  });
});
