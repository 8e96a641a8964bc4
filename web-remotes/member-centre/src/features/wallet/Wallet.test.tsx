import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { Language } from "@portal/kit";
import { createQueryClient, LanguageContext, MemoryRouter, QueryClientProvider, Route, Routes, SessionProvider } from "@portal/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Wallet } from "./components/Wallet";

function envelope(value: unknown) {
  return new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }), { status: 200 });
}

function show(language: Language) {
  sessionStorage.setItem("token", "t0ken");
  const wallets = [
    { wallet: "main", available: 20_000, held: 0 },
    { wallet: "bonus", available: 10_000, held: 0 },
    { wallet: "vendor:AV", available: 500, held: 0 },
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes("/wps/v2/wallets/balance")) return envelope({ currency: "TRY", scale: 2, sum: 20_500, wallets });
      if (url.includes("GCS_merchantWallet")) return envelope({ mode: "transfer", isSingle: false, vendors: ["AV"] });
      if (url.includes("/wps/member/info")) return envelope({ id: "m1", account: "bonusfan", nickname: null, type: 0 });
      return envelope(null);
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageContext.Provider value={{ language, setLanguage: () => undefined }}>
        <SessionProvider>
          <MemoryRouter initialEntries={["/member/transferFund"]}>
            <Routes>
              <Route path="/member/transferFund" element={<Wallet />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </LanguageContext.Provider>
    </QueryClientProvider>,
  );
}

describe("my wallet", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it("shows the bonus wallet as locked and never offers it to transfer", async () => {
    show("EN");
    const row = (await screen.findByText("Bonus (locked until wagered)")).closest("tr");
    expect(row && within(row).getByTestId("available-bonus").textContent).toBe("100.00");
    expect(screen.getByTestId("bonus-note").textContent).toContain("The bonus is not in the total");
    expect(within(screen.getByTestId("bonus-note")).getByRole("link", { name: "Bonus details" }).getAttribute("href")).toBe("/member/bonusDetails");
    for (const select of screen.getAllByRole("combobox")) {
      const values = within(select).getAllByRole("option").map((option) => option.getAttribute("value"));
      expect(values).not.toContain("bonus");
      expect(values).toContain("main");
    }
  });

  it("names the main wallet in Turkish and Chinese, never 'main', and reads a Turkish amount's decimals", async () => {
    show("TR");
    expect((await screen.findByTestId("available-main")).textContent).toBe("200,00");
    expect(screen.getAllByText("Ana cüzdan")).toHaveLength(3); // the table and both choices
    for (const select of screen.getAllByRole("combobox")) {
      const labels = within(select).getAllByRole("option").map((option) => option.textContent);
      expect(labels).toContain("Ana cüzdan");
      expect(labels).not.toContain("main");
    }
    fireEvent.change(screen.getByLabelText("Tutar"), { target: { value: "10,123" } });
    fireEvent.click(screen.getByRole("button", { name: "Aktar" }));
    expect((await screen.findByRole("alert")).textContent).toContain("en fazla 2 ondalık");
    cleanup();
    show("CN");
    expect(await screen.findAllByText("主钱包")).not.toHaveLength(0);
  });
});
