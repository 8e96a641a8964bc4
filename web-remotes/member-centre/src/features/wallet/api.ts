/** The brand's wallet mode and the transfers between a member's own wallets. */
import { api, merchantCode, useLanguage, useQuery } from "@portal/kit";
import { newRequestId } from "../../shared/rules";

export function useMerchantWallet() {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["merchantWallet", merchantCode()],
    queryFn: () => api("merchantWallet", language, { query: { merchantCode: merchantCode() } }),
  });
}

export function transfer(language: string, fromWallet: string, toWallet: string, amount: number) {
  return api("walletTransfer", language, { body: { fromWallet, toWallet, amount, requestId: newRequestId() } });
}
