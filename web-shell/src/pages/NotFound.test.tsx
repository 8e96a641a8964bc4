import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "../App";
import { MemoryRouter } from "@portal/kit";

const CONFIG = {
  merchant: "turkeyf2",
  name: "F2 Türkiye",
  languages: ["TR", "EN", "CN"],
  currencySymbol: "₺",
  description: "Açıklama",
  copyright: "© 2026",
  customerServiceUrl: "https://support.example/chat",
  systemStatus: 0,
  location: { ip: "203.0.113.7" },
  resources: {},
};

const ANSWERS: Record<string, unknown> = {
  "/wps/system/config": CONFIG,
  "/wps/system/helpCenter": [{ key: "faq", title: "SSS" }],
  "/wps/system/banners?group=w_home": [],
  "/wps/system/notices?types=B&platform=W": [],
};

function serve() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      const value = ANSWERS[path];
      const body = { success: value !== undefined, value: value ?? null, errorCode: value ? null : "not_found", message: null };
      return new Response(JSON.stringify(body), { status: value ? 200 : 404 });
    }),
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

describe("a path the portal does not have", () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    serve();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    ["TR", "Sayfa bulunamadı", "Ana sayfaya dön"],
    ["EN", "Page not found", "Back to home"],
    ["CN", "页面不存在", "返回首页"],
  ])("says it is not found in %s, with the path and a link home", async (language, title, home) => {
    localStorage.setItem("hisLang", language);
    renderAt("/no/such/page");
    const page = await screen.findByTestId("not-found");
    expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    expect(page.textContent).toContain("/no/such/page");
    expect(screen.getByRole("link", { name: home }).getAttribute("href")).toBe("/");
    expect(screen.queryByTestId("not-available")).toBeNull();
  });

  it("keeps the not-available page for sections whose service is not built yet", async () => {
    localStorage.setItem("hisLang", "EN");
    renderAt("/seamless");
    expect(await screen.findByTestId("not-available")).toBeTruthy();
    expect(screen.queryByTestId("not-found")).toBeNull();
  });
});
