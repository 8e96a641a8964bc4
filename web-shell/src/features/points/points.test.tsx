import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ItemRead, RedemptionRead, RedemptionRequest } from "@portal/kit";
import { ApiError, createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { redeemReward } from "./api";
import { PointMallPage } from "./components/PointMallPage";
import { formProblem, itemState, maxQuantity, prefilledMobile, ruleText } from "./rules";

vi.mock("./api", async (importOriginal) => ({ ...(await importOriginal<typeof import("./api")>()), redeemReward: vi.fn() }));
const redeem = vi.mocked(redeemReward);

const item = (itemId: number, stock: number, points = 2, name = `Item ${itemId}`): ItemRead => ({
  itemId, name, names: { EN: name }, picture: "/demo/banner-welcome.svg", points, stock, active: true, sort: itemId,
});

const MEMBER = {
  id: "m1", account: "pointsfan", nickname: null, type: 0, fullname: null, email: null, mobileNum: "5321234567",
  countryDialingCode: "90", uplineId: null, affiliateCode: null, hasPaymentPassword: true, totpBound: false, icon: 1,
  lastLoginAt: null, lastLoginIp: null, createdAt: "2026-01-01T00:00:00Z",
};

const REDEMPTION: RedemptionRead = {
  transactionNo: 41, itemId: 1, itemName: "Item 1", quantity: 1, points: 2, status: "IN_PROCESS",
  deliveryAddress: "Bağdat Caddesi 1, İstanbul", mobileNum: "+905321234567", reason: null, decidedBy: null,
  createdAt: "2026-05-01T10:00:00Z", decidedAt: null,
};

function serve(items: ItemRead[], balance = 5) {
  const answers: Record<string, unknown> = {
    "/wps/member/info": MEMBER,
    "/wps/v2/wallets/balance": { currency: "TRY", scale: 2, sum: 25_000, wallets: [] },
    "/wps/relay/MCS2_getPointBalance": { balance, earned: balance, spent: 0 },
    "/wps/relay/MCS2_getPointReward": items,
    "/wps/relay/MCS2_getPointConfig": [
      { pointType: "SLOT", bettingUnit: 10_000, ratio: 1, enabled: true },
      { pointType: "LIVE", bettingUnit: 10_000, ratio: 0, enabled: false },
    ],
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      const value = answers[path];
      const body = { success: value !== undefined, value: value ?? null, errorCode: value ? null : "not_found", message: null };
      return new Response(JSON.stringify(body), { status: value !== undefined ? 200 : 404 });
    }),
  );
}

function renderPage(path = "/pointMall") {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language: "EN", setLanguage: () => undefined }}>
        <SessionProvider>
          <MemoryRouter initialEntries={[path]}>
            <PointMallPage />
          </MemoryRouter>
        </SessionProvider>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

async function openDialog(name: string) {
  const card = await screen.findByTestId(name);
  fireEvent.click(within(card).getByRole("button", { name: "Redeem" }));
  const dialog = await screen.findByRole("dialog");
  fireEvent.change(within(dialog).getByLabelText("Delivery address"), { target: { value: "Bağdat Caddesi 1, İstanbul" } });
  fireEvent.change(within(dialog).getByLabelText("Payment password"), { target: { value: "864200" } });
  return dialog;
}

const sentIds = () => redeem.mock.calls.map((call) => (call[1] as RedemptionRequest).requestId);

describe("the points mall's rules", () => {
  it("never lets a sold-out or switched-off item be redeemed, and says when the points are short", () => {
    expect(itemState(item(1, 0), 100)).toBe("soldOut");
    expect(itemState({ ...item(1, 3), active: false }, 100)).toBe("soldOut");
    expect(itemState(item(1, 3, 5), 4)).toBe("notEnough");
    expect(itemState(item(1, 3, 5), 5)).toBe("available");
    expect(maxQuantity(item(1, 3, 2), 100)).toBe(3);
    expect(maxQuantity(item(1, 50, 2), 9)).toBe(4);
    expect(maxQuantity(item(1, 50, 1), 1000)).toBe(10);
  });

  it("checks the form as the service does, in the member's language", () => {
    const form = { quantity: "1", deliveryAddress: "Street 12", mobileNum: "+905321234567", paymentPassword: "x" };
    expect(formProblem("EN", form, item(1, 3), 10)).toBeNull();
    expect(formProblem("EN", { ...form, quantity: "11" }, item(1, 30), 100)).toBe("The quantity must be between 1 and 10.");
    expect(formProblem("EN", { ...form, quantity: "4" }, item(1, 3), 100)).toBe("Only 3 left in stock.");
    expect(formProblem("EN", { ...form, deliveryAddress: " ab " }, item(1, 3), 10)).toBe("The address must be 5 to 300 characters.");
    expect(formProblem("TR", { ...form, mobileNum: "05-32" }, item(1, 3), 10)).toBe("Cep telefonu 6–20 rakam olmalıdır (başında + olabilir).");
    expect(formProblem("CN", { ...form, paymentPassword: "" }, item(1, 3), 10)).toBe("请输入资金密码。");
  });

  it("prefills the member's mobile with its country code and reads a rule as a member would", () => {
    expect(prefilledMobile(MEMBER)).toBe("+905321234567");
    expect(prefilledMobile({ mobileNum: null, countryDialingCode: "90" })).toBe("");
    expect(ruleText("EN", { pointType: "SLOT", bettingUnit: 10_000, ratio: 1, enabled: true }, "TRY")).toBe("100.00 TRY of slots = 1 point");
    expect(ruleText("TR", { pointType: "DEPOSIT", bettingUnit: 5_000, ratio: 3, enabled: true }, "TRY")).toBe("Para yatırma: 50.00 TRY = 3 puan");
  });
});

