/** Bonus details: the member's bonuses from the promotions they joined, newest first, paged, with their wagering. */
import type { GrantStatus } from "@portal/kit";
import { api, keepPreviousData, useLanguage, useQuery } from "@portal/kit";

export const PAGE_SIZE = 10;

export function useBonuses(status: GrantStatus | null, pageNo: number) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["bonuses", status, pageNo, language],
    queryFn: () => api("bonusDetails", language, { query: { status, pageNo, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
