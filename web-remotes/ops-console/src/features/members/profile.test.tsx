import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { LanguageContext, MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { Profile } from "./components/Profile";

const PROFILE = {
  id: "acc-1", username: "ayse1990", type: 0, status: "active", lockedUntil: null, mobileNum: null, countryDialingCode: null,
  createdAt: "2026-01-01T10:00:00Z", lastLoginAt: null, lastLoginIp: null, registerIp: null, nickname: null, fullname: null,
  email: null, uplineId: null, affiliateCode: null, registerMethod: "USERNAME", totpBound: true, logins: [],
  devices: [{ userAgent: "Firefox/140", firstSeen: "2026-01-01T10:00:00Z", lastSeen: "2026-01-03T10:00:00Z", tries: 4, successes: 3, lastIp: "203.0.113.9" }],
};
const BALANCES = {
  accountId: "acc-1", currency: "TRY", scale: 2, balance: 100_000, available: 70_000, held: 30_000,
  wallets: [{ wallet: "main", balance: 100_000, available: 70_000, held: 30_000 }],
  pendingDeposits: 0, pendingWithdrawals: 30_000, totalDeposited: 100_000, totalWithdrawn: 0,
};
const BET = { id: "BGS:r1", time: "2026-01-02T10:00:00Z", vendor: "BGS", gameType: "RNG", gameCode: "BGS_FRUIT5", gameName: "Fruit 5", currency: "TRY", stake: 500, validBet: 500, win: 1250, profit: 750 };
const NOTE = { id: 7, accountId: "acc-1", author: "maker1", text: "Called about a late deposit.", at: "2026-01-02T11:00:00Z" };

function answer(value: unknown, status = 200, errorCode: string | null = null): Response {
  const success = status < 400;
  return new Response(JSON.stringify({ success, value: success ? value : null, errorCode, message: success ? null : String(value) }), { status });
}

function page(list: unknown[], totalPages = 1) {
  return { pageNum: 1, totalPages, total: list.length, list };
}

/** Answers each call by its path; ``overrides`` answer first (a path's part → a response maker). */
function serve(overrides: Record<string, (init?: RequestInit) => Response> = {}) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    for (const [part, make] of Object.entries(overrides)) if (url.includes(part)) return make(init);
    if (url.includes("/balances")) return answer(BALANCES);
    if (url.includes("/bets")) return answer(page([BET], 2));
    if (url.includes("/notes")) return answer(page([NOTE]));
    return answer(PROFILE);
  });
}

function renderProfile(roles: string[]) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: "tok", username: "ops", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 }));
  return render(
    <LanguageContext.Provider value={{ language: "EN", setLanguage: () => undefined }}>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <OpsSessionProvider>
            <Profile accountId="acc-1" onBack={() => undefined} />
          </OpsSessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </LanguageContext.Provider>,
  );
}

