import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { WithdrawalRead } from "@portal/kit";
import { ApiError, createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WithdrawalAsk } from "./api";
import { requestWithdrawal } from "./api";
import { Withdraw } from "./components/Withdraw";

vi.mock("./api", async (importOriginal) => ({ ...(await importOriginal<typeof import("./api")>()), requestWithdrawal: vi.fn() }));
const asked = vi.mocked(requestWithdrawal);
const MESSAGE = "A bonus of yours has not met its wagering yet: meet it first, or withdraw and forfeit the bonus.";
const WITHDRAWAL: WithdrawalRead = {
  withdrawalId: "w1", amount: 5_000, currency: "TRY", bankAccountId: "b1", status: "pending", remainder: null,
  confirmDeadline: null, reason: null, createdAt: "2026-11-27T10:00:00Z",
};

function envelope(value: unknown) {
  return new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }), { status: 200 });
}

function show() {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes("/wps/v2/wallets/bank-accounts")) return envelope([{ bankAccountId: "b1", bankName: "Akbank", holderName: "Bonus Fan", accountNumber: "TR12" }]);
      if (url.includes("/wps/v2/wallets/withdrawals")) return envelope([]);
      return envelope(null);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language: "EN", setLanguage: () => undefined }}>
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
