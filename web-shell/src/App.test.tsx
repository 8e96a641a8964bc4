import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { App } from "./App";
import { createQueryClient, formatDateTime, MemoryRouter, savedLanguage } from "@portal/kit";
import { seedPopupNotices } from "./features/content/api";

const BASE_CONFIG = {
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

function serve(config: object, extra: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = {
    ...extra,
    "/wps/system/config": config,
    "/wps/system/helpCenter": [{ key: "faq", title: "SSS" }],
    "/wps/system/banners?group=w_home": [{ id: 1, url: "/demo/a.svg", title: "Bonus", linkageType: "NONE", linkage: "" }],
    "/wps/system/notices?types=B&platform=W": [{ id: 9, title: "Duyuru" }],
  };
  const fetchMock = vi.fn(async (path: string) => {
    const value = answers[path];
    const body = { success: value !== undefined, value: value ?? null, errorCode: value ? null : "not_found", message: null };
    return new Response(JSON.stringify(body), { status: value ? 200 : 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

/** Each test of the block starts in English with empty storage, and ends unmounted with fetch restored. */
function eachInEnglishWithEmptyStorage() {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    localStorage.setItem("hisLang", "EN");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

describe("start-up by system status", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("renders the home page with brand, banners, marquee and help links when status is 0", async () => {
    serve(BASE_CONFIG);
    renderAt("/");
    expect(await screen.findByText("F2 Türkiye")).toBeTruthy();
    expect(await screen.findByAltText("Bonus")).toBeTruthy();
    expect(await screen.findByText("Duyuru")).toBeTruthy();
    expect(screen.getByText("SSS").getAttribute("href")).toBe("/help#faq");
  });

  it("shows the maintenance screen with its end time when status is 1", async () => {
    serve({ ...BASE_CONFIG, systemStatus: 1, maintenance: { title: "Bakımdayız", text: "Kısa bakım", endTime: "2099-01-01T06:00:00+00:00" } });
    renderAt("/");
    expect(await screen.findByRole("heading", { name: "Bakımdayız" })).toBeTruthy();
    expect(screen.getByTestId("maintenance-end").textContent).toContain(formatDateTime("TR", "2099-01-01T06:00:00Z")); // dd.MM.yyyy HH:mm
    expect(screen.queryByText("F2 Türkiye")).toBeNull();
  });

  it("leaves the end time out when the maintenance has none", async () => {
    serve({ ...BASE_CONFIG, systemStatus: 1, maintenance: { title: "Bakımdayız", text: "Kısa bakım", endTime: null } });
    renderAt("/");
    await screen.findByRole("heading", { name: "Bakımdayız" });
    expect(screen.queryByTestId("maintenance-end")).toBeNull();
  });

  it("shows the blocked-region screen with the visitor's IP when status is 2", async () => {
    serve({ ...BASE_CONFIG, systemStatus: 2, regionRestriction: { text: "Bölgenizde yok" } });
    renderAt("/");
    expect(await screen.findByTestId("visitor-ip")).toBeTruthy();
    expect(screen.getByTestId("visitor-ip").textContent).toContain("203.0.113.7");
    expect(screen.getByText("Müşteri hizmetleri").getAttribute("href")).toBe("https://support.example/chat");
  });

  it("renders a translated not-available page for routes whose service is not built", async () => {
    serve(BASE_CONFIG);
    localStorage.setItem("hisLang", "EN");
    renderAt("/seamless");
    expect(await screen.findByText("This section is not available yet.")).toBeTruthy();
  });

  it("puts one header entry per game category that has a vendor, sports first when BTI serves it", async () => {
    const vendor = (vassalage: string, gameType: string) => ({ vassalage, gameType, gameCategory: "X", name: vassalage, maintenance: false, maintenanceEnd: null });
    serve(BASE_CONFIG, {
      "/lgw/games/game_menus": [
        { gameType: "LIVE", vendors: [vendor("AV", "LIVE")] },
        { gameType: "FISH", vendors: [] },
        { gameType: "RNG", vendors: [vendor("PG", "RNG")] },
        { gameType: "SPORTS", vendors: [vendor("BTI", "SPORTS")] },
      ],
    });
    localStorage.setItem("hisLang", "EN");
    renderAt("/");
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    fireEvent.click(await within(nav).findByRole("button", { name: "Slots" })); // its drop menu
    expect(within(nav).getByRole("link", { name: "All games" }).getAttribute("href")).toBe("/rng");
    const entries = Array.from(nav.querySelectorAll("[data-nav-top]")).map((entry) => entry.textContent);
    expect(entries.indexOf("Sports betting")).toBeLessThan(entries.indexOf("Live casino"));
    expect(entries).not.toContain("Fish games");
  });

  it("puts the VIP club in the header after the points mall, in the visitor's language", async () => {
    serve(BASE_CONFIG);
    localStorage.setItem("hisLang", "CN");
    renderAt("/");
    const nav = await screen.findByRole("navigation", { name: "主菜单" });
    fireEvent.click(within(nav).getByRole("button", { name: "更多" })); // the less used entries' drop menu
    const vip = await within(nav).findByRole("link", { name: "VIP 会员" });
    expect(vip.getAttribute("href")).toBe("/vip");
    const names = within(nav).getAllByRole("link").map((link) => link.textContent);
    expect(names.indexOf("VIP 会员")).toBe(names.indexOf("积分商城") + 1);
  });

  it("names a gameListCenter page by its game type, even one this build has no text for", async () => {
    serve(BASE_CONFIG);
    localStorage.setItem("hisLang", "EN");
    renderAt("/gameListCenter/pg/rng");
    expect(await screen.findByRole("heading", { name: "Slots" })).toBeTruthy();
    cleanup();
    renderAt("/gameListCenter/xy/arcade");
    expect(await screen.findByRole("heading", { name: "ARCADE" })).toBeTruthy();
  });

  it("asks a visitor on a game list page to log in instead of listing (the list needs a session)", async () => {
    const fetchMock = serve(BASE_CONFIG);
    localStorage.setItem("hisLang", "EN");
    renderAt("/rng?vassalage=PG");
    expect(await screen.findByRole("heading", { name: "Slots" })).toBeTruthy();
    fireEvent.click(screen.getAllByRole("button", { name: "Log in" }).at(-1) as HTMLElement);
    expect(await screen.findByRole("dialog")).toBeTruthy();
    expect(fetchMock.mock.calls.some(([path]) => String(path).includes("GCSGAME_gameList"))).toBe(false);
  });

  it("offers a retry when the config cannot be loaded", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("<html>bad gateway</html>", { status: 502 })));
    renderAt("/");
    expect(await screen.findByRole("alert")).toBeTruthy();
  });
});

describe("the route guard", () => {
  eachInEnglishWithEmptyStorage();

  it("sends a visitor on a lottery route to /login, which opens the login dialog on home", async () => {
    serve({ ...BASE_CONFIG, whitelabelVal: { USERNAMELOGIN3: true, MOBILEVERCODELOGIN3: true } });
    renderAt("/lottery?gameCode=X");
    const dialog = await screen.findByRole("dialog", { name: "Log in" });
    expect(dialog).toBeTruthy();
    expect(screen.getByRole("tab", { name: "SMS" })).toBeTruthy();
    expect(await screen.findByAltText("Bonus")).toBeTruthy(); // home is underneath
  });

  it("lets a session through to the route", async () => {
    serve(BASE_CONFIG);
    sessionStorage.setItem("token", "t-1");
    renderAt("/lottery");
    expect(await screen.findByRole("tablist")).toBeTruthy(); // the lottery lobby's categories
  });

  it("stops a trial account at the member centre with the in_need_true_account notice", async () => {
    serve(BASE_CONFIG, { "/wps/member/info": { id: "t1", account: "trial1", nickname: null, type: 4 } });
    sessionStorage.setItem("token", "t-1");
    renderAt("/member/depositv2");
    expect(await screen.findByTestId("in_need_true_account")).toBeTruthy();
    expect(screen.queryByTestId("remote-failed")).toBeNull();
  });

  it("stops a trial account at the points mall with the same notice, and asks a visitor there to log in", async () => {
    const fetched = serve(BASE_CONFIG, { "/wps/member/info": { id: "t1", account: "trial1", nickname: null, type: 4 } });
    sessionStorage.setItem("token", "t-1");
    renderAt("/pointMall");
    expect(await screen.findByTestId("in_need_true_account")).toBeTruthy();
    expect(fetched.mock.calls.some(([path]) => String(path).includes("Point"))).toBe(false);
    cleanup();
    sessionStorage.clear();
    renderAt("/pointMall");
    expect(await screen.findByTestId("point-mall-login")).toBeTruthy();
    expect(screen.queryByTestId("not-available")).toBeNull();
  });

  it("keeps dialogs open on an outside click and closes them with their button", async () => {
    serve(BASE_CONFIG);
    renderAt("/login");
    const dialog = await screen.findByRole("dialog", { name: "Log in" });
    fireEvent.mouseDown(document.querySelector(".kit-overlay") as Element);
    fireEvent.click(document.querySelector(".kit-overlay") as Element);
    expect(screen.getByRole("dialog", { name: "Log in" })).toBe(dialog);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("the visitors' popup", () => {
  const POPUP = { "/wps/system/notices?types=PU&platform=W": [{ id: 3, title: "Bonus week", content: "<p>Deposit and get 100%</p>" }] };
  eachInEnglishWithEmptyStorage();

  it("opens with the first page, its first notice open, over the home page rendered behind it", async () => {
    serve(BASE_CONFIG, POPUP);
    renderAt("/");
    const dialog = await screen.findByRole("dialog", { name: "Announcements" });
    expect(dialog.textContent).toContain("Deposit and get 100%");
    expect(await screen.findByAltText("Bonus")).toBeTruthy(); // the home page's banner, behind the dialog
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(sessionStorage.getItem("popupClosed:visitor")).toBe("1");
  });

  it("takes over the popup the page drew before it loaded: open at once with those notices, not asked again", async () => {
    const fetchMock = serve(BASE_CONFIG); // the popup's notices are not served: they came with the first paint
    const queries = createQueryClient();
    const drawn = { id: 4, type: "PU", popupExecution: null, title: "Drawn first", content: "<p>Before the shell</p>" };
    seedPopupNotices(queries, "EN", [{ ...drawn, promotionType: null, startDateStr: "", startsAt: "2026-11-24T00:00:00+00:00", endsAt: null }]);
    render(
      <MemoryRouter initialEntries={["/"]}>
        <App queries={queries} />
      </MemoryRouter>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Announcements" });
    expect(dialog.textContent).toContain("Before the shell");
    expect(fetchMock.mock.calls.some(([path]) => String(path).includes("types=PU"))).toBe(false);
  });

  it("takes over the popup at the page and the notice the visitor left it at before the shell loaded", async () => {
    serve(BASE_CONFIG);
    const queries = createQueryClient();
    const notices = Array.from({ length: 8 }, (_, index) => ({
      id: index + 1, type: "PU", popupExecution: null, title: `Notice ${index + 1}`, content: `<p>Body ${index + 1}</p>`,
      promotionType: null, startDateStr: "", startsAt: "2026-11-24T00:00:00+00:00", endsAt: null,
    }));
    seedPopupNotices(queries, "EN", notices);
    render(
      <MemoryRouter initialEntries={["/"]}>
        <App queries={queries} popupView={{ page: 1, selected: 7 }} />
      </MemoryRouter>,
    );
    const dialog = await screen.findByRole("dialog", { name: "Announcements" });
    expect(dialog.textContent).toContain("2 / 2");
    expect(dialog.textContent).toContain("Body 7");
    expect(dialog.textContent).not.toContain("Notice 1");
  });

  it("stays closed once closed in this browser session", async () => {
    serve(BASE_CONFIG, POPUP);
    sessionStorage.setItem("popupClosed:visitor", "1");
    renderAt("/");
    expect(await screen.findByAltText("Bonus")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("saved language", () => {
  it("falls back to TR for an unsupported saved value", () => {
    localStorage.setItem("hisLang", "JA");
    expect(savedLanguage(localStorage)).toBe("TR");
    localStorage.setItem("hisLang", "cn");
    expect(savedLanguage(localStorage)).toBe("CN");
  });
});

describe("the agent entry", () => {
  eachInEnglishWithEmptyStorage();

  it("sends a visitor at the agent centre to the agent login, with no remember-me", async () => {
    serve(BASE_CONFIG);
    renderAt("/agentHome/myIncome");
    const form = await screen.findByRole("form", { name: "Agent login" });
    expect(form.querySelector('input[name="username"]')).toBeTruthy();
    expect(screen.queryByLabelText("Remember my username")).toBeNull();
    expect(screen.getAllByRole("link", { name: "Agent login" }).length).toBeGreaterThan(0);
  });

  it("sends a member home instead of the agent centre", async () => {
    serve(BASE_CONFIG, { "/wps/member/info": { id: "m1", account: "member1", nickname: null, type: 0 } });
    sessionStorage.setItem("token", "t-1");
    sessionStorage.setItem("popupClosed:member", "1");
    renderAt("/agentHome");
    expect(await screen.findByAltText("Bonus")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Agent login" })).toBeNull();
    expect(screen.queryByText("My income")).toBeNull();
  });

  it("shows an agent the home page's agent items", async () => {
    serve(BASE_CONFIG, { "/wps/member/info": { id: "a1", account: "agent1", nickname: null, type: 1 } });
    sessionStorage.setItem("token", "t-1");
    sessionStorage.setItem("popupClosed:agent", "1");
    renderAt("/");
    expect(await screen.findByRole("button", { name: "My income" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Agent overview" })).toBeTruthy();
  });
});
