import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { Language, WithdrawalRead } from "@portal/kit";
import { ApiError, createQueryClient, formatDateTime, LanguageContext, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WithdrawalAsk } from "./api";
import { bindBankAccount, requestWithdrawal } from "./api";
import { Withdraw } from "./components/Withdraw";

vi.mock("./api", async (importOriginal) => ({ ...(await importOriginal<typeof import("./api")>()), requestWithdrawal: vi.fn(), bindBankAccount: vi.fn() }));
const bound = vi.mocked(bindBankAccount);
const asked = vi.mocked(requestWithdrawal);
const MESSAGE = "A bonus of yours has not met its wagering yet: meet it first, or withdraw and forfeit the bonus.";
const WITHDRAWAL: WithdrawalRead = {
  withdrawalId: "w1", amount: 5_000, currency: "TRY", bankAccountId: "b1", status: "pending", remainder: null,
  confirmDeadline: null, reason: null, createdAt: "2026-11-27T10:00:00Z",
};

function envelope(value: unknown) {
  return new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }), { status: 200 });
}

function show(language: Language = "EN", withdrawals: WithdrawalRead[] = []) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes("/wps/v2/wallets/bank-accounts")) return envelope([{ bankAccountId: "b1", bankName: "Akbank", holderName: "Bonus Fan", accountNumber: "TR12" }]);
      if (url.includes("/wps/v2/wallets/withdrawals/limits")) return envelope({ min: 5_000, max: 5_000_000 });
      if (url.includes("/wps/v2/wallets/withdrawals")) return envelope(withdrawals);
      return envelope(null);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language, setLanguage: () => undefined }}>
        <SessionProvider>
          <MemoryRouter>
            <Withdraw />
          </MemoryRouter>
        </SessionProvider>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

async function request() {
  const form = await screen.findByRole("form", { name: "Request a withdrawal" });
  fireEvent.change(within(form).getByLabelText("Amount"), { target: { value: "50" } });
  fireEvent.change(within(form).getByLabelText("Payment password"), { target: { value: "864200" } });
  fireEvent.click(within(form).getByRole("button", { name: "Request a withdrawal" }));
  return form;
}

const sent = (): WithdrawalAsk[] => asked.mock.calls.map((call) => call[1]);

describe("a withdrawal while a bonus is held", () => {
  beforeEach(() => asked.mockReset());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("explains the refusal and, once confirmed, sends the same request again forfeiting the bonus", async () => {
    asked.mockRejectedValueOnce(new ApiError("withdrawal.bonus_unmet", MESSAGE, 409, { bonusBalance: 10_000, currency: "TRY" }));
    asked.mockResolvedValueOnce(WITHDRAWAL);
    show();
    const form = await request();
    expect((await within(form).findByRole("alert")).textContent).toBe(MESSAGE);
    expect(within(form).getByTestId("bonus-held").textContent).toBe("Bonus not yet wagered: 100.00");
    fireEvent.click(within(form).getByRole("button", { name: "Withdraw and forfeit the bonus" }));
    const dialog = await screen.findByRole("dialog", { name: "Forfeit the bonus?" });
    expect(dialog.textContent).toContain("Your bonus of 100.00 is removed and cannot be restored; your withdrawal of 50.00 is then requested.");
    expect(asked).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole("button", { name: "Forfeit and withdraw" }));
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(2));
    const [first, second] = sent();
    expect(first).toMatchObject({ amount: 5_000, bankAccountId: "b1", paymentPassword: "864200", forfeitBonus: false });
    expect(second).toEqual({ ...first, forfeitBonus: true });
    expect((await screen.findByTestId("bonus-forfeited")).textContent).toBe("The bonus was forfeited and your withdrawal requested.");
    expect(screen.queryByTestId("bonus-unmet")).toBeNull();
  });

  it("keeps the bonus when the member changes their mind, and a new request gets a new id", async () => {
    asked.mockRejectedValueOnce(new ApiError("withdrawal.bonus_unmet", MESSAGE, 409, { bonusBalance: 10_000, currency: "TRY" }));
    asked.mockResolvedValueOnce(WITHDRAWAL);
    show();
    const form = await request();
    fireEvent.click(await within(form).findByRole("button", { name: "Withdraw and forfeit the bonus" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Keep my bonus" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(within(form).getByRole("button", { name: "Request a withdrawal" }));
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(2));
    const [first, second] = sent();
    expect(second?.forfeitBonus).toBe(false);
    expect(second?.requestId).not.toBe(first?.requestId);
  });
});

