/** The lottery feature's read on the lottery's ops plane: the brand's games with their settings. A change drops it
 * (``forgetLotteryGames``), so the table shows what the server now holds. */
import type { QueryClient } from "@portal/kit";
import { useQuery } from "@portal/kit";
import { useOps } from "../../shared/session";

export const lotteryGamesKey = (brand: string) => ["ops", "lottery", "games", brand] as const;

export function useLotteryGames() {
  const ops = useOps();
  return useQuery({
    queryKey: lotteryGamesKey(ops.brand),
    enabled: !!ops.brand,
    queryFn: () => ops.call("opsLotteryBrandGames", { path: { code: ops.brand } }),
  });
}

export function forgetLotteryGames(queries: QueryClient, brand: string): void {
  void queries.invalidateQueries({ queryKey: lotteryGamesKey(brand) });
}

/** A limit typed in the form as a positive whole number of minor units; null when it is not one. */
export function wholeAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[0-9]+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}
