/** The betting record and personal profit and loss: the games service's records of settled bets. */
import { api, keepPreviousData, useLanguage, useQuery } from "@portal/kit";

export interface BetFilter {
  gameType: string;
  startDate: string;
  endDate: string;
}

export const PAGE_SIZE = 20;
export const GAME_TYPES = ["all", "RNG", "PVP", "LIVE", "FISH", "SPORTS", "ESPORTS", "COCKFIGHT", "LOTT", "ELOTT"] as const;

export function useBetRecords(filter: BetFilter, pageNo: number) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["betRecords", filter, pageNo, language],
    queryFn: () =>
      api("betRecords", language, {
        query: {
          pageNo,
          pageSize: PAGE_SIZE,
          gameType: filter.gameType === "all" ? null : filter.gameType,
          startDate: filter.startDate || null,
          endDate: filter.endDate || null,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useProfit(filter: Omit<BetFilter, "gameType">) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["betProfit", filter, language],
    queryFn: () => api("betProfit", language, { query: { startDate: filter.startDate || null, endDate: filter.endDate || null } }),
    placeholderData: keepPreviousData,
  });
}
