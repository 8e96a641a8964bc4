import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createQueryClient, MemoryRouter, QueryClientProvider, Route, Routes, SessionProvider } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import App, { MENU, mountPath, PROMPTED_KEY } from "./App";
import { downlineRules, fieldError } from "./shared/registerRules";
import { checkTerms, EMPTY_TERMS, formatRate, hourlyBars, percentToBasisPoints, requestsFor, visibleKinds } from "./shared/rules";

const REAL_TIME = { winRate: 150, lossRate: 300, betAmount: 100_000 };

describe("the contract terms form", () => {
  it("takes rates in percent (0–100, two decimals) and sends basis points", () => {
    expect(percentToBasisPoints("1.5")).toBe(150);
    expect(percentToBasisPoints("0")).toBe(0);
    expect(percentToBasisPoints("100")).toBe(10_000);
    expect(percentToBasisPoints("2,25")).toBe(225);
    expect(percentToBasisPoints("100.01")).toBeNull();
    expect(percentToBasisPoints("-1")).toBeNull();
    expect(percentToBasisPoints("1.234")).toBeNull();
    expect(formatRate(150)).toBe("1.5 %");
    expect(formatRate(200)).toBe("2 %");
    expect(formatRate(5)).toBe("0.05 %");
  });

  it("turns a real-time salary's form into its terms, thresholds as money", () => {
    expect(checkTerms("REALTIME_SALARY", { ...EMPTY_TERMS, winRate: "1.5", lossRate: "3", betAmount: "1,000" })).toEqual({ terms: REAL_TIME });
    expect(checkTerms("REALTIME_SALARY", { ...EMPTY_TERMS, winRate: "101", lossRate: "3" })).toEqual({ problem: "rateRange" });
    expect(checkTerms("REALTIME_SALARY", { ...EMPTY_TERMS, winRate: "", lossRate: "3" })).toEqual({ problem: "required" });
    expect(checkTerms("REALTIME_SALARY", { ...EMPTY_TERMS, winRate: "1", lossRate: "3", betAmount: "1.234" })).toEqual({ problem: "invalidAmount" });
  });

  it("wants tiers rising by threshold that never pay less", () => {
    const low = { threshold: "1000", members: "1", ratio: "1" };
    const high = { threshold: "5000", members: "3", ratio: "1.5" };
    const tiers = [low, high];
    expect(checkTerms("DAILY_WAGE", { ...EMPTY_TERMS, tiers })).toEqual({
      terms: { tiers: [{ minValidBet: 100_000, minActiveMembers: 1, ratio: 100 }, { minValidBet: 500_000, minActiveMembers: 3, ratio: 150 }] },
    });
    expect(checkTerms("DIVIDEND", { ...EMPTY_TERMS, period: "W", tiers: [low] })).toEqual({
      terms: { period: "W", tiers: [{ minProfitLoss: 100_000, minActiveMembers: 1, ratio: 100 }] },
    });
    expect(checkTerms("HOURLY_SALARY", { ...EMPTY_TERMS, tiers: [high, low] })).toEqual({ problem: "tiersRising" });
    expect(checkTerms("HOURLY_SALARY", { ...EMPTY_TERMS, tiers: [low, { ...high, ratio: "0.5" }] })).toEqual({ problem: "tiersRising" });
    expect(checkTerms("DAILY_WAGE", { ...EMPTY_TERMS, tiers: [] })).toEqual({ problem: "atLeastOneTier" });
  });
});

const CONTRACT = { id: 7, kind: "REALTIME_SALARY", accountId: "me", uplineId: "top", terms: REAL_TIME, ratio: 300, status: "ACTIVE", endReason: null, startedAt: "2026-11-27T06:00:00Z", endedAt: null };
const REQUEST = { id: 31, kind: "REALTIME_SALARY", accountId: "me", uplineId: "top", requestType: "NEW", terms: { winRate: 100, lossRate: 200, betAmount: 0 }, ratio: 200, contractId: null, status: "PENDING", createdAt: "2026-11-27T06:10:00Z", decidedAt: null };

describe("which contract pages show", () => {
  it("shows a kind the agent holds, is offered, or a downline holds; requests addressed to the agent", () => {
    expect(visibleKinds(undefined).size).toBe(0);
    const kinds = visibleKinds({ own: [CONTRACT], downlines: [{ ...CONTRACT, kind: "DIVIDEND", accountId: "d1", uplineId: "me" }], pending: [{ ...REQUEST, kind: "DAILY_WAGE" }] });
    expect([...kinds].sort()).toEqual(["DAILY_WAGE", "DIVIDEND", "REALTIME_SALARY"]);
    const contracts = { own: [], downlines: [], pending: [REQUEST, { ...REQUEST, id: 32, accountId: "d1", uplineId: "me" }] };
    expect(requestsFor(contracts, "me").map((request) => request.id)).toEqual([31]);
    expect(requestsFor(contracts, undefined)).toEqual([]);
  });

  it("puts each hour's valid bet in its bar of the day", () => {
    const bars = hourlyBars([
      { hour: "2026-11-27T03:00:00Z", validBet: 500 },
      { hour: "2026-11-27T03:00:00Z", validBet: 250 },
      { hour: "2026-11-27T23:00:00Z", validBet: 10 },
    ]);
    expect(bars).toHaveLength(24);
    expect(bars[3]).toEqual({ hour: 3, value: 750 });
    expect(bars[23]?.value).toBe(10);
    expect(bars[0]?.value).toBe(0);
  });
});

