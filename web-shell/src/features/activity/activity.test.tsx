import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Language, RaffleRead, RedEnvelopeRead, SiteConfigRead } from "@portal/kit";
import { createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { ModalContext } from "../../shared/ModalContext";
import { SiteContext, siteValue } from "../../shared/site";
import { ActivityPage } from "./components/ActivityPage";

const HASH = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";
const OPEN: RaffleRead = {
  raffleId: 1, name: "New year raffle", opensAt: "2026-11-01T00:00:00Z", closesAt: "2026-12-31T00:00:00Z", state: "OPEN",
  prizes: [100_000, 50_000], tickets: 2, minTurnover: 0, myTurnover: 0, myTicket: null, seedHash: HASH, context: "raffle:1",
  seed: null, drawnAt: null, winners: [], howToVerify: null,
};
const STAKED: RaffleRead = { ...OPEN, raffleId: 2, name: "High rollers", minTurnover: 50_000, myTurnover: 40_000, context: "raffle:2" };
const DRAWN: RaffleRead = {
  ...OPEN, raffleId: 7, name: "Autumn raffle", state: "DRAWN", tickets: 10, myTicket: 3, context: "raffle:7",
  seed: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", drawnAt: "2026-11-20T00:00:00Z",
  winners: [
    { place: 1, amount: 100_000, ticketNo: 3, username: "ra***y", me: true },
    { place: 2, amount: 50_000, ticketNo: 9, username: "pl***1", me: false },
  ],
  howToVerify: "SHA-256(seed) must equal the seedHash published before.",
};
const ENVELOPE: RedEnvelopeRead = {
  envelopeId: 5, name: "Holiday envelope", opensAt: "2026-11-01T00:00:00Z", closesAt: "2026-12-31T00:00:00Z",
  state: "OPEN", pool: 100_000, shares: 10, sharesLeft: 4, mine: null,
};
const CONFIG = { currencySymbol: "₺", whitelabelVal: {} } as unknown as SiteConfigRead;
const MEMBER = { id: "m1", account: "rafflefan", nickname: null, type: 0 };
type Answer = { status: number; body: unknown };
let envelopeAnswer: Answer;
let claimed = false;

function serve(member: boolean) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      const ok = (value: unknown) => ({ status: 200, body: { success: true, value, errorCode: null, message: null } });
      let answer: Answer = { status: 404, body: { success: false, value: null, errorCode: "not_found", message: null } };
      if (path === "/wps/relay/MCSFE_getRaffles") answer = ok([{ ...OPEN, myTicket: claimed ? 3 : null }, DRAWN, STAKED]);
      else if (path === "/wps/relay/MCSFE_getRedEnvelopes") answer = ok([ENVELOPE]);
      else if (path === "/wps/relay/MCS2_claimRafflePromotion" && init?.method === "POST") {
        claimed = true;
        answer = ok({ raffleId: 1, ticketNo: 3, seedHash: HASH, claimedAt: "2026-11-27T10:00:00Z" });
      } else if (path === "/wps/relay/MCSFE_claimRedEnvelope" && init?.method === "POST") answer = envelopeAnswer;
      else if (path === "/wps/member/info" && member) answer = ok(MEMBER);
      else if (path === "/wps/v2/wallets/balance" && member) answer = ok({ currency: "TRY", scale: 2, sum: 0, wallets: [] });
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
}

const open = vi.fn();

function renderPage(language: Language = "EN") {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language, setLanguage: () => undefined }}>
        <SessionProvider>
          <SiteContext.Provider value={siteValue(CONFIG, [])}>
            <ModalContext.Provider value={{ open, close: () => undefined, closeIfOpen: () => undefined, isOpen: () => false }}>
              <MemoryRouter initialEntries={["/activity"]}>
                <ActivityPage />
              </MemoryRouter>
            </ModalContext.Provider>
          </SiteContext.Provider>
        </SessionProvider>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

const calls = (path: string) => vi.mocked(fetch).mock.calls.filter(([called]) => called === path);

