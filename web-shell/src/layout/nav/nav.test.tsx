import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Language, LotteryGameRead, MenuRead, SiteConfigRead, VendorRead } from "@portal/kit";
import { createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { ModalContext } from "../../shared/ModalContext";
import { SiteContext, siteValue } from "../../shared/site";
import { lotteryFamilies, lotteryGamePath, lotteryHalls } from "./lotteryNav";
import { MainNav } from "./MainNav";

const vendor = (vassalage: string, gameType: string, name: string): VendorRead => ({
  vassalage, gameType, gameCategory: gameType, name, maintenance: false, maintenanceEnd: null,
});
const MENUS: MenuRead[] = [
  { gameType: "SPORTS", vendors: [vendor("BTI", "SPORTS", "BTi Sports")] },
  { gameType: "LIVE", vendors: [vendor("DIG", "LIVE", "Dream Gaming"), { ...vendor("WGB", "LIVE", "WG Live"), maintenance: true }] },
  { gameType: "COCKFIGHT", vendors: [vendor("DS88", "COCKFIGHT", "DS88 Sabong")] },
  { gameType: "RNG", vendors: [vendor("PG", "RNG", "PG Soft"), vendor("BGS", "RNG", "BGS Originals")] },
  { gameType: "LOTT", vendors: [vendor("LOTT", "LOTT", "Portal Lottery"), vendor("TCG_SEA", "LOTT", "SEA Lottery"), vendor("TCG_LOTTO_VN", "LOTT", "VN Lottery")] },
];
const issue = (gameCode: string, drawsInMs: number) => ({
  gameCode, issue: "20261127-0001", opensAt: "2026-11-27T00:00:00Z", closesAt: new Date(Date.now() + drawsInMs - 10_000).toISOString(),
  drawsAt: new Date(Date.now() + drawsInMs).toISOString(), seedHash: "ab",
});
const game = (gameCode: string, gameName: string, category: string, area: string, intervalMinutes: number, drawsInMs: number | null): LotteryGameRead => ({
  gameCode, gameName, category, area, intervalMinutes, hot: false, current: drawsInMs === null ? null : issue(gameCode, drawsInMs), last: null,
});
/** The lottery's answer, its issues timed from now (when it is asked). */
const games = () => [
  game("VN_NORTH", "VN Northern Lottery", "vn", "TCG_LOTTO_VN", 0, 3_600_000 + 65_000),
  game("SSC_5M", "SSC 5'", "ssc", "LOTT", 5, 200_000),
  game("SSC_1M", "Speed SSC 1'", "ssc", "LOTT", 1, 42_000),
  game("K3_1M", "Speed Dice 1'", "k3", "LOTT", 1, 30_000),
  game("SEA_5M", "SEA Lotto 5'", "sea", "TCG_SEA", 5, null),
  game("OTHER_1M", "Another vendor's", "ssc", "ELSEWHERE", 1, 30_000),
];
const CONFIG = { currencySymbol: "₺", whitelabelVal: {} } as unknown as SiteConfigRead;

function serve() {
  const fetch = vi.fn(async (path: string) => {
    const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
    if (path.startsWith("/lgw/games/game_menus")) return ok(MENUS);
    if (path.startsWith("/lotto/lgw/games")) return ok(games());
    return new Response(JSON.stringify({ success: false, value: null, errorCode: "not_found", message: null }), { status: 404 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function renderNav(language: Language = "EN") {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language, setLanguage: () => undefined }}>
        <SessionProvider>
          <SiteContext.Provider value={siteValue(CONFIG, [])}>
            <ModalContext.Provider value={{ open: vi.fn(), close: () => undefined, closeIfOpen: () => undefined, isOpen: () => false }}>
              <MemoryRouter initialEntries={["/"]}>
                <MainNav />
              </MemoryRouter>
            </ModalContext.Provider>
          </SiteContext.Provider>
        </SessionProvider>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

const nav = () => screen.getByRole("navigation", { name: "Main menu" });
const entry = (name: string) => within(nav()).getByRole("button", { name });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("the header's navigation", () => {
  it("has home, one entry per category (one for the lottery), promotions and More", async () => {
    serve();
    renderNav();
    await within(nav()).findByRole("button", { name: "Slots" });
    const tops = Array.from(nav().querySelectorAll("[data-nav-top]")).map((node) => node.textContent);
    expect(tops).toEqual(["Home", "Sports betting", "Live casino", "Cockfight", "Slots", "Lottery", "Promotions", "More"]);
    expect(entry("Slots").getAttribute("aria-expanded")).toBe("false");
    expect(nav().querySelector("[aria-expanded='true']")).toBeNull();
  });

  it("opens a category's vendors with the keyboard and closes it with Escape, focus back on its entry", async () => {
    serve();
    renderNav();
    const slots = await within(nav()).findByRole("button", { name: "Slots" });
    slots.focus();
    fireEvent.keyDown(slots, { key: "ArrowDown" });
    expect(slots.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(slots.getAttribute("aria-controls") ?? "") as HTMLElement;
    const links = within(panel).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["All games", "/rng"], ["PG Soft", "/gameListCenter/pg/rng"], ["BGS Originals", "/gameListCenter/bgs/rng"],
    ]);
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowDown" });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowUp" });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "ArrowUp" });
    expect(document.activeElement).toBe(links[2]); // wraps round
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Escape" });
    expect(slots.getAttribute("aria-expanded")).toBe("false");
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(slots);
    fireEvent.keyDown(slots, { key: "ArrowRight" });
    expect(document.activeElement).toBe(entry("Lottery"));
  });

  it("toggles on a click (a tap), opens one menu at a time and marks a vendor under maintenance", async () => {
    serve();
    renderNav();
    const live = await within(nav()).findByRole("button", { name: "Live casino" });
    fireEvent.click(live);
    expect(live.getAttribute("aria-expanded")).toBe("true");
    expect(within(nav()).getByRole("link", { name: /WG Live/ }).textContent).toContain("Under maintenance");
    fireEvent.click(entry("More"));
    expect(live.getAttribute("aria-expanded")).toBe("false");
    expect(within(nav()).getByRole("link", { name: "Points mall" }).getAttribute("href")).toBe("/pointMall");
    fireEvent.click(entry("More"));
    expect(entry("More").getAttribute("aria-expanded")).toBe("false");
  });

  it("opens on a mouse's hover and closes when the mouse leaves", async () => {
    serve();
    renderNav();
    const live = await within(nav()).findByRole("button", { name: "Live casino" });
    const menu = live.parentElement as HTMLElement;
    fireEvent.pointerEnter(menu, { pointerType: "mouse" });
    expect(live.getAttribute("aria-expanded")).toBe("true");
    fireEvent.pointerLeave(menu, { pointerType: "mouse" });
    await waitFor(() => expect(live.getAttribute("aria-expanded")).toBe("false"));
    fireEvent.pointerEnter(menu, { pointerType: "touch" });
    expect(live.getAttribute("aria-expanded")).toBe("false");
  });

  it("lists every lottery game by family with its next draw's countdown, each leading to its betting page", async () => {
    const fetch = serve();
    renderNav();
    const lottery = await within(nav()).findByRole("button", { name: "Lottery" });
    expect(fetch.mock.calls.some(([path]) => String(path).startsWith("/lotto/"))).toBe(false); // read only when opened
    fireEvent.click(lottery);
    const panel = document.getElementById(lottery.getAttribute("aria-controls") ?? "") as HTMLElement;
    await within(panel).findByRole("link", { name: /Speed SSC 1'/ });
    const families = within(panel).getAllByRole("region").map((region) => region.querySelector("h3")?.textContent);
    expect(families).toEqual(["SSC", "Dice", "SEA Lotto", "VN Lottery", "Lottery halls"]);
    const ssc = within(panel).getByRole("region", { name: "SSC" });
    const sscGames = within(ssc).getAllByRole("link");
    expect(sscGames.map((link) => link.getAttribute("href"))).toEqual(["/lottery?gameCode=SSC_1M", "/lottery?gameCode=SSC_5M"]);
    expect(sscGames[0]?.textContent).toMatch(/Draw in 00:(39|4[0-3])/);
    expect(sscGames[1]?.textContent).toMatch(/Draw in 03:[12]\d/);
    expect(within(panel).getByRole("link", { name: /VN Northern Lottery/ }).getAttribute("href")).toBe("/vnLottery?gameCode=VN_NORTH");
    expect(within(panel).getByRole("link", { name: /VN Northern Lottery/ }).textContent).toMatch(/Draw in 1:01:0\d/);
    expect(within(panel).getByRole("link", { name: /SEA Lotto 5'/ }).textContent).toContain("No open issue");
    expect(within(panel).queryByText("Another vendor's")).toBeNull();
    const halls = within(within(panel).getByRole("region", { name: "Lottery halls" })).getAllByRole("link");
    expect(halls.map((link) => link.getAttribute("href"))).toEqual(["/lottery", "/seaLottery", "/vnLottery"]);
  });

  it("counts the draw down every second while open", async () => {
    serve();
    renderNav();
    fireEvent.click(await within(nav()).findByRole("button", { name: "Lottery" }));
    const dice = await screen.findByRole("link", { name: /Speed Dice 1'/ });
    const before = dice.textContent;
    await act(() => new Promise((resolve) => setTimeout(resolve, 1100)));
    expect(dice.textContent).not.toBe(before);
  });

  it("speaks Turkish and Chinese", async () => {
    serve();
    renderNav("TR");
    fireEvent.click(await within(screen.getByRole("navigation", { name: "Ana menü" })).findByRole("button", { name: "Daha fazla" }));
    expect(screen.getByRole("link", { name: "Puan mağazası" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Loto" }));
    expect(await screen.findByRole("region", { name: "Zar" })).toBeTruthy();
    expect((await screen.findByRole("link", { name: /Speed Dice 1'/ })).textContent).toMatch(/Çekilişe 00:\d\d/);
    cleanup();
    renderNav("CN");
    expect(await screen.findByRole("button", { name: "更多" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "菜单" })).toBeTruthy();
  });

  it("is a menu button and a panel of the same entries on a phone", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    serve();
    renderNav();
    const button = screen.getByRole("button", { name: "Menu" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("link", { name: "Home" })).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const slots = await within(nav()).findByRole("button", { name: "Slots" });
    fireEvent.pointerEnter(slots.parentElement as HTMLElement, { pointerType: "mouse" });
    expect(slots.getAttribute("aria-expanded")).toBe("false"); // no hover on the panel
    fireEvent.click(slots);
    expect(within(nav()).getByRole("link", { name: "PG Soft" })).toBeTruthy();
    fireEvent.keyDown(within(nav()).getByRole("link", { name: "Home" }), { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("true"); // Escape closes the open menu first
    fireEvent.keyDown(within(nav()).getByRole("link", { name: "Home" }), { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });
});

describe("the lottery menu's rules", () => {
  it("orders families as the lobby does, the fastest draws first, and keeps the brand's vendors' games", () => {
    const families = lotteryFamilies(games(), [vendor("LOTT", "LOTT", "Portal Lottery"), vendor("TCG_LOTTO_VN", "LOTT", "VN")]);
    expect(families.map((family) => [family.family, family.games.map((one) => one.gameCode)])).toEqual([
      ["ssc", ["SSC_1M", "SSC_5M"]], ["k3", ["K3_1M"]], ["vn", ["VN_NORTH"]],
    ]);
    expect(lotteryFamilies(games(), [vendor("ELOTT", "ELOTT", "E")]).map((family) => family.family)).toEqual(["ssc", "k3"]);
  });

  it("sends each vendor to its hall and each game to its betting page", () => {
    expect(lotteryGamePath({ area: "TCG_SEA", gameCode: "SEA_5M" })).toBe("/seaLottery?gameCode=SEA_5M");
    expect(lotteryGamePath({ area: "LOTT", gameCode: "11X5_3M" })).toBe("/lottery?gameCode=11X5_3M");
    const halls = lotteryHalls([vendor("LOTT", "LOTT", "Portal"), vendor("ELOTT", "ELOTT", "E"), vendor("TCG_LOTTO_VN", "LOTT", "VN")]);
    expect(halls).toEqual([{ path: "/lottery", name: "Portal" }, { path: "/vnLottery", name: "VN" }]);
  });
});
