/** The vendors feature's reads on the games' ops plane: the brand's vendors and a page of its games. A change drops
 * both (``forgetGames``), so the tables show what the server now holds. */
import type { QueryClient } from "@portal/kit";
import { keepPreviousData, useQuery } from "@portal/kit";
import { useOps } from "../../shared/session";

export const PAGE_SIZE = 50;

export interface GameFilters {
  vendor: string;
  gameType: string;
  name: string;
  enabled: "" | "true" | "false";
  sort: "catalogue" | "name" | "code";
}

export const NO_FILTERS: GameFilters = { vendor: "", gameType: "", name: "", enabled: "", sort: "catalogue" };

export const vendorsKey = (brand: string) => ["ops", "games", "vendors", brand] as const;
export const gamesKey = (brand: string) => ["ops", "games", "list", brand] as const;

export function useVendors() {
  const ops = useOps();
  return useQuery({
    queryKey: vendorsKey(ops.brand),
    enabled: !!ops.brand,
    queryFn: () => ops.call("opsGamesVendors", { path: { code: ops.brand } }),
  });
}

/** The query of a games page: only the filters given. */
export function gamesQuery(filters: GameFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: PAGE_SIZE,
    sort: filters.sort,
    ...(filters.vendor ? { vendor: filters.vendor } : {}),
    ...(filters.gameType ? { gameType: filters.gameType } : {}),
    ...(filters.name.trim() ? { name: filters.name.trim() } : {}),
    ...(filters.enabled ? { enabled: filters.enabled === "true" } : {}),
  };
}

export function useGames(filters: GameFilters, pageNo: number) {
  const ops = useOps();
  return useQuery({
    queryKey: [...gamesKey(ops.brand), filters, pageNo],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsGamesList", { path: { code: ops.brand }, query: gamesQuery(filters, pageNo) }),
  });
}

export function forgetGames(queries: QueryClient, brand: string): void {
  void queries.invalidateQueries({ queryKey: vendorsKey(brand) });
  void queries.invalidateQueries({ queryKey: gamesKey(brand) });
}
