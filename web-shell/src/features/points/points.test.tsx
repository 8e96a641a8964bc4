import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConversionRead, ConversionRequest, ConversionRuleRead, ItemRead, RedemptionRead, RedemptionRequest } from "@portal/kit";
import { ApiError, createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, SessionProvider } from "@portal/kit";
import { convertPoints, redeemReward } from "./api";
import { PointMallPage } from "./components/PointMallPage";
import {
  cashFor,
  conversionProblem,
  conversionState,
  formProblem,
  itemState,
  mainBalance,
  maxQuantity,
  moneyText,
  mostPoints,
  parsePoints,
  paymentNote,
  prefilledMobile,
  priceText,
  rateText,
  ruleText,
} from "./rules";

vi.mock("./api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./api")>()),
  redeemReward: vi.fn(),
  convertPoints: vi.fn(),
}));
const redeem = vi.mocked(redeemReward);
const convert = vi.mocked(convertPoints);
const RATE: ConversionRuleRead = { pointsPerUnit: 10, amountPerUnit: 100, minPoints: 10, enabled: true };

const item = (itemId: number, stock: number, points = 2, name = `Item ${itemId}`, money = 0): ItemRead => ({
  itemId, name, names: { EN: name }, picture: "/demo/banner-welcome.svg", points, money, stock, active: true, sort: itemId,
});

const MEMBER = {
  id: "m1", account: "pointsfan", nickname: null, type: 0, fullname: null, email: null, mobileNum: "5321234567",
  countryDialingCode: "90", uplineId: null, affiliateCode: null, hasPaymentPassword: true, totpBound: false, icon: 1,
  lastLoginAt: null, lastLoginIp: null, createdAt: "2026-01-01T00:00:00Z",
};

const REDEMPTION: RedemptionRead = {
  transactionNo: 41, accountId: "acc-1", itemId: 1, itemName: "Item 1", quantity: 1, points: 2, money: 0, payment: "NONE", status: "IN_PROCESS",
  deliveryAddress: "Bağdat Caddesi 1, İstanbul", mobileNum: "+905321234567", reason: null, decidedBy: null,
  createdAt: "2026-05-01T10:00:00Z", decidedAt: null,
};

const MAIN = (available: number) => [{ wallet: "main", available, held: 0 }];

