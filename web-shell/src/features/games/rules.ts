/** The game pages' pure rules: which page shows which games, the header's entries, and how a game starts
 * (spec §2 and §4). */
import type { GameRead, MenuRead } from "@portal/kit";

/** The game list pages and what each lists. */
export const LIST_PAGES: Record<string, { gameType?: string; vassalage?: string; hot?: boolean; title: string }> = {
  "/rng": { gameType: "RNG", title: "RNG" },
  "/live": { gameType: "LIVE", title: "LIVE" },
  "/fish": { gameType: "FISH", title: "FISH" },
  "/pvp": { gameType: "PVP", title: "PVP" },
  "/inHouse": { vassalage: "BGS", title: "inHouse" },
  "/hot": { hot: true, title: "hot" },
};

/** The game centre pages: a category whose vendors open their own lobby. */
export const CENTRE_PAGES: Record<string, string> = {
  "/cockfight": "COCKFIGHT",
  "/sports": "SPORTS",
  "/esports": "ESPORTS",
  "/btiSports": "SPORTS",
};

const LIST_PATH: Record<string, string> = { RNG: "/rng", LIVE: "/live", FISH: "/fish", PVP: "/pvp", SPORTS: "/sports", ESPORTS: "/esports" };

export interface NavEntry {
  gameType: string;
  /** Where the entry goes; null for cockfight, which starts its game directly. */
  to: string | null;
}

/** The header's category entries: one per category with a vendor, in the menus' order; sports betting first
 * when a sports vendor is BTI (then to /btiSports); lottery by its vendor. */
export function navEntries(menus: MenuRead[]): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const menu of menus) {
    if (menu.vendors.length === 0) continue;
    const codes = menu.vendors.map((vendor) => vendor.vassalage);
    if (menu.gameType === "LOTT" || menu.gameType === "ELOTT") {
      const to = codes.includes("TCG_LOTTO_VN") ? "/vnLottery" : codes.includes("TCG_SEA") ? "/seaLottery" : "/lottery";
      if (!entries.some((entry) => entry.to === to)) entries.push({ gameType: menu.gameType, to });
    } else if (menu.gameType === "COCKFIGHT") {
      entries.push({ gameType: menu.gameType, to: null });
    } else if (menu.gameType === "SPORTS" && codes.includes("BTI")) {
      entries.unshift({ gameType: menu.gameType, to: "/btiSports" });
    } else {
      entries.push({ gameType: menu.gameType, to: LIST_PATH[menu.gameType] ?? null });
    }
  }
  return entries;
}

/** Vendor launchers of these types go to the vendor's own list page (gameListCenter) instead of a popup. */
const LIST_CENTRE_TYPES = ["RNG", "FISH", "PVP", "LIVE", "SPORTS", "ESPORTS", "COCKFIGHT"];

export type StartStep =
  | { kind: "login" }
  | { kind: "trial" }
  | { kind: "navigate"; to: string }
  | { kind: "vendorList"; vassalage: string; gameType: string }
  | { kind: "rooms"; nodeId: number }
  | { kind: "launch"; nodeId: number };

type Startable = Pick<GameRead, "nodeId" | "gameType" | "vassalage" | "gameCode" | "isGame">;

export const IN_HOUSE_VENDOR = "BGS";

/** What pressing a game does (spec §4, game start), in this order. */
export function startStep(game: Startable, who: { signedIn: boolean; trial: boolean }): StartStep {
  if (!who.signedIn) return { kind: "login" };
  if (who.trial) return { kind: "trial" };
  if (game.vassalage === "TCG_LOTTO_VN") return { kind: "navigate", to: "/vnLottery" };
  if (game.vassalage === "TCG_SEA") return { kind: "navigate", to: "/seaLottery" };
  if (["LOTT", "ELOTT"].includes(game.vassalage) || ["LOTT", "ELOTT"].includes(game.gameType)) {
    return { kind: "navigate", to: `/lottery?gameCode=${encodeURIComponent(game.gameCode)}` };
  }
  if (game.isGame === "VASSALAGE") {
    if (LIST_CENTRE_TYPES.includes(game.gameType)) {
      return { kind: "navigate", to: gameListCenterPath(game.vassalage, game.gameType) };
    }
    return { kind: "vendorList", vassalage: game.vassalage, gameType: game.gameType };
  }
  // The in-house player-versus-player games are played in a room the player picks (GLS2_roomList).
  if (game.gameType === "PVP" && game.vassalage === IN_HOUSE_VENDOR) return { kind: "rooms", nodeId: game.nodeId };
  return { kind: "launch", nodeId: game.nodeId };
}

/** The named route gameListCenter: both parameters lower-cased (spec §2). */
export function gameListCenterPath(vassalage: string, gameType: string): string {
  return `/gameListCenter/${encodeURIComponent(vassalage.toLowerCase())}/${encodeURIComponent(gameType.toLowerCase())}`;
}

/** The heart is hidden on the hot layout for lottery games. */
export function showsHeart(layout: "hot" | "normal", gameType: string): boolean {
  return !(layout === "hot" && (gameType === "LOTT" || gameType === "ELOTT"));
}

/** Who is about to play: signed in or not, and a trial (free-play) account or a real one. */
export interface Player {
  signedIn: boolean;
  trial: boolean;
}

/** The free demo button (spec §4: free play on and the game has a demo, supportPlay 0), shown only where the
 * launch really is a demo: a visitor (who gets a free-play session first) or a trial account, both playing the
 * free-play wallet's play money. The games API has no demo launch for a real account (its launch is for real
 * money, GCS_gameTrialLaunch refuses it), so a real member sees no free demo. */
export function showsFreeDemo(game: { supportPlay: number }, freePlay: boolean, who: Player): boolean {
  return freePlay && game.supportPlay === 0 && (!who.signedIn || who.trial);
}

/** A game is played for play money, not real money (the frame shows the demo mark), only by a trial account. */
export function playsForPlayMoney(who: Player): boolean {
  return who.signedIn && who.trial;
}

/** Home: the recommended list shows the first 12 games without the top flag. */
export function recommended(games: GameRead[]): GameRead[] {
  return games.filter((game) => !game.isTop).slice(0, 12);
}

/** The hot scroller: 5 tiles per view, moving in groups of 4. */
export const HOT_PER_VIEW = 5;
export const HOT_STEP = 4;

export function hotWindow<T>(items: T[], start: number): T[] {
  return items.slice(start, start + HOT_PER_VIEW);
}

export function nextHotStart(length: number, start: number, direction: 1 | -1): number {
  const last = Math.max(0, length - HOT_PER_VIEW);
  return Math.min(last, Math.max(0, start + direction * HOT_STEP));
}

/** The jackpot counter's next value on its way to ``target``: a twentieth of the way each tick (at least one
 * minor unit), so a jump shows as a quick count; it starts at the target and never passes it. */
export function jackpotStep(current: number | null, target: number): number {
  if (current === null || current >= target) return target;
  return Math.min(target, current + Math.max(1, Math.ceil((target - current) / 20)));
}