describe("the withdrawal page's forms say what is wrong", () => {
  beforeEach(() => {
    asked.mockReset();
    bound.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("refuses an amount with more than two decimals as such, in every language", async () => {
    for (const [language, label, button, text] of [
      ["EN", "Amount", "Request a withdrawal", "at most 2 decimals"],
      ["TR", "Tutar", "Çekim talebi", "en fazla 2 ondalık"],
      ["CN", "金额", "申请取款", "最多保留两位小数"],
    ] as const) {
      show(language);
      const form = await screen.findByRole("form", { name: button });
      fireEvent.change(within(form).getByLabelText(label), { target: { value: "10.123" } });
      fireEvent.click(within(form).getByRole("button", { name: button }));
      expect((await within(form).findByRole("alert")).textContent).toContain(text);
      cleanup();
    }
    expect(asked).not.toHaveBeenCalled();
  });

  it("refuses markup or control characters in the holder's name before anything is sent", async () => {
    show();
    const form = await screen.findByRole("form", { name: "Bank accounts" });
    const fill = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill("Bank", "Akbank");
    fill("IBAN / account number", "TR120006200119000006672315");
    fill("Payment password", "864200");
    for (const name of ["<img src=x onerror=alert(1)>", "Ayşe\u0000Yılmaz", "Ayşe <b>Yılmaz</b>"]) {
      fill("Account holder", name);
      fireEvent.click(within(form).getByRole("button", { name: "Bind" }));
      expect((await within(form).findByRole("alert")).textContent).toContain("letters only");
    }
    expect(bound).not.toHaveBeenCalled();
    fill("Account holder", "Ayşe O'Neil-Yılmaz");
    bound.mockResolvedValueOnce({ bankAccountId: "b2", bankName: "Akbank", holderName: "Ayşe O'Neil-Yılmaz", accountNumber: "**15" });
    fireEvent.click(within(form).getByRole("button", { name: "Bind" }));
    await waitFor(() => expect(bound).toHaveBeenCalledTimes(1));
  });

  it("shows a withdrawal's dates in the language's format", async () => {
    const paid: WithdrawalRead = { ...WITHDRAWAL, status: "paid", confirmDeadline: "2026-11-28T18:05:00Z" };
    show("TR", [paid]);
    const item = await screen.findByTestId("withdrawal-w1");
    expect(item.textContent).toContain(`Otomatik onay: ${formatDateTime("TR", paid.confirmDeadline)}`);
    expect(formatDateTime("TR", paid.confirmDeadline)).toMatch(/^\d{2}\.\d{2}\.2026 \d{2}:\d{2}$/);
    expect(item.textContent).toContain("50,00");
  });
});

describe("the withdrawal limits", () => {
  beforeEach(() => asked.mockReset());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("are shown before the member tries, in the page's language, and an amount outside them is not sent", async () => {
    show("TR");
    expect((await screen.findByTestId("withdrawal-limits")).textContent).toContain("Talep başına: 50,00 – 50.000,00");
    const form = await screen.findByRole("form", { name: "Çekim talebi" });
    fireEvent.change(within(form).getByLabelText(/Tutar/), { target: { value: "20" } });
    fireEvent.change(within(form).getByLabelText("Ödeme şifresi"), { target: { value: "864200" } });
    fireEvent.click(within(form).getByRole("button", { name: "Çekim talebi" }));
    expect((await within(form).findByRole("alert")).textContent).toBe("Talep başına: 50,00 – 50.000,00");
    expect(asked).not.toHaveBeenCalled();
  });
});
