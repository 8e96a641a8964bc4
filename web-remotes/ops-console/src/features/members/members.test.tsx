import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { Members } from "./components/Members";

const FOUND = {
  id: "acc-1", username: "ayse1990", type: 0, status: "active", lockedUntil: null, mobileNum: "5321234567",
  countryDialingCode: "90", createdAt: "2026-01-01T10:00:00Z", lastLoginAt: null, lastLoginIp: "198.51.100.10", registerIp: "198.51.100.10",
};

function answer(value: unknown, status = 200): Response {
  const success = status < 400;
  const body = success ? { success, value, errorCode: null, message: null } : { success, value: null, errorCode: "ops.role_required", message: String(value) };
  return new Response(JSON.stringify(body), { status });
}

function renderMembers(roles: string[]) {
  sessionStorage.setItem(SESSION_KEY, JSON.stringify({ token: "tok", username: "ayse", roles, merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 }));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <Members />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("finding a member", () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("sends what to find in the body, never the URL, and opens the profile", async () => {
    const fetched = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes("/search")) return answer({ pageNum: 1, totalPages: 1, total: 1, list: [FOUND] });
      if (url.includes("/notes") || url.includes("/bets")) return answer({ pageNum: 1, totalPages: 0, total: 0, list: [] });
      if (url.includes("/balances")) return answer({ accountId: "acc-1", currency: "TRY", scale: 2, balance: 0, available: 0, held: 0, wallets: [], pendingDeposits: 0, pendingWithdrawals: 0, totalDeposited: 0, totalWithdrawn: 0 });
      return answer({ ...FOUND, nickname: "Ayşe", fullname: null, email: null, uplineId: null, affiliateCode: null, registerMethod: "USERNAME", totpBound: false, logins: [{ at: "2026-01-02T10:00:00Z", ip: "203.0.113.9", userAgent: "Firefox", success: false }], devices: [] });
    });
    renderMembers(["finance-maker"]);
    fireEvent.change(screen.getByLabelText("Alan"), { target: { value: "mobile" } });
    fireEvent.change(screen.getByLabelText("Aranacak"), { target: { value: " 5321234567 " } });
    fireEvent.click(screen.getByRole("button", { name: "Ara" }));
    expect(await screen.findByText("1 üye bulundu.")).toBeTruthy();
    const [url, init] = fetched.mock.calls[0] ?? [];
    expect(String(url)).toBe("/wps/ops/auth/merchants/turkeyf2/members/search?pageNo=1&pageSize=20&sort=match");
    expect(String(url)).not.toContain("5321234567");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ search: "5321234567", by: "mobile" });
    fireEvent.click(screen.getByRole("button", { name: "Aç" }));
    expect(await screen.findByText("203.0.113.9")).toBeTruthy();
    expect(String(fetched.mock.calls[1]?.[0])).toBe("/wps/ops/auth/merchants/turkeyf2/members/acc-1");
  });

  it("asks auth for the status and the order picked", async () => {
    const fetched = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(JSON.stringify({ success: true, value: { pageNum: 1, totalPages: 0, total: 0, list: [] }, errorCode: null, message: null })));
    renderMembers(["viewer"]);
    fireEvent.change(screen.getByLabelText("Aranacak"), { target: { value: "ays" } });
    fireEvent.change(screen.getByLabelText("Hesap durumu"), { target: { value: "disabled" } });
    fireEvent.change(screen.getByLabelText("Sıralama"), { target: { value: "newest" } });
    fireEvent.click(screen.getByRole("button", { name: "Ara" }));
    await waitFor(() => expect(String(fetched.mock.calls[0]?.[0])).toBe("/wps/ops/auth/merchants/turkeyf2/members/search?pageNo=1&pageSize=20&sort=newest&status=disabled"));
    expect(JSON.parse(String(fetched.mock.calls[0]?.[1]?.body))).toEqual({ search: "ays", by: "username" });
  });

  it("asks for something to find before calling", () => {
    const fetched = vi.spyOn(globalThis, "fetch");
    renderMembers(["viewer"]);
    fireEvent.click(screen.getByRole("button", { name: "Ara" }));
    expect(screen.getByText("Aranacak metni girin.")).toBeTruthy();
    expect(fetched).not.toHaveBeenCalled();
  });
});
