import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { ModalContext } from "../../shared/ModalContext";
import { VipPage } from "./components/VipPage";

const LEVEL = (level: number, turnover: number, bonus: number) => ({
  level, name: ["", "Bronze", "Silver"][level] ?? "", names: {}, turnover, bonus, pointsMultiplierPct: 100 + 25 * level,
  perks: level === 2 ? "A birthday gift" : "", perksByLanguage: {},
});
const LEVELS = [LEVEL(1, 100_000, 5_000), LEVEL(2, 500_000, 20_000)];
const MINE = { level: 1, levelName: "Bronze", turnover: 150_000, nextLevel: LEVELS[1], missing: 350_000, percent: 12, levels: LEVELS, levelUps: [] };

function serve(member: boolean) {
  vi.stubGlobal("fetch", vi.fn(async (path: string) => {
    const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));
    if (path === "/wps/relay/MCSFE_getVipLevels") return ok(LEVELS);
    if (path === "/wps/relay/MCSFE_getVipInfo" && member) return ok(MINE);
    if (path === "/wps/member/info" && member) return ok({ id: "m1", account: "vipfan", nickname: null, type: 0 });
    if (path === "/wps/v2/wallets/balance" && member) return ok({ currency: "TRY", scale: 2, sum: 0, wallets: [] });
    return new Response(JSON.stringify({ success: false, value: null, errorCode: "login.not.session", message: null }), { status: 401 });
  }));
}

const open = vi.fn();

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language: "EN", setLanguage: () => undefined }}>
        <SessionProvider>
          <ModalContext.Provider value={{ open, close: () => undefined, closeIfOpen: () => undefined, isOpen: () => false }}>
            <MemoryRouter initialEntries={["/vip"]}>
              <VipPage />
            </MemoryRouter>
          </ModalContext.Provider>
        </SessionProvider>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

describe("the VIP page", () => {
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    vi.unstubAllGlobals();
    open.mockClear();
  });

  it("shows a visitor every level with its perks and asks them to register", async () => {
    serve(false);
    renderPage();
    const cards = await screen.findAllByTestId("vip-level");
    expect(cards).toHaveLength(2);
    expect(within(cards[1] as HTMLElement).getByText("A birthday gift")).toBeTruthy();
    expect((cards[1] as HTMLElement).textContent).toContain("×1.50");
    fireEvent.click(screen.getByRole("button", { name: "Join and start rising" }));
    expect(open).toHaveBeenCalledWith({ name: "register" });
    expect(screen.queryByTestId("vip-mine")).toBeNull();
  });

  it("shows a member their level, what the next still needs and the way to their rewards", async () => {
    sessionStorage.setItem("token", "tok");
    serve(true);
    renderPage();
    const mine = await screen.findByTestId("vip-mine");
    expect(mine.textContent).toContain("Your level: Bronze");
    expect(mine.textContent).toContain("3,500.00 more");
    expect(within(mine).getByRole("link", { name: "My reward centre" }).getAttribute("href")).toBe("/member/rewardCenter");
    const cards = await screen.findAllByTestId("vip-level");
    expect(cards[0]?.getAttribute("aria-current")).toBe("true");
  });
});
