import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PromotionRead, SiteConfigRead } from "@portal/kit";
import { createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { ModalContext } from "../../shared/ModalContext";
import { SiteContext, siteValue } from "../../shared/site";
import { PromotionsPage } from "./components/PromotionsPage";
import { headline, joinable, percentText, termRows, windowText } from "./rules";

const WELCOME: PromotionRead = {
  promotionId: 1, kind: "FIRST_DEPOSIT", name: "100% Welcome Bonus", details: "Deposit at least 100.00 TRY.\nWager it 5 times.",
  names: { EN: "100% Welcome Bonus" }, detailsByLanguage: {}, picture: "/demo/promo-first-deposit.svg", percentBp: 10_000,
  maxBonus: 50_000, minDeposit: 10_000, wageringMultiple: 5, gameTypes: ["RNG", "LOTT"], maxBet: 5_000, expiryDays: 14,
  startsAt: "2026-01-01T00:00:00Z", endsAt: null, active: true, sort: 1, joined: null,
};
const RELOAD: PromotionRead = {
  ...WELCOME, promotionId: 2, kind: "RELOAD", name: "25% Reload Bonus", percentBp: 2_550, maxBonus: 20_000, maxBet: 0,
  gameTypes: ["RNG", "LIVE", "PVP"], expiryDays: 7, endsAt: "2026-12-31T00:00:00Z", picture: "/demo/promo-reload.svg",
};
const CONFIG = { currencySymbol: "₺", whitelabelVal: {} } as unknown as SiteConfigRead;
const MEMBER = { id: "m1", account: "bonusfan", nickname: null, type: 0 };

type Answer = { status: number; body: unknown };
let joinAnswer: Answer;
let joined = false;

const ACTIVITY: PromotionRead = { ...RELOAD, promotionId: 3, kind: "ACTIVITY" as string as PromotionRead["kind"], name: "Tournament podium" };
let listed: PromotionRead[] = [WELCOME, RELOAD];

function serve(member: boolean, type = 0) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      let answer: Answer = { status: 404, body: { success: false, value: null, errorCode: "not_found", message: null } };
      const ok = (value: unknown) => ({ status: 200, body: { success: true, value, errorCode: null, message: null } });
      if (path === "/wps/relay/MCSFE_getPromotions") {
        answer = ok(listed.map((promotion) => ({ ...promotion, joined: member ? joined && promotion.promotionId === 1 : null })));
      } else if (path === "/wps/relay/MCSFE_signUpRequestReward" && init?.method === "POST") {
        answer = ok({ applicationId: 5, status: "PENDING" });
      } else if (path === "/wps/relay/MCSFE_signUpPromotionJoin" && init?.method === "POST") {
        answer = joinAnswer;
        if (answer.status === 200) joined = true;
      } else if (path === "/wps/member/info" && member) answer = ok({ ...MEMBER, type });
      else if (path === "/wps/v2/wallets/balance" && member) answer = ok({ currency: "TRY", scale: 2, sum: 0, wallets: [] });
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
}

const open = vi.fn();

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language: "EN", setLanguage: () => undefined }}>
        <SessionProvider>
          <SiteContext.Provider value={siteValue(CONFIG, [])}>
            <ModalContext.Provider value={{ open, close: () => undefined, closeIfOpen: () => undefined, isOpen: () => false }}>
              <MemoryRouter initialEntries={["/promotions"]}>
                <PromotionsPage />
              </MemoryRouter>
            </ModalContext.Provider>
          </SiteContext.Provider>
        </SessionProvider>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const joinCalls = () =>
  vi.mocked(fetch).mock.calls.filter(([path]) => path === "/wps/relay/MCSFE_signUpPromotionJoin");

describe("the promotions' terms", () => {
  it("read basis points, money, game types and the window as a player does", () => {
    expect(percentText(10_000)).toBe("100");
    expect(percentText(2_550)).toBe("25.5");
    expect(Object.fromEntries(termRows("EN", WELCOME, "₺"))).toMatchObject({
      minDeposit: "₺100.00", wagering: "5× the bonus", games: "Slots, Lottery", maxBet: "₺50.00", expiry: "14 days",
    });
    expect(Object.fromEntries(termRows("TR", RELOAD, "₺"))).toMatchObject({ maxBet: "Sınır yok", games: "Slotlar, Canlı casino, Kart oyunları" });
    expect(windowText("EN", WELCOME)).toMatch(/^From .*2026$/);
    expect(windowText("CN", RELOAD)).toContain("–");
  });

  it("reads a cashback and an activity promotion by their own terms", () => {
    const cashback = { ...RELOAD, kind: "CASHBACK" as string as PromotionRead["kind"], percentBp: 1_000 };
    expect(headline("EN", cashback, "₺")).toBe("10% of your daily net loss back, up to ₺200.00");
    expect(termRows("EN", cashback, "₺")[0]).toEqual(["minLoss", "₺100.00"]);
    const activity = { ...RELOAD, kind: "ACTIVITY" as string as PromotionRead["kind"] };
    expect(headline("TR", activity, "₺")).toBe("En fazla ₺200,00 bonus");
    expect(termRows("EN", activity, "₺").map(([key]) => key)).not.toContain("minDeposit");
    expect(joinable(activity)).toBe(false);
    expect(joinable(cashback)).toBe(true);
  });
});

