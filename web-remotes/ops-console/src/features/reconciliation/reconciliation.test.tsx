import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReconciliationRead } from "@portal/kit";
import { MemoryRouter, QueryClientProvider, createQueryClient } from "@portal/kit";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { OpsSession } from "../../shared/session";
import { OpsSessionProvider, SESSION_KEY } from "../../shared/session";
import { Reconciliation } from "./components/Reconciliation";

const REPORT = "/wps/ops/wallet/merchants/turkeyf2/dashboard/reconciliation";

function renderPage() {
  const session: OpsSession = { token: "tok", username: "ayse", roles: ["viewer"], merchants: ["turkeyf2"], expiresAt: Date.now() + 60_000 };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OpsSessionProvider>
          <Reconciliation />
        </OpsSessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const balanced: ReconciliationRead = {
  checkedAt: "2026-11-27T10:00:00+00:00", balanced: true,
  currencies: [{ currency: "TRY", total: 0, balanced: true }],
  totals: [
    { currency: "TRY", kind: "main", house: false, trial: false, accounts: 2, balance: 12_345, held: 500 },
    { currency: "TRY", kind: "house:adjustments", house: true, trial: false, accounts: 16, balance: -12_345, held: 0 },
  ],
  differences: [], differenceCount: 0, unbalanced: [], unbalancedCount: 0,
};

const broken: ReconciliationRead = {
  ...balanced, balanced: false, currencies: [{ currency: "TRY", total: 500, balanced: false }],
  differences: [{ accountId: "acc-1", kind: "main", currency: "TRY", balance: 500, journal: 0 }], differenceCount: 3,
};

const answer = (value: ReconciliationRead) => new Response(JSON.stringify({ success: true, value, errorCode: null, message: null }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe("the reconciliation report", () => {
  it("says the ledger adds up and shows the totals by kind", async () => {
    const fetched = vi.spyOn(globalThis, "fetch").mockImplementation(async () => answer(balanced));
    renderPage();
    expect((await screen.findByTestId("reconciliation-state")).textContent).toMatch(/adds up|tutarlı|平衡/);
    const totals = screen.getByRole("group", { name: /By kind|türlerine|按账户类型/ });
    expect(within(totals).getAllByRole("row")).toHaveLength(3);
    expect(within(totals).getByText("house:adjustments")).toBeTruthy();
    expect(screen.queryByRole("group", { name: /journal|hareketleriyle|流水不符/ })).toBeNull();
    expect(String(fetched.mock.calls[0]?.[0])).toContain(REPORT);
  });

  it("shows every difference with its count and checks again on demand", async () => {
    const fetched = vi.spyOn(globalThis, "fetch").mockImplementationOnce(async () => answer(broken)).mockImplementation(async () => answer(balanced));
    renderPage();
    expect((await screen.findByTestId("reconciliation-state")).textContent).toMatch(/does not add up|tutarsız|不平衡/);
    const differences = screen.getByRole("group", { name: /\(3\)|（3）/ });
    expect(within(differences).getByText("acc-1")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Check now|Şimdi denetle|立即核对/ }));
    await waitFor(() => expect(screen.getByTestId("reconciliation-state").textContent).toMatch(/adds up|tutarlı|平衡/));
    expect(fetched).toHaveBeenCalledTimes(2);
  });
});