describe("the /pointMall page", () => {
  beforeEach(() => {
    sessionStorage.clear();
    sessionStorage.setItem("token", "t0ken");
    redeem.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asks a visitor to log in", async () => {
    sessionStorage.clear();
    serve([]);
    renderPage();
    expect(await screen.findByText("Log in to see your points and redeem items.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log in" })).toBeTruthy();
  });

  it("shows the balance and the items, a sold-out one not redeemable", async () => {
    serve([item(1, 4), item(2, 0)]);
    renderPage();
    await waitFor(() => expect(screen.getByTestId("points-balance").textContent).toBe("5"));
    expect(screen.getByTestId("points-earned").textContent).toBe("5");
    const open = within(await screen.findByTestId("mall-item-1")).getByRole("button", { name: "Redeem" }) as HTMLButtonElement;
    const soldOut = within(screen.getByTestId("mall-item-2")).getByRole("button", { name: "Redeem" }) as HTMLButtonElement;
    expect(open.disabled).toBe(false);
    expect(soldOut.disabled).toBe(true);
    expect(within(screen.getByTestId("mall-item-2")).getAllByText("Sold out").length).toBeGreaterThan(0);
  });

  it("keeps the request id for a retry, shows the server's refusal, and takes a new id at the next opening", async () => {
    serve([item(1, 4)]);
    redeem
      .mockRejectedValueOnce(new ApiError("payment_password.invalid", "The payment password is not right.", 400))
      .mockRejectedValueOnce(new ApiError("network.abnormal", "", 0))
      .mockResolvedValueOnce(REDEMPTION)
      .mockResolvedValueOnce({ ...REDEMPTION, transactionNo: 42 });
    renderPage();
    let dialog = await openDialog("mall-item-1");
    expect((within(dialog).getByLabelText("Mobile number") as HTMLInputElement).value).toBe("+905321234567");
    const send = () => fireEvent.click(within(dialog).getByRole("button", { name: "Redeem" }));
    send();
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The payment password is not right.");
    send();
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The network is not answering, please try again.");
    send();
    expect((await within(dialog).findByTestId("redeem-done")).textContent).toContain("41");
    const [first, second, third] = sentIds();
    expect(first).toMatch(/^mall-/);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(redeem.mock.calls[0]?.[1]).toMatchObject({ itemId: 1, quantity: 1, paymentPassword: "864200", mobileNum: "+905321234567" });

    const closers = within(dialog).getAllByRole("button", { name: "Close" });
    fireEvent.click(closers[closers.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    dialog = await openDialog("mall-item-1");
    fireEvent.click(within(dialog).getByRole("button", { name: "Redeem" }));
    await within(dialog).findByTestId("redeem-done");
    expect(sentIds()[3]).not.toBe(first);
  });

  it("sends a double press once, and a different quantity as another redemption", async () => {
    serve([item(1, 4)]);
    let answer: (value: RedemptionRead) => void = () => undefined;
    redeem
      .mockRejectedValueOnce(new ApiError("mall.out_of_stock", "Not enough of this item is left.", 409))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    renderPage();
    const dialog = await openDialog("mall-item-1");
    const button = within(dialog).getByRole("button", { name: "Redeem" });
    fireEvent.click(button);
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Not enough of this item is left.");
    fireEvent.change(within(dialog).getByLabelText("Quantity"), { target: { value: "2" } });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(redeem).toHaveBeenCalledTimes(2));
    answer({ ...REDEMPTION, quantity: 2, points: 4 });
    await within(dialog).findByTestId("redeem-done");
    expect(redeem).toHaveBeenCalledTimes(2);
    const [first, second] = sentIds();
    expect(second).not.toBe(first);
    expect(redeem.mock.calls[1]?.[1]).toMatchObject({ quantity: 2 });
  });

  it("shows the earning rules that earn", async () => {
    serve([]);
    renderPage("/pointMall?tab=details");
    const rules = await screen.findByTestId("earning-rules");
    expect(rules.textContent).toBe("100.00 TRY of slots = 1 point");
  });
});
