/** The games calls as queries and actions: menus, lists, hot games, favourites, launch, play, records. */
import type { QueryClient } from "@portal/kit";
import { api, keepPreviousData, useLanguage, useQuery, useQueryClient, useSession } from "@portal/kit";
import { WINNERS_LIMIT } from "./limits";

export const LIST_PAGE_SIZE = 50; // spec §9

export interface ListFilter {
  gameType?: string | undefined;
  vassalage?: string | undefined;
  subCategory?: string | undefined;
  minBet?: number | undefined;
  minLines?: number | undefined;
}

function menusQuery() {
  return { queryKey: ["gameMenus"], queryFn: () => api("gameMenus", "EN"), staleTime: 60_000 };
}

function hotQuery(language: string) {
  return { queryKey: ["hotGames", language], queryFn: () => api("hotGames", language), staleTime: 30_000 };
}

function winnersQuery(language: string) {
  return {
    queryKey: ["winners", language],
    queryFn: () => api("winnerBoard", language, { query: { gameCategory: "ALL", limitNum: WINNERS_LIMIT } }),
    staleTime: 10_000,
  };
}

/** The vendor categories and their vendors (open to visitors; the header needs them on every page). */
export function useGameMenus() {
  return useQuery(menusQuery());
}

export function useHotGames() {
  const { language } = useLanguage();
  return useQuery(hotQuery(language));
}

const JACKPOT_POLL_MS = 10_000;

function jackpotQuery(language: string) {
  return { queryKey: ["jackpot", language], queryFn: () => api("jackpot", language) };
}

/** The progressive pool and its latest hits, read again every ten seconds while shown. */
export function useJackpot() {
  const { language } = useLanguage();
  return useQuery({ ...jackpotQuery(language), refetchInterval: JACKPOT_POLL_MS });
}

export function useWinners() {
  const { language } = useLanguage();
  return useQuery(winnersQuery(language));
}

/** A page of games; the call needs a session (spec §6), so a visitor asks nothing. */
export function useGameList(filter: ListFilter, pageNo: number, pageSize = LIST_PAGE_SIZE) {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({
    queryKey: ["gameList", filter, pageNo, pageSize, language, token],
    queryFn: () =>
      api("gameList", language, {
        query: {
          gameType: filter.gameType ?? null,
          vassalage: filter.vassalage ?? null,
          subCategory: filter.subCategory ?? null,
          minBet: filter.minBet ?? null,
          minLines: filter.minLines ?? null,
          pageNo,
          pageSize,
        },
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

export function useRecentGames() {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({ queryKey: ["recentGames", language, token], queryFn: () => api("recentGames", language), enabled: token !== null });
}

/** The favourite ids of a real account (none for a visitor or a trial account). */
export function useFavouriteIds() {
  const { token, isTrial } = useSession();
  return useQuery({
    queryKey: ["favouriteIds", token],
    queryFn: () => api("favouriteIds", "EN"),
    enabled: token !== null && !isTrial,
  });
}

export function useToggleFavourite() {
  const { language } = useLanguage();
  const queries = useQueryClient();
  return async (game: { nodeId: number; vassalage: string; gameType: string }, isFavourite: boolean) => {
    if (isFavourite) await api("removeFavourite", language, { query: { nodeId: game.nodeId } });
    else await api("addFavourite", language, { body: { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType } });
    await queries.invalidateQueries({ queryKey: ["favouriteIds"] });
  };
}

export function launchGame(language: string, nodeId: number) {
  return api("launchGame", language, { query: { nodeId } });
}

/** A player-versus-player game's rooms (their stakes and the balance each needs). */
export function useRooms(nodeId: number) {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["rooms", nodeId, language], queryFn: () => api("roomList", language, { query: { nodeId } }) });
}

/** Open a player-versus-player game in one of its rooms. */
export function launchInRoom(language: string, nodeId: number, roomId: string) {
  return api("launchGameInRoom", language, { query: { nodeId, roomId } });
}

/** The player's in-house seeds: the commitments of the current and the next server seed. Reading them shows
 * them, and a first round waits until they were shown. */
export function useSeeds() {
  const { token } = useSession();
  return useQuery({ queryKey: ["bgsSeeds", token], queryFn: () => api("currentSeeds", "EN"), enabled: token !== null });
}

/** A free demo: a trial account's launch, played with its play money. */
export function trialLaunchGame(language: string, nodeId: number) {
  return api("trialLaunchGame", language, { query: { nodeId } });
}

/** A visitor's way into a demo: a free-play (trial) session. */
export function freePlayLogin(language: string) {
  return api("freePlayLogin", language, { body: { os: navigator.platform || "web", platform: "W" } });
}

/** The home page's own game reads, started before the shell renders. */
export function prefetchGames(client: QueryClient, language: string) {
  void client.prefetchQuery(menusQuery());
  void client.prefetchQuery(hotQuery(language));
  void client.prefetchQuery(winnersQuery(language));
  void client.prefetchQuery(jackpotQuery(language));
}