describe("the /promotions page", () => {
  beforeEach(() => {
    sessionStorage.clear();
    open.mockReset();
    joined = false;
    listed = [WELCOME, RELOAD];
    joinAnswer = { status: 200, body: { success: true, value: { promotionId: 1, joined: true, joinedAt: "2026-11-27T10:00:00Z" }, errorCode: null, message: null } };
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows a visitor the cards with their pictures and terms, and asks them to log in to join", async () => {
    serve(false);
    renderPage();
    const cards = await screen.findAllByTestId("promotion");
    expect(cards).toHaveLength(2);
    const welcome = nth(cards, 0);
    expect(within(welcome).getByRole("img", { name: "100% Welcome Bonus" }).getAttribute("src")).toBe("/demo/promo-first-deposit.svg");
    expect(welcome.textContent).toContain("100% bonus up to ₺500.00");
    expect(welcome.textContent).toContain("First deposit");
    expect(within(nth(cards, 1)).getByText("25.5% bonus up to ₺200.00")).toBeTruthy();
    expect(within(nth(cards, 1)).getByText("No limit")).toBeTruthy();
    fireEvent.click(within(welcome).getByRole("button", { name: "Join" }));
    expect(open).toHaveBeenCalledWith({ name: "login" });
    expect(joinCalls()).toHaveLength(0);
    expect(screen.queryByTestId("my-bonuses")).toBeNull();
  });

  it("lets a member join: the card then says Joined and leads to the bonus details", async () => {
    sessionStorage.setItem("token", "t0ken");
    serve(true);
    renderPage();
    const welcome = nth(await screen.findAllByTestId("promotion"), 0);
    fireEvent.click(within(welcome).getByRole("button", { name: "Join" }));
    expect(await within(welcome).findByTestId("promotion-joined")).toBeTruthy();
    expect(JSON.parse(String(nth(joinCalls(), 0)[1]?.body))).toEqual({ promotionId: 1 });
    expect(within(welcome).getByRole("status").textContent).toContain("Your next qualifying deposit earns the bonus.");
    expect(within(welcome).getByRole("link", { name: "My bonuses" }).getAttribute("href")).toBe("/member/bonusDetails");
    expect(await screen.findByTestId("my-bonuses")).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it("gives a trial account the real-account notice instead of joining", async () => {
    sessionStorage.setItem("token", "tr1al");
    serve(true, 4);
    renderPage();
    const welcome = nth(await screen.findAllByTestId("promotion"), 0);
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([path]) => path === "/wps/member/info")).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(within(welcome).getByRole("button", { name: "Join" }));
    expect(open).toHaveBeenCalledWith({ name: "trial" });
    expect(joinCalls()).toHaveLength(0);
  });

  it("shows the service's refusal in its words", async () => {
    sessionStorage.setItem("token", "t0ken");
    joinAnswer = { status: 409, body: { success: false, value: null, errorCode: "promotion.not_eligible", message: "Only before your first deposit." } };
    serve(true);
    renderPage();
    const welcome = nth(await screen.findAllByTestId("promotion"), 0);
    fireEvent.click(within(welcome).getByRole("button", { name: "Join" }));
    expect((await within(welcome).findByRole("alert")).textContent).toBe("Only before your first deposit.");
    expect(within(welcome).queryByTestId("promotion-joined")).toBeNull();
  });

  it("opens the full terms in a dialog that Escape closes", async () => {
    serve(false);
    renderPage();
    const reload = nth(await screen.findAllByTestId("promotion"), 1);
    fireEvent.click(within(reload).getByRole("button", { name: "Full terms" }));
    const dialog = await screen.findByRole("dialog", { name: "25% Reload Bonus: terms" });
    expect(within(dialog).getByText(/Wager it 5 times\./).textContent).toContain("Deposit at least 100.00 TRY.");
    expect(within(dialog).getByRole("button", { name: "Join" })).toBeTruthy();
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("lets a member apply to an activity promotion with a remark, checked before it is sent", async () => {
    sessionStorage.setItem("token", "t0ken");
    listed = [ACTIVITY];
    serve(true);
    renderPage();
    const card = nth(await screen.findAllByTestId("promotion"), 0);
    fireEvent.click(within(card).getByRole("button", { name: "Apply" }));
    const dialog = await screen.findByRole("dialog", { name: "Tournament podium: apply" });
    const applied = () => vi.mocked(fetch).mock.calls.filter(([path]) => path === "/wps/relay/MCSFE_signUpRequestReward");
    fireEvent.click(within(dialog).getByRole("button", { name: "Send the application" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Write a remark.");
    expect(applied()).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Remark/ }), { target: { value: "I came third" } });
    expect(dialog.textContent).toContain("128 left");
    fireEvent.click(within(dialog).getByRole("button", { name: "Send the application" }));
    expect((await within(dialog).findByRole("status")).textContent).toContain("being reviewed");
    const body = JSON.parse(String(nth(applied(), 0)[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ promotionId: 3, remark: "I came third", images: [] });
    expect(String(body["requestId"])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("asks a visitor to log in before applying", async () => {
    listed = [ACTIVITY];
    serve(false);
    renderPage();
    fireEvent.click(within(nth(await screen.findAllByTestId("promotion"), 0)).getByRole("button", { name: "Apply" }));
    expect(open).toHaveBeenCalledWith({ name: "login" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