describe("the activity centre", () => {
  beforeEach(() => {
    sessionStorage.clear();
    open.mockReset();
    claimed = false;
    envelopeAnswer = {
      status: 200,
      body: { success: true, value: { envelopeId: 5, shareNo: 2, amount: 1_234, status: "PAID", claimedAt: "2026-11-27T10:00:00Z" }, errorCode: null, message: null },
    };
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks a visitor to log in and calls nothing", async () => {
    serve(false);
    renderPage();
    expect(await screen.findByTestId("activity-login")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(open).toHaveBeenCalledWith({ name: "login" });
    expect(calls("/wps/relay/MCSFE_getRaffles")).toHaveLength(0);
  });

  it("gives a member a ticket, shows the seed's hash, and a drawn raffle's winners, seed and how to verify", async () => {
    sessionStorage.setItem("token", "t0ken");
    serve(true);
    renderPage();
    const raffle = await screen.findByTestId("raffle-1");
    expect(within(raffle).getByTestId("seed-hash").textContent).toBe(HASH);
    expect(raffle.textContent).toContain("Prize 1: ₺1,000.00");
    fireEvent.click(within(raffle).getByRole("button", { name: "Get a ticket" }));
    expect((await within(raffle).findByTestId("my-ticket")).textContent).toBe("Your ticket: #3");
    const body = JSON.parse(String(calls("/wps/relay/MCS2_claimRafflePromotion")[0]?.[1]?.body));
    expect(body.raffleId).toBe(1);
    expect(body.requestId).toMatch(/^raffle-/);
    const drawn = screen.getByTestId("raffle-7");
    expect(within(drawn).getByTestId("seed").textContent).toBe(DRAWN.seed);
    expect(within(drawn).getByRole("status").textContent).toBe("You won ₺1,000.00");
    expect(drawn.textContent).toContain("#9 pl***1");
    expect(drawn.textContent).toContain("The draw's context is raffle:7");
    expect(drawn.textContent).toContain("SHA-256(seed) must equal");
  });

  it("shows a raffle's turnover condition and the member's progress, in the member's language", async () => {
    sessionStorage.setItem("token", "t0ken");
    serve(true);
    renderPage();
    const staked = await screen.findByTestId("raffle-2");
    expect(within(staked).getByTestId("raffle-condition").textContent).toContain("To take part: ₺500.00 staked since the raffle's opening day");
    expect(within(staked).getByTestId("raffle-progress").textContent).toBe("Your stakes: ₺400.00 of ₺500.00");
    expect(within(staked).getByRole("progressbar", { name: "Stake progress" }).getAttribute("value")).toBe("80");
    expect(within(screen.getByTestId("raffle-1")).queryByTestId("raffle-condition")).toBeNull();
    cleanup();
    renderPage("CN");
    const again = await screen.findByTestId("raffle-2");
    expect(within(again).getByTestId("raffle-progress").textContent).toBe("您的投注：₺400.00 / ₺500.00");
    cleanup();
    renderPage("TR");
    expect((await screen.findByTestId("raffle-2")).textContent).toContain("Katılım koşulu: çekilişin açıldığı günden beri ₺500,00 bahis");
  });

  it("opens a red envelope once and shows the amount won, or the service's refusal", async () => {
    sessionStorage.setItem("token", "t0ken");
    serve(true);
    renderPage();
    const envelope = await screen.findByTestId("envelope-5");
    expect(envelope.textContent).toContain("4 of 10 shares left");
    fireEvent.click(within(envelope).getByRole("button", { name: "Open the envelope" }));
    expect((await within(envelope).findByTestId("envelope-won")).textContent).toContain("You got ₺12.34");
    expect(envelope.textContent).toContain("Added to your main wallet.");
    cleanup();
    envelopeAnswer = { status: 409, body: { success: false, value: null, errorCode: "envelope.empty", message: "No shares are left in this red envelope." } };
    renderPage("TR");
    const again = await screen.findByTestId("envelope-5");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Etkinlik merkezi");
    fireEvent.click(within(again).getByRole("button", { name: "Zarfı aç" }));
    expect((await within(again).findByRole("alert")).textContent).toBe("No shares are left in this red envelope.");
  });
});