describe("the register-account form", () => {
  const rule = { enabled: true, required: false, patternId: 1, acceptedPattern: "^[A-Za-z][A-Za-z0-9]*$", minLength: 4, maxLength: 16 };
  it("draws the username and password always, never the codes that name an upline or the captcha", () => {
    const drawn = downlineRules([
      { ...rule, field: "username" },
      { ...rule, field: "affiliateCode", required: true },
      { ...rule, field: "captcha", required: true },
      { ...rule, field: "email", enabled: false },
      { ...rule, field: "nickname" },
    ]);
    expect(drawn.map((item) => item.field)).toEqual(["password", "username", "nickname"]);
    expect(drawn.find((item) => item.field === "username")?.required).toBe(true);
  });

  it("says the rule when a value breaks it", () => {
    expect(fieldError({ ...rule, field: "username", required: true }, "", "EN")).toBe("Username: 4-16 characters, starts with a letter, letters and digits only");
    expect(fieldError({ ...rule, field: "username" }, "1abc", "EN")).not.toBeNull();
    expect(fieldError({ ...rule, field: "username" }, "abcd1", "EN")).toBeNull();
  });
});

type Answers = Record<string, unknown>;

function serve(answers: Answers) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
    const key = Object.keys(answers).find((prefix) => path.startsWith(prefix));
    const value = key === undefined ? undefined : answers[key];
    const body = { success: value !== undefined, value: value ?? null, errorCode: value === undefined ? "not_found" : null, message: null };
    return new Response(JSON.stringify(body), { status: value === undefined ? 404 : 200 });
    }),
  );
}

const PAGE = { pageNum: 1, totalPages: 1, total: 0, list: [] };
const BASE: Answers = {
  "/wps/member/info": { id: "me", account: "upline1", nickname: null, type: 1 },
  "/wps/v2/wallets/balance": { currency: "TRY", scale: 2, sum: 0, wallets: [] },
  "/wps/agent-contracts/team/overview": { counts: { size: 3, direct: 2, agents: 1, members: 2, registeredToday: 1, registeredThisMonth: 3 }, today: [], month: [] },
  "/wps/agent-contracts/team/figures/hourly": { start: "", end: "", hours: [] },
  "/wps/agent-contracts/team/figures": { period: "D", start: "", end: "", totals: [], members: [] },
  "/wps/agent-contracts/team": { members: [{ accountId: "me", username: "upline1", accountType: 1, uplineId: "top", depth: 0 }], truncated: false },
  "/wps/agent-contracts/history": PAGE,
  "/wps/relay/MCSFE_processRealTimeSalaryContract": { kind: "REALTIME_SALARY", accountId: "me", contract: CONTRACT, pending: REQUEST, cancels: [{ accountId: "d9", contractId: 4, requestId: null, ratio: 500 }] },
};

function renderAt(path: string, answers: Answers) {
  serve(answers);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/agentHome/*" element={<App />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe("the menu and the contract dialog", () => {
  beforeEach(() => {
    sessionStorage.clear();
    sessionStorage.setItem("token", "t0");
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists the spec's items in order, the contract kinds only when in use", async () => {
    expect(MENU).toEqual([
      "announcement", "teamOverview", "registerCenter", "teamManagement", "teamBetting", "userLoss", "myIncome",
      "accountDetails", "dividend", "dailyWage", "hourlySalary", "realTimeSalary",
    ]);
    renderAt("/agentHome/teamOverview", { ...BASE, "/wps/agent-contracts/contracts": { own: [CONTRACT], downlines: [], pending: [] } });
    expect(await screen.findByTestId("team-size")).toHaveProperty("textContent", "3");
    const menu = screen.getByRole("navigation", { name: "Temsilci merkezi menüsü" });
    await within(menu).findByRole("link", { name: "Anlık maaş" });
    expect(within(menu).getAllByRole("link").map((link) => link.textContent)).toEqual([
      "Duyurular", "Ekip özeti", "Hesap aç", "Ekip yönetimi", "Ekip bahisleri", "Üye kâr/zarar", "Gelirim", "Hesap hareketleri", "Anlık maaş",
    ]);
    expect(within(menu).getByRole("link", { name: "Gelirim" }).getAttribute("href")).toBe("/agentHome/myIncome");
  });

  it("opens by itself once when a request waits, with its terms and the cancellation warning, and signs", async () => {
    renderAt("/agentHome", { ...BASE, "/wps/agent-contracts/contracts": { own: [CONTRACT], downlines: [], pending: [REQUEST] } });
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByTestId("cancels-warning")).toHaveProperty("textContent", "Onaylarsanız, oranı bundan yüksek olan 1 alt hesap sözleşmesi veya teklifi otomatik olarak iptal edilir.");
    expect(within(dialog).getByText("Kazanan bahis oranı (%): 1 %")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "İmzala" }));
    expect(await within(dialog).findByRole("status")).toHaveProperty("textContent", "Yanıtınız kaydedildi.");
    const calls = (vi.mocked(fetch).mock.calls as [string, RequestInit][]).filter(([path, init]) => path === "/wps/relay/MCSFE_processRealTimeSalaryContract" && init.method === "POST");
    expect(JSON.parse(String(calls[0]?.[1].body))).toEqual({ action: "sign", requestId: 31 });
    expect(sessionStorage.getItem(PROMPTED_KEY)).toBe("1");
  });

  it("finds where the shell mounted it", () => {
    expect(mountPath("/agentHome/myIncome", "myIncome")).toBe("/agentHome");
    expect(mountPath("/agentHome/", "")).toBe("/agentHome");
    expect(mountPath("/agentHome", undefined)).toBe("/agentHome");
  });
});
