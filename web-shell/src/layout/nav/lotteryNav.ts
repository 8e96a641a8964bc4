/** The header lottery menu's pure rules: where a lottery vendor and a game lead (spec §2), and the games by
 * family in the lobby's order. */
import type { LotteryGameRead, VendorRead } from "@portal/kit";

/** A lottery vendor's hall: TCG_LOTTO_VN to /vnLottery, TCG_SEA to /seaLottery, LOTT and ELOTT to /lottery. */
export function lotteryHallPath(vassalage: string): string {
  if (vassalage === "TCG_LOTTO_VN") return "/vnLottery";
  if (vassalage === "TCG_SEA") return "/seaLottery";
  return "/lottery";
}

/** A game's betting page: its vendor's hall with the game chosen. */
export function lotteryGamePath(game: Pick<LotteryGameRead, "area" | "gameCode">): string {
  return `${lotteryHallPath(game.area)}?gameCode=${encodeURIComponent(game.gameCode)}`;
}

/** The families in the lobby's order; a family this build does not know comes after them. */
export const FAMILY_ORDER = ["ssc", "11x5", "k3", "pk10", "lhc", "pcb", "lf", "sea", "vn"];

export interface LotteryFamily {
  family: string;
  games: LotteryGameRead[];
}

function rank(family: string): number {
  const index = FAMILY_ORDER.indexOf(family);
  return index === -1 ? FAMILY_ORDER.length : index;
}

/** Whether a game's vendor (its area) is one of the brand's lottery vendors: LOTT serves ELOTT's games too. */
function served(area: string, vendors: string[]): boolean {
  return vendors.includes(area) || (area === "LOTT" && vendors.includes("ELOTT"));
}

/** Every game of the brand's lottery vendors, by family, the fastest draws first in a family (daily ones last). */
export function lotteryFamilies(games: LotteryGameRead[], vendors: VendorRead[]): LotteryFamily[] {
  const codes = vendors.map((vendor) => vendor.vassalage);
  const families = new Map<string, LotteryGameRead[]>();
  for (const game of games) {
    if (!served(game.area, codes)) continue;
    families.set(game.category, [...(families.get(game.category) ?? []), game]);
  }
  const pace = (game: LotteryGameRead) => game.intervalMinutes || Number.MAX_SAFE_INTEGER;
  return [...families.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([family, listed]) => ({ family, games: [...listed].sort((a, b) => pace(a) - pace(b) || a.gameName.localeCompare(b.gameName)) }));
}

/** The halls of the brand's lottery vendors, one per page (LOTT and ELOTT share /lottery). */
export function lotteryHalls(vendors: VendorRead[]): { path: string; name: string }[] {
  const halls: { path: string; name: string }[] = [];
  for (const vendor of vendors) {
    const path = lotteryHallPath(vendor.vassalage);
    if (!halls.some((hall) => hall.path === path)) halls.push({ path, name: vendor.name });
  }
  return halls;
}
