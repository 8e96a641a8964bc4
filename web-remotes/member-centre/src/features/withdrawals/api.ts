/** Bank accounts, withdrawal requests (sealed: they carry the payment password) and their confirmation. */
import { useCallback } from "react";
import { api, apiSealed, ApiError, useLanguage, useQuery, useQueryClient, useSession } from "@portal/kit";

export function useBankAccounts() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["bankAccounts"], queryFn: () => api("bankAccounts", language) });
}

export function useWithdrawals() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["withdrawals"], queryFn: () => api("myWithdrawals", language) });
}

/** The brand's bounds of one request (minor units), shown before the member asks and checked before sending. */
export function useWithdrawalLimits() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["withdrawalLimits"], queryFn: () => api("withdrawalLimits", language) });
}

/** After any change: the accounts, the requests and the header's balance are read again. */
export function useWithdrawalsReload(): () => void {
  const queries = useQueryClient();
  const { refreshBalance } = useSession();
  return useCallback(() => {
    void queries.invalidateQueries({ queryKey: ["bankAccounts"] });
    void queries.invalidateQueries({ queryKey: ["withdrawals"] });
    void refreshBalance();
  }, [queries, refreshBalance]);
}

export interface BankAccountFields {
  bankName: string;
  holderName: string;
  accountNumber: string;
  paymentPassword: string;
}

/** Sealed: a bank account is bound only with the payment password (a stolen session alone cannot add one). */
export function bindBankAccount(language: string, fields: BankAccountFields) {
  return apiSealed("bindBankAccount", language, {
    bankName: fields.bankName.trim(),
    holderName: fields.holderName.trim(),
    accountNumber: fields.accountNumber.trim(),
    paymentPassword: fields.paymentPassword,
  });
}

/** One withdrawal request. The caller makes its ``requestId`` (``newRequestId``) per request; the same request sent
 * again after the wallet refused it (a bonus not yet wagered, now forfeited) keeps it: the refusal wrote nothing. */
export interface WithdrawalAsk {
  amount: number;
  bankAccountId: string;
  paymentPassword: string;
  requestId: string;
  forfeitBonus: boolean;
}

export function requestWithdrawal(language: string, ask: WithdrawalAsk) {
  return apiSealed("requestWithdrawal", language, { ...ask });
}

/** What the wallet's ``withdrawal.bonus_unmet`` refusal says the bonuses hold (minor units), or null. */
export function heldBonus(failure: unknown): number | null {
  if (!(failure instanceof ApiError) || failure.code !== "withdrawal.bonus_unmet") return null;
  const value = failure.value as { bonusBalance?: unknown } | null;
  return typeof value?.bonusBalance === "number" ? value.bonusBalance : null;
}

export interface Confirmation {
  result: "received" | "partly" | "not_received";
  remainder?: number;
  proofs?: string[];
}

export function confirmWithdrawal(language: string, withdrawalId: string, body: Confirmation) {
  return api("confirmWithdrawal", language, { path: { withdrawal_id: withdrawalId }, body });
}
