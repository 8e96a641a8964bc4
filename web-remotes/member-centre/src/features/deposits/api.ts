/** Deposit channels, the member's deposits (followed while any is pending) and a new deposit request. */
import { api, useLanguage, useQuery } from "@portal/kit";
import type { DepositChannelRead } from "@portal/kit";
import { newRequestId } from "../../shared/rules";

const POLL_MS = 3000;

export function useDepositChannels() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["depositChannels", language], queryFn: () => api("depositChannels", language) });
}

export function useDeposits() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["deposits"],
    queryFn: () => api("myDeposits", language),
    refetchInterval: (query) => (query.state.data?.some((deposit) => deposit.status === "pending") ? POLL_MS : false),
  });
}

export function requestDeposit(language: string, channel: DepositChannelRead["channel"], amount: number, reference: string) {
  return api("requestDeposit", language, {
    body: { channel, amount, requestId: newRequestId(), reference: channel === "BANK_TRANSFER" ? reference.trim() : null },
  });
}
