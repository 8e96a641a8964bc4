/** The lottery calls as queries and actions: lobby, one game, results, my bets, place a slip, cancel a bet. */
import { api, useLanguage, useQuery, useSession } from "@portal/kit";

export interface SlipBet {
  betType: string;
  position: number | null;
  numbers: number[];
  option: string | null;
  stake: number;
}

export function useLotteryGames(category: string) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["lotteryGames", category, language],
    queryFn: () => api("lotteryGames", language, { query: { category: category === "all" ? null : category } }),
    refetchInterval: 10_000,
  });
}

/** One game with its open issue; asked again every few seconds so the next issue follows the close. */
export function useLotteryGame(gameCode: string) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["lotteryGame", gameCode, language],
    queryFn: () => api("lotteryGame", language, { path: { gameCode } }),
    refetchInterval: 5_000,
  });
}

export function useLotteryResults(gameCode: string) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["lotteryResults", gameCode],
    queryFn: () => api("lotteryResults", language, { path: { gameCode }, query: { pageNo: 1, pageSize: 20 } }),
    refetchInterval: 10_000,
  });
}

export function useMyLotteryBets(gameCode: string) {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({
    queryKey: ["lotteryBets", gameCode, token],
    queryFn: () => api("lotteryBets", language, { query: { gameCode, pageNo: 1, pageSize: 20 } }),
    refetchInterval: 10_000,
  });
}

export function placeSlip(language: string, gameCode: string, issue: string, bets: SlipBet[]) {
  return api("lotteryPlace", language, { body: { gameCode, issue, requestId: `slip-${crypto.randomUUID()}`, bets } });
}

export function cancelBet(language: string, betId: string) {
  return api("lotteryCancel", language, { path: { betId } });
}
