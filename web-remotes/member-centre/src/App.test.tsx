import { cleanup, render, screen } from "@testing-library/react";
import { createQueryClient, MemoryRouter, QueryClientProvider, Route, Routes, SessionProvider } from "@portal/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import App, { MENU, mountPath } from "./App";
import { checkAmount, checkRemainder, holderNameProblem, proofProblem } from "./shared/rules";
import { bankFieldLabel } from "./shared/texts";

describe("the member centre's form rules", () => {
  it("takes amounts with at most two decimals, within the limits", () => {
    expect(checkAmount("1,500.5", 1000, 10_000_000)).toEqual({ minor: 150_050, problem: null });
    expect(checkAmount("9.99", 1000, 10_000_000)).toEqual({ minor: 999, problem: "limits" });
    expect(checkAmount("1.234")).toEqual({ minor: null, problem: "tooManyDecimals" });
    expect(checkAmount("10.123", 1000, 10_000_000)).toEqual({ minor: null, problem: "tooManyDecimals" }); // not "limits"
    expect(checkAmount("10,5", 1000, 10_000_000, "TR")).toEqual({ minor: 1050, problem: null });
    expect(checkAmount("0")).toEqual({ minor: null, problem: "invalidAmount" });
    expect(checkAmount("abc")).toEqual({ minor: null, problem: "invalidAmount" });
  });

  it("takes a holder's name in letters of any script, never markup, control characters or digits", () => {
    for (const name of ["Ayşe Yılmaz", "Jean-Luc O'Neil", "张伟", "J. R. Smith"]) expect(holderNameProblem(name)).toBeNull();
    for (const name of ["<script>x</script>", "a<b", "Ali\tVeli", "Ali\u202eVeli", "R2D2", "x", "&amp;"]) {
      expect(holderNameProblem(name)).toBe("holderNameInvalid");
    }
  });

  it("labels the brand's receiving account in the page's language", () => {
    expect(bankFieldLabel("TR", "iban")).toBe("IBAN / hesap no");
    expect(bankFieldLabel("CN", "bank_name")).toBe("银行");
    expect(bankFieldLabel("TR", "Account Name")).toBe("Hesap sahibi");
    expect(bankFieldLabel("TR", "Şube")).toBe("Şube");
  });

  it("wants a remainder above zero and below the amount", () => {
    expect(checkRemainder("100", 30_000)).toBe(10_000);
    expect(checkRemainder("300", 30_000)).toBeNull();
    expect(checkRemainder("0", 30_000)).toBeNull();
  });

  it("accepts one to three png or jpg proofs under 5 MB", () => {
    const png = { type: "image/png", size: 1000 };
    expect(proofProblem([png, { type: "image/jpeg", size: 5 * 1024 * 1024 - 1 }])).toBeNull();
    expect(proofProblem([png, png, png, png])).toBe("tooManyProofs");
    expect(proofProblem([{ type: "image/gif", size: 10 }])).toBe("proofType");
    expect(proofProblem([{ type: "image/png", size: 5 * 1024 * 1024 }])).toBe("proofType");
  });
});

describe("the menu", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("lists the spec's items in order, and an unknown page opens a not-available panel", async () => {
    expect(MENU.map((item) => item.key)).toEqual([
      "securityCenter", "transferFund", "depositv2", "withdraw", "transferUpline", "personalHistoryCopy",
      "transactionHistory", "personalProfit", "bonusDetails", "rewardCenter", "referral", "missionLeaderboard", "messageV2",
    ]);
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ success: true, value: [], errorCode: null, message: null }))));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <MemoryRouter initialEntries={["/member/noSuchPage"]}>
            <Routes>
              <Route path="/member/*" element={<App />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId("mc-not-available")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Hesap kayıtları" }).getAttribute("href")).toBe("/member/transactionHistory");
  });

  it("finds where the shell mounted it", () => {
    expect(mountPath("/member/depositv2", "depositv2")).toBe("/member");
    expect(mountPath("/member/", "")).toBe("/member");
    expect(mountPath("/member", undefined)).toBe("/member");
  });
});
