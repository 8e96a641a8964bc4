/** The points calls as queries, the redemption and the conversion to cash: balance, earning rules, the mall's items,
 * the member's redemptions, the conversion's rate and points records (the wallet's account record of
 * ``type=points``). */
import type {
  ConversionRequest,
  Language,
  RedemptionRequest,
  RedemptionStatus,
} from "@portal/kit";
import { api, apiSealed, keepPreviousData, pointRecords, useLanguage, useQuery, useSession } from "@portal/kit";

export const PAGE_SIZE = 10;

/** Reads for a real account only: a visitor has no points and a trial account is refused them. */
function useReal() {
  const session = useSession();
  return { token: session.token, enabled: session.isLogin && !session.isTrial };
}

export function usePointBalance() {
  const { language } = useLanguage();
  const { token, enabled } = useReal();
  return useQuery({ queryKey: ["points", "balance", token], enabled, queryFn: () => api("pointBalance", language) });
}

export function usePointRules() {
  const { language } = useLanguage();
  const { token, enabled } = useReal();
  return useQuery({ queryKey: ["points", "rules", token], enabled, queryFn: () => api("pointConfig", language) });
}

export function usePointItems() {
  const { language } = useLanguage();
  const { token, enabled } = useReal();
  return useQuery({ queryKey: ["points", "items", token, language], enabled, queryFn: () => api("pointRewards", language) });
}

/** The brand's rate of points to cash (off, at zeros, when the brand has none). */
export function useConvertRule() {
  const { language } = useLanguage();
  const { token, enabled } = useReal();
  return useQuery({ queryKey: ["points", "convertRule", token], enabled, queryFn: () => api("pointConvertRule", language) });
}

export function useRedemptions(status: RedemptionStatus | null, pageNo: number) {
  const { language } = useLanguage();
  const { token, enabled } = useReal();
  return useQuery({
    queryKey: ["points", "redemptions", token, status, pageNo],
    enabled,
    queryFn: () => api("pointRedemptions", language, { query: { status, pageNo, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function usePointRecords(pageNo: number) {
  const { language } = useLanguage();
  const { token, enabled } = useReal();
  return useQuery({
    queryKey: ["points", "records", token, pageNo, language],
    enabled,
    queryFn: async () => pointRecords(await api("transactionRecords", language, { query: { type: "points", pageNo, pageSize: PAGE_SIZE } })),
    placeholderData: keepPreviousData,
  });
}

/** One redemption, sealed (an (E) call) with the payment password inside. The caller keeps ``requestId`` for one
 * redemption: asking again after a lost answer or a double press is the same redemption, never a second one. */
export function redeemReward(language: Language, request: RedemptionRequest) {
  return apiSealed("redeemPointReward", language, { ...request });
}

/** One conversion of points to cash, sealed with the payment password inside; ``requestId`` kept for one conversion
 * as for a redemption (the service answers the same id with the first conversion). */
export function convertPoints(language: Language, request: ConversionRequest) {
  return apiSealed("convertPoints", language, { ...request });
}