describe("a member's profile", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows the balances with what is held, the devices and a paged betting record", async () => {
    const fetched = serve();
    renderProfile(["finance-maker"]);
    const balances = await screen.findByTestId("member-balances");
    const held = within(balances).getByText("Held (pending withdrawals)").parentElement;
    expect(held?.textContent).toBe("Held (pending withdrawals)300.00 TRY");
    expect(within(screen.getByTestId("member-wallets")).getByText("main")).toBeTruthy();
    expect(within(await screen.findByTestId("member-devices")).getByText("203.0.113.9")).toBeTruthy();
    const bets = await screen.findByTestId("member-bets");
    expect(within(bets).getByText("Fruit 5")).toBeTruthy();
    expect(within(bets).getByText("12.50")).toBeTruthy();
    const urls = fetched.mock.calls.map(([url]) => String(url));
    expect(urls).toContain("/wps/ops/wallet/merchants/turkeyf2/accounts/acc-1/balances");
    expect(urls).toContain("/wps/ops/games/merchants/turkeyf2/members/acc-1/bets?pageNo=1&sort=newest&pageSize=10");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(fetched.mock.calls.map(([url]) => String(url))).toContain("/wps/ops/games/merchants/turkeyf2/members/acc-1/bets?pageNo=2&sort=newest&pageSize=10"));
    expect(screen.queryByRole("group", { name: "Reset second factor" })).toBeNull(); // the admins' alone
  });

  it("adds a note, refusing an empty one before calling", async () => {
    const fetched = serve({
      "/notes": (init) => (init?.method === "POST" ? answer({ ...NOTE, id: 8, text: "Asked for a reset." }, 201) : answer(page([NOTE]))),
    });
    renderProfile(["viewer"]);
    expect(await screen.findByText("Called about a late deposit.")).toBeTruthy();
    const form = screen.getByRole("form", { name: "Add note" });
    fireEvent.click(within(form).getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("Type the note.")).toBeTruthy();
    expect(fetched.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
    fireEvent.change(within(form).getByLabelText("Note"), { target: { value: "  Asked for a reset.  " } });
    expect(screen.getByText("22 / 1000 characters")).toBeTruthy();
    fireEvent.click(within(form).getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("Note added.")).toBeTruthy();
    const posted = fetched.mock.calls.find(([, init]) => init?.method === "POST");
    expect(String(posted?.[0])).toBe("/wps/ops/auth/merchants/turkeyf2/members/acc-1/notes");
    expect(JSON.parse(String(posted?.[1]?.body))).toEqual({ text: "Asked for a reset." });
  });

  it("asks auth for the notes of an author, with some words, oldest first", async () => {
    const fetched = serve({ "/notes": () => answer(page([NOTE])) });
    renderProfile(["viewer"]);
    expect(await screen.findByText("Called about a late deposit.")).toBeTruthy();
    const form = screen.getByRole("form", { name: "Filter the notes" });
    fireEvent.change(within(form).getByLabelText("Written by"), { target: { value: " deniz " } });
    fireEvent.change(within(form).getByLabelText("Words of the note"), { target: { value: "deposit" } });
    fireEvent.change(within(form).getByLabelText("Order"), { target: { value: "oldest" } });
    fireEvent.click(within(form).getByRole("button", { name: "Filter the notes" }));
    const notes = "/wps/ops/auth/merchants/turkeyf2/members/acc-1/notes";
    await waitFor(() => expect(fetched.mock.calls.map(([url]) => String(url))).toContain(`${notes}?pageNo=1&pageSize=10&sort=oldest&author=deniz&text=deposit`));
  });

  it("lets an admin reset the second factor with a reason, after a confirmation", async () => {
    const fetched = serve({ "/totp/reset": () => answer({ accountId: "acc-1", totpBound: false }) });
    renderProfile(["admin"]);
    const block = await screen.findByRole("form", { name: "Reset second factor" });
    fireEvent.click(within(block).getByRole("button", { name: "Reset second factor" }));
    expect(await screen.findByText("Give a reason.")).toBeTruthy();
    fireEvent.change(within(block).getByLabelText("Reason"), { target: { value: "lost phone, identity checked" } });
    fireEvent.click(within(block).getByRole("button", { name: "Reset second factor" }));
    expect(screen.getByText(/Remove the member's authenticator\?/)).toBeTruthy();
    expect(fetched.mock.calls.some(([url]) => String(url).includes("/totp/reset"))).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Yes, remove it" }));
    await waitFor(() => expect(fetched.mock.calls.some(([url]) => String(url).includes("/totp/reset"))).toBe(true));
    const reset = fetched.mock.calls.find(([url]) => String(url).includes("/totp/reset"));
    expect(String(reset?.[0])).toBe("/wps/ops/auth/merchants/turkeyf2/members/acc-1/totp/reset");
    expect(JSON.parse(String(reset?.[1]?.body))).toEqual({ reason: "lost phone, identity checked" });
  });

  it("shows the server's refusal of a reset as it words it", async () => {
    serve({ "/totp/reset": () => answer("This account has no authenticator bound.", 409, "totp.not_bound") });
    renderProfile(["admin"]);
    const block = await screen.findByRole("form", { name: "Reset second factor" });
    fireEvent.change(within(block).getByLabelText("Reason"), { target: { value: "lost phone" } });
    fireEvent.click(within(block).getByRole("button", { name: "Reset second factor" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, remove it" }));
    expect(await screen.findByText("This account has no authenticator bound.")).toBeTruthy();
  });
});
