/** Bank accounts, withdrawal requests (sealed: they carry the payment password) and their confirmation. */
import { useCallback } from "react";
import { api, apiSealed, useLanguage, useQuery, useQueryClient, useSession } from "@portal/kit";
import { newRequestId } from "../../shared/rules";

export function useBankAccounts() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["bankAccounts"], queryFn: () => api("bankAccounts", language) });
}

export function useWithdrawals() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["withdrawals"], queryFn: () => api("myWithdrawals", language) });
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

export function requestWithdrawal(language: string, amount: number, bankAccountId: string, paymentPassword: string) {
  return apiSealed("requestWithdrawal", language, { amount, bankAccountId, paymentPassword, requestId: newRequestId() });
}

export interface Confirmation {
  result: "received" | "partly" | "not_received";
  remainder?: number;
  proofs?: string[];
}

export function confirmWithdrawal(language: string, withdrawalId: string, body: Confirmation) {
  return api("confirmWithdrawal", language, { path: { withdrawal_id: withdrawalId }, body });
}