function serve(items: ItemRead[], balance = 5, rate: ConversionRuleRead = RATE, extra: Record<string, unknown> = {}) {
  const answers: Record<string, unknown> = {
    "/wps/relay/MCS2_getPointConvertRule": rate,
    "/wps/member/info": MEMBER,
    "/wps/v2/wallets/balance": { currency: "TRY", scale: 2, sum: 25_000, wallets: [] },
    "/wps/relay/MCS2_getPointBalance": { balance, earned: balance, spent: 0 },
    "/wps/relay/MCS2_getPointReward": items,
    "/wps/relay/MCS2_getPointConfig": [
      { pointType: "SLOT", bettingUnit: 10_000, ratio: 1, enabled: true },
      { pointType: "LIVE", bettingUnit: 10_000, ratio: 0, enabled: false },
    ],
    ...extra,
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string) => {
      const value = answers[path.split("?")[0] ?? path];
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

  it("prices an item that costs money too, and keeps it out of reach when the main balance cannot pay it", () => {
    const mug = item(1, 5, 30, "Mug", 2_500);
    expect(priceText("EN", mug, "TRY")).toBe("30 points + ₺25.00");
    expect(priceText("TR", mug, "TRY", 2)).toBe("60 puan + ₺50,00");
    expect(priceText("EN", item(2, 5, 30), "TRY")).toBe("30 points");
    expect(moneyText(123_456, "TRY")).toBe("₺1,234.56");
    expect(moneyText(100, "")).toBe("1.00");
    expect(mainBalance({ wallets: [{ wallet: "PG", available: 9_000, held: 0 }, ...MAIN(2_000)] })).toBe(2_000);
    expect(mainBalance({ wallets: [] })).toBeNull();
    expect(mainBalance(null)).toBeNull();
    expect(itemState(mug, 100, 2_499)).toBe("noMoney");
    expect(itemState(mug, 100, 2_500)).toBe("available");
    expect(itemState(mug, 100, null)).toBe("available"); // not known yet: the service checks the wallet
    expect(itemState(mug, 10, 0)).toBe("notEnough"); // the points are said first
    expect(itemState({ ...mug, stock: 0 }, 100, 0)).toBe("soldOut");
    expect(itemState(item(2, 5, 30), 100, 0)).toBe("available"); // a points-only item never asks the wallet
    expect(maxQuantity(mug, 1_000, 7_600)).toBe(3);
    const form = { quantity: "4", deliveryAddress: "Street 12", mobileNum: "+905321234567", paymentPassword: "x" };
    expect(formProblem("EN", form, mug, 1_000, 7_600, "TRY")).toBe("This quantity takes ₺100.00 from your main balance; it holds ₺76.00.");
    expect(formProblem("EN", { ...form, quantity: "3" }, mug, 1_000, 7_600, "TRY")).toBeNull();
    expect(paymentNote("EN", "REFUNDED")).toBe("Refunded");
    expect(paymentNote("EN", "FAILED")).toBe("Payment failed");
    expect(paymentNote("EN", "PENDING")).toBe("Waiting for the wallet");
    expect(paymentNote("CN", "REFUNDING")).toBe("退款中");
    expect(paymentNote("EN", "PAID")).toBeNull();
    expect(paymentNote("EN", "NONE")).toBeNull();
  });

  it("prefills the member's mobile with its country code and reads a rule as a member would", () => {
    expect(prefilledMobile(MEMBER)).toBe("+905321234567");
    expect(prefilledMobile({ mobileNum: null, countryDialingCode: "90" })).toBe("");
    expect(ruleText("EN", { pointType: "SLOT", bettingUnit: 10_000, ratio: 1, enabled: true }, "TRY")).toBe("100.00 TRY of slots = 1 point");
    expect(ruleText("TR", { pointType: "DEPOSIT", bettingUnit: 5_000, ratio: 3, enabled: true }, "TRY")).toBe("Para yatırma: 50,00 TRY = 3 puan");
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

  it("shows an item's points and money, and one the main balance cannot pay as not affordable", async () => {
    const wallet = { currency: "TRY", scale: 2, sum: 4_000, wallets: MAIN(4_000) };
    serve([item(1, 4, 2, "Mug", 2_500), item(2, 4, 2, "Lamp", 5_000)], 5, RATE, { "/wps/v2/wallets/balance": wallet });
    renderPage();
    await waitFor(() => expect(screen.getByTestId("mall-price-1").textContent).toBe("2 points + ₺25.00"));
    const lamp = screen.getByTestId("mall-item-2");
    await waitFor(() => expect(within(lamp).getByText("In stock: 4 · Not enough in your main balance (₺50.00 needed)")).toBeTruthy());
    expect((within(lamp).getByRole("button", { name: "Redeem" }) as HTMLButtonElement).disabled).toBe(true);
    const dialog = await openDialog("mall-item-1");
    expect(within(dialog).getByTestId("redeem-money").textContent).toBe("Taken from your main balance: ₺25.00");
    fireEvent.change(within(dialog).getByLabelText("Quantity"), { target: { value: "2" } });
    expect(within(dialog).getByTestId("redeem-money").textContent).toBe("Taken from your main balance: ₺50.00");
    fireEvent.click(within(dialog).getByRole("button", { name: "Redeem" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This quantity takes ₺50.00 from your main balance; it holds ₺40.00.");
    expect(redeem).not.toHaveBeenCalled();
  });

  it("shows the wallet's refusal as it words it and reads the balance again", async () => {
    serve([item(1, 4, 2, "Mug", 2_500)], 5, RATE, { "/wps/v2/wallets/balance": { currency: "TRY", scale: 2, sum: 9_000, wallets: MAIN(9_000) } });
    redeem.mockRejectedValueOnce(new ApiError("wallet.insufficient_funds", "Your balance is not enough.", 409));
    renderPage();
    const dialog = await openDialog("mall-item-1");
    await waitFor(() => expect(within(dialog).getByTestId("redeem-money")).toBeTruthy());
    const reads = () => vi.mocked(fetch).mock.calls.filter(([path]) => path === "/wps/v2/wallets/balance").length;
    const before = reads();
    fireEvent.click(within(dialog).getByRole("button", { name: "Redeem" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Your balance is not enough.");
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it("shows a redemption's money and where its payment is, when it matters", async () => {
    const rows: RedemptionRead[] = [
      { ...REDEMPTION, transactionNo: 51, money: 5_000, payment: "REFUNDED", status: "REJECTED", reason: "No stock" },
      { ...REDEMPTION, transactionNo: 52, money: 2_500, payment: "FAILED", status: "REJECTED" },
      { ...REDEMPTION, transactionNo: 53, money: 2_500, payment: "PENDING" },
      { ...REDEMPTION, transactionNo: 54, money: 2_500, payment: "PAID", status: "APPROVED" },
      { ...REDEMPTION, transactionNo: 55 },
    ];
    serve([], 5, RATE, { "/wps/relay/MCS2_getRedeemPointList": { pageNum: 1, totalPages: 1, total: rows.length, list: rows } });
    renderPage("/pointMall?tab=redemptions");
    const cell = async (no: number) => {
      const row = await screen.findByTestId(`redemption-${no}`);
      return row.querySelector("td[data-label='Amount']")?.textContent;
    };
    await waitFor(async () => expect(await cell(51)).toBe("₺50.00 Refunded"));
    expect(await cell(52)).toBe("₺25.00 Payment failed");
    expect(await cell(53)).toBe("₺25.00 Waiting for the wallet");
    expect(await cell(54)).toBe("₺25.00");
    expect(await cell(55)).toBe("—");
    expect(screen.getByTestId("payment-51").className).toContain("pm-badge--approved");
  });

  it("shows the earning rules that earn", async () => {
    serve([]);
    renderPage("/pointMall?tab=details");
    const rules = await screen.findByTestId("earning-rules");
    expect(rules.textContent).toBe("100.00 TRY of slots = 1 point");
  });
});

describe("points converted to cash: the form's rules", () => {
  it("converts whole units of the rate only, at least the minimum, and works the cash out as the service does", () => {
    expect(cashFor(10, RATE)).toBe(100);
    expect(cashFor(120, RATE)).toBe(1_200);
    expect(cashFor(15, RATE)).toBeNull(); // not a whole unit
    expect(cashFor(0, RATE)).toBeNull();
    expect(cashFor(20, { ...RATE, minPoints: 30 })).toBeNull(); // below the brand's minimum
    expect(cashFor(30, { ...RATE, minPoints: 25 })).toBe(300);
    expect(cashFor(5, { ...RATE, minPoints: 1 })).toBeNull(); // never less than one unit
    expect(cashFor(null, RATE)).toBeNull();
    expect(parsePoints(" 20 ")).toBe(20);
    expect(parsePoints("2.5")).toBeNull();
    expect(parsePoints("-10")).toBeNull();
    expect(parsePoints("1e3")).toBeNull();
    expect(mostPoints(RATE, 57)).toBe(50);
    expect(mostPoints(RATE, 9)).toBe(0);
  });

  it("refuses in the member's language before sending, and reads the rate as a member would", () => {
    const form = { points: "20", paymentPassword: "x" };
    expect(conversionProblem("EN", form, RATE, 57)).toBeNull();
    expect(conversionProblem("EN", { ...form, points: "25" }, RATE, 57)).toBe("Enter a whole multiple of 10 points, at least 10.");
    expect(conversionProblem("EN", { ...form, points: "" }, RATE, 57)).toBe("Enter a whole multiple of 10 points, at least 10.");
    expect(conversionProblem("TR", { ...form, points: "5" }, { ...RATE, minPoints: 20 }, 57)).toBe("Puan 10 puanın tam katı ve en az 20 olmalıdır.");
    expect(conversionProblem("EN", { ...form, points: "60" }, RATE, 57)).toBe("You cannot convert 60 points; your balance is 57.");
    expect(conversionProblem("CN", { ...form, paymentPassword: "" }, RATE, 57)).toBe("请输入资金密码。");
    expect(rateText("EN", RATE, "TRY")).toBe("10 points = 1.00 TRY");
    expect(rateText("TR", { ...RATE, pointsPerUnit: 1_000, amountPerUnit: 250_000 }, "TRY")).toBe("1.000 puan = 2.500,00 TRY");
    expect(conversionState(RATE, 10)).toBe("open");
    expect(conversionState(RATE, 9)).toBe("short");
    expect(conversionState({ ...RATE, enabled: false }, 100)).toBe("off");
    expect(conversionState({ pointsPerUnit: 0, amountPerUnit: 0, minPoints: 0, enabled: true }, 100)).toBe("off");
  });
});

describe("the Convert to cash tab", () => {
  const PAID: ConversionRead = { transactionNo: 7, points: 20, amount: 200, status: "PAID", balance: 37, createdAt: "2026-05-01T10:00:00Z" };
  const convertIds = () => convert.mock.calls.map((call) => (call[1] as ConversionRequest).requestId);
  const balanceReads = () => vi.mocked(fetch).mock.calls.filter(([path]) => path === "/wps/v2/wallets/balance").length;

  beforeEach(() => {
    sessionStorage.clear();
    sessionStorage.setItem("token", "t0ken");
    convert.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  async function openForm(balance = 57, rate = RATE) {
    serve([], balance, rate);
    renderPage("/pointMall?tab=convert");
    const panel = await screen.findByTestId("convert");
    await waitFor(() => expect(screen.getByTestId("points-balance").textContent).toBe(String(balance)));
    return panel;
  }

  it("states the rate and shows the cash the points make as they are typed", async () => {
    const panel = await openForm();
    expect(within(panel).getByTestId("convert-rate").textContent).toBe("10 points = 1.00 TRY");
    await waitFor(() => expect(within(panel).getByText("Your balance converts up to 50 points.")).toBeTruthy());
    const field = within(panel).getByLabelText("Points to convert");
    expect(within(panel).getByTestId("convert-cash").textContent).toBe("You get: — TRY");
    fireEvent.change(field, { target: { value: "30" } });
    expect(within(panel).getByTestId("convert-cash").textContent).toBe("You get: 3.00 TRY");
    fireEvent.change(field, { target: { value: "35" } });
    expect(within(panel).getByTestId("convert-cash").textContent).toBe("You get: — TRY");
    fireEvent.change(within(panel).getByLabelText("Payment password"), { target: { value: "864200" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Convert" }));
    expect((await within(panel).findByRole("alert")).textContent).toBe("Enter a whole multiple of 10 points, at least 10.");
    expect(convert).not.toHaveBeenCalled();
  });

  it("keeps the request id across retries, takes a new one for other points and after a conversion, sends a double press once", async () => {
    let answer: (value: ConversionRead) => void = () => undefined;
    convert
      .mockRejectedValueOnce(new ApiError("payment_password.invalid", "The payment password is not right.", 400))
      .mockRejectedValueOnce(new ApiError("network.abnormal", "", 0))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
      .mockResolvedValueOnce({ ...PAID, transactionNo: 8, points: 10, amount: 100, status: "PENDING" });
    const panel = await openForm();
    const field = within(panel).getByLabelText("Points to convert");
    const password = within(panel).getByLabelText("Payment password");
    const button = within(panel).getByRole("button", { name: "Convert" });
    fireEvent.change(field, { target: { value: "10" } });
    fireEvent.change(password, { target: { value: "000000" } });
    fireEvent.click(button);
    expect((await within(panel).findByRole("alert")).textContent).toBe("The payment password is not right.");
    fireEvent.change(field, { target: { value: "20" } }); // other points: another conversion
    fireEvent.change(password, { target: { value: "864200" } });
    fireEvent.click(button);
    expect((await within(panel).findByRole("alert")).textContent).toBe("The network is not answering, please try again.");
    const before = balanceReads();
    fireEvent.click(button);
    fireEvent.click(button); // a double press
    await waitFor(() => expect(convert).toHaveBeenCalledTimes(3));
    answer(PAID);
    expect((await within(panel).findByTestId("convert-done")).textContent).toBe("20 points converted: 2.00 TRY is in your main wallet (no. 7).");
    expect(convert).toHaveBeenCalledTimes(3);
    await waitFor(() => expect(balanceReads()).toBeGreaterThan(before)); // the header's balance follows the cash
    expect((field as HTMLInputElement).value).toBe("");

    fireEvent.change(field, { target: { value: "10" } });
    fireEvent.change(password, { target: { value: "864200" } });
    fireEvent.click(button);
    expect((await within(panel).findByTestId("convert-done")).textContent).toBe("10 points converted: 1.00 TRY is on its way to your main wallet (no. 8).");
    const [first, second, third, fourth] = convertIds();
    expect(first).toMatch(/^convert-/);
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    expect(fourth).not.toBe(second);
    expect(convert.mock.calls[2]?.[1]).toEqual({ points: 20, paymentPassword: "864200", requestId: second });
  });

  it("says the points were given back when the cash could not be paid", async () => {
    convert.mockResolvedValueOnce({ ...PAID, status: "FAILED", balance: 57 });
    const panel = await openForm();
    fireEvent.change(within(panel).getByLabelText("Points to convert"), { target: { value: "20" } });
    fireEvent.change(within(panel).getByLabelText("Payment password"), { target: { value: "864200" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Convert" }));
    expect((await within(panel).findByTestId("convert-done")).textContent).toBe("The conversion could not be paid: your 20 points were given back (no. 7).");
  });

  it("is disabled with the reason when the brand's rate is off or the points are below the least", async () => {
    let panel = await openForm(57, { ...RATE, enabled: false });
    expect(within(panel).getByTestId("convert-note").textContent).toBe("Converting points to cash is switched off right now.");
    expect(within(panel).getByRole("button", { name: "Convert" }).matches(":disabled")).toBe(true);
    expect(within(panel).getByLabelText("Points to convert").matches(":disabled")).toBe(true);
    cleanup();
    vi.unstubAllGlobals();
    panel = await openForm(9);
    expect(within(panel).getByTestId("convert-note").textContent).toBe("You need at least 10 points to convert; your balance is 9.");
    expect(within(panel).getByTestId("convert-rate").textContent).toBe("10 points = 1.00 TRY");
    expect(within(panel).getByRole("button", { name: "Convert" }).matches(":disabled")).toBe(true);
    expect(convert).not.toHaveBeenCalled();
  });
});
