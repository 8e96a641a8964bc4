/** The member's upline agent and the transfer to it (sealed: it carries the payment password). */
import { api, apiSealed, useLanguage, useQuery } from "@portal/kit";
import { newRequestId } from "../../shared/rules";

export function useUpline() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["upline"], queryFn: () => api("upline", language) });
}

export function transferToUpline(language: string, amount: number, paymentPassword: string) {
  return apiSealed("transferToUpline", language, { amount, paymentPassword, requestId: newRequestId() });
}
