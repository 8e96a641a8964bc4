import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, Route, Routes, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import App, { pagesFor, takeEnrolToken } from "./App";
import { ACTIONS } from "./features/finance/components/Withdrawals";
import type { OpsSession } from "./shared/session";
import { BRAND_KEY, SESSION_KEY, brandFor, holds, storedSession } from "./shared/session";

const session = (roles: string[], expiresAt = Date.now() + 60_000): OpsSession => ({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt });

function renderApp() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Routes>
          <Route path="/*" element={<App />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the ops session", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("is kept under its own key, never the member's, and not past its expiry", () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(["viewer"])));
    expect(storedSession(sessionStorage)?.username).toBe("ayse");
    expect(sessionStorage.getItem("token")).toBeNull();
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(["viewer"], Date.now() - 1)));
    expect(storedSession(sessionStorage)).toBeNull();
    sessionStorage.setItem(SESSION_KEY, "{not json");
    expect(storedSession(sessionStorage)).toBeNull();
  });

  it("never works on a brand the session may not act for, whatever was chosen before", () => {
    expect(brandFor(session(["viewer"]), "otherbrand")).toBe("turkeyf2");
    expect(brandFor(session(["viewer"]), null)).toBe("turkeyf2");
    expect(brandFor({ ...session(["admin"]), merchants: ["*"] }, "bahis7")).toBe("bahis7");
  });

  it("ends the session at the expiry the login gave, and forgets the brand chosen", async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(["viewer"], Date.now() + 300)));
    sessionStorage.setItem(BRAND_KEY, "turkeyf2");
    renderApp();
    expect(screen.getByRole("navigation", { name: "Konsol menüsü" })).toBeTruthy();
    expect(await screen.findByText("Oturumunuz sona erdi; yeniden giriş yapın.", {}, { timeout: 2000 })).toBeTruthy();
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
    expect(sessionStorage.getItem(BRAND_KEY)).toBeNull();
  });

  it("signs out at once, even while the server does not answer", async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(["viewer"])));
    const fetched = vi.spyOn(globalThis, "fetch").mockReturnValue(new Promise<Response>(() => undefined));
    renderApp();
    fireEvent.click(screen.getByRole("button", { name: "Çıkış" }));
    expect(await screen.findByRole("form", { name: "Giriş" })).toBeTruthy();
    expect(fetched.mock.calls.map(([url]) => String(url))).toContain("/wps/ops/auth/logout");
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it("opens pages by role: finance to finance people and viewers, admin everywhere, content not to finance", () => {
    expect(pagesFor(session(["finance-maker"])).map((page) => page.path)).toContain("finance/withdrawals");
    expect(pagesFor(session(["admin"])).map((page) => page.path)).toContain("finance/withdrawals");
    expect(pagesFor(session(["content"])).map((page) => page.path)).not.toContain("finance/withdrawals");
    expect(holds(session(["admin"]), "finance-checker")).toBe(true);
    expect(holds(session(["finance-maker"]), "finance-checker")).toBe(false);
    expect(holds(session(["content"]), "viewer")).toBe(true); // every role may read
    expect(pagesFor(session(["content"])).map((page) => page.path)).toEqual(["audit/log", "content/banners", "content/announcements", "content/help", "content/broadcasts", "loyalty/rules", "loyalty/mall", "loyalty/missions", "loyalty/vip", "loyalty/raffles", "loyalty/promotions", "brand/vendors", "brand/lottery-games"]);
    expect(pagesFor(session(["content"])).map((page) => page.path)).not.toContain("loyalty/redemptions"); // members' addresses
    expect(pagesFor(session(["finance-maker"])).map((page) => page.path)).toContain("loyalty/redemptions");
    expect(pagesFor(session(["finance-maker"])).map((page) => page.path)).toEqual(expect.arrayContaining(["loyalty/promotions", "loyalty/bonuses", "loyalty/applications"])); // members' bonuses and images: finance readers
    expect(pagesFor(session(["content"])).map((page) => page.path)).not.toContain("content/feedback"); // members' personal data
    expect(pagesFor(session(["viewer"])).map((page) => page.path)).toContain("dashboards/daily"); // money figures: finance readers
    expect(pagesFor(session(["viewer"])).map((page) => page.path)).toContain("agents/list"); // agents' contracts: finance readers
  });

  it("offers a maker approve and reject on a pending withdrawal, and paying only to a checker", () => {
    expect(ACTIONS["pending"]?.map((item) => item.action)).toEqual(["approve", "reject"]);
    expect(ACTIONS["approved"]?.find((item) => item.action === "pay")?.role).toBe("finance-checker");
    expect(ACTIONS["paid"]).toBeUndefined();
  });

  it("takes the enrolment token from the link's fragment and out of the address bar", () => {
    window.history.replaceState(null, "", "/ops/#enrolToken=abc%2Ddef");
    expect(takeEnrolToken(window.location, window.history)).toBe("abc-def");
    expect(window.location.hash).toBe("");
    expect(takeEnrolToken(window.location, window.history)).toBeNull();
  });

  it("asks for the password, then the code, and sends both in one login", async () => {
    const fetched = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ success: false, value: null, errorCode: "ops.login_failed", message: "Giriş reddedildi." }), { status: 401 }),
    );
    renderApp();
    fireEvent.change(screen.getByLabelText("Kullanıcı adı"), { target: { value: "ayse" } });
    fireEvent.change(screen.getByLabelText("Şifre"), { target: { value: "a long password" } });
    fireEvent.click(screen.getByRole("button", { name: "Devam" }));
    expect(fetched).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Doğrulama kodu"), { target: { value: "12 34 56" } });
    fireEvent.click(screen.getByRole("button", { name: "Giriş yap" }));
    expect(await screen.findByText("Giriş reddedildi.")).toBeTruthy();
    const [url, init] = fetched.mock.calls[0] ?? [];
    expect(url).toBe("/wps/ops/auth/login");
    expect(JSON.parse(String(init?.body))).toEqual({ username: "ayse", password: "a long password", totp: "123456" });
    expect((init?.headers as Record<string, string>)["Authorization"]).toBeUndefined();
    // refused: back to the first step, the password cleared
    expect((screen.getByLabelText("Şifre") as HTMLInputElement).value).toBe("");
  });

  it("shows the console to a stored session and calls with its token", async () => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session(["finance-maker"])));
    sessionStorage.setItem("token", "member-token");
    const empty = { pageNum: 1, totalPages: 0, total: 0, list: [] };
    const fetched = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify({ success: true, value: empty, errorCode: null, message: null })));
    renderApp();
    fireEvent.click(screen.getByRole("link", { name: "Çekim kuyruğu" }));
    expect(await screen.findByText("Kayıt yok.")).toBeTruthy();
    const [url, init] = fetched.mock.calls[0] ?? [];
    expect(String(url)).toBe("/wps/ops/wallet/merchants/turkeyf2/withdrawals?status=pending&sort=queue&pageNo=1&pageSize=20");
    expect((init?.headers as Record<string, string>)["Authorization"]).toBe("tok");
  });
});
