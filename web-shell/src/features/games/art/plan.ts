/** The pure part of the generated game art: a hash of the game's name, the motif its category draws, the
 * colours and layout that hash picks, and the name's lines as set in the art. */

/** FNV-1a, 32 bits: the same text always gives the same number. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export type Motif = "slots" | "jackpot" | "scratch" | "roulette" | "table" | "cards" | "dice" | "fish" | "sports" | "esports" | "cockfight" | "lottery";

const KEYWORDS: [RegExp, Motif][] = [
  [/roulette|rulet|轮盘/i, "roulette"],
  [/dice|zar|骰|快三/i, "dice"],
  [/scratch|kazı|刮/i, "scratch"],
  [/jackpot|gems|ikramiye|宝石/i, "jackpot"],
  [/poker|jacks|vale|baccarat|bakara|百家乐|blackjack|dragon tiger|ejder|龙虎/i, "cards"],
];

const BY_TYPE: Record<string, Motif> = {
  RNG: "slots", LIVE: "table", FISH: "fish", PVP: "cards", SPORTS: "sports", ESPORTS: "esports",
  COCKFIGHT: "cockfight", LOTT: "lottery", ELOTT: "lottery",
};
const SUB_CATEGORY: Record<string, Motif> = { SC: "scratch", JP: "jackpot", VP: "cards", TG: "cards", AC: "esports" };

/** What a game's art draws: its category's motif, refined for slots, live tables and card games by the
 * sub-category or a word of the name (a roulette wheel, dice, a scratch card, a jackpot, cards). */
export function motifOf(gameType: string, name: string, subCategory?: string | null): Motif {
  const base = BY_TYPE[gameType] ?? "slots";
  if (!["slots", "table", "cards"].includes(base)) return base;
  const named = KEYWORDS.find(([pattern]) => pattern.test(name))?.[1];
  if (base === "table") return named === "roulette" ? "roulette" : "table";
  if (base === "cards") return named === "dice" ? "dice" : "cards";
  return (subCategory ? SUB_CATEGORY[subCategory] : undefined) ?? named ?? "slots";
}

export interface ArtPlan {
  /** The background's two hues (degrees). */
  hue: number;
  hue2: number;
  /** The background pattern: rays, rings, stripes or sparkles. */
  pattern: 0 | 1 | 2 | 3;
  /** A layout variant of the motif (0–2) and the numbers it picks (symbols, ranks, ball numbers). */
  variant: 0 | 1 | 2;
  picks: number[];
  /** The motif mirrored or not, and its small turn (degrees). */
  mirror: boolean;
  turn: number;
}

/** The art's choices from the game's seed (its code, or its name): the same seed always gives the same art. */
export function artPlan(seed: string): ArtPlan {
  const next = seeded(hashOf(seed));
  // The golden angle spreads the hues of neighbouring seeds around the wheel.
  const hue = Math.round((hashOf(seed) * 137.508) % 360);
  const hue2 = Math.round((hue + 30 + next() * 60) % 360);
  const pattern = Math.floor(next() * 4) as ArtPlan["pattern"];
  const variant = Math.floor(next() * 3) as ArtPlan["variant"];
  const picks = Array.from({ length: 6 }, () => Math.floor(next() * 1_000));
  return { hue, hue2, pattern, variant, picks, mirror: next() < 0.5, turn: Math.round((next() - 0.5) * 16) };
}

/** Roughly how wide a character is set, in ems (bold): CJK full width, capitals and digits wider. */
function charWidth(char: string): number {
  if (/[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(char)) return 1;
  if (char === " ") return 0.3;
  if (/[A-Z0-9ÇĞİÖŞÜ]/.test(char)) return 0.68;
  return 0.56;
}

export function textWidth(text: string): number {
  return [...text].reduce((sum, char) => sum + charWidth(char), 0);
}

/** The name's lines in the art (one, or two balanced at a space; CJK split in half) and the font size that
 * fits them in ``width`` units, between ``min`` and ``max``. */
export function nameLines(name: string, width = 180, max = 26, min = 13): { lines: string[]; size: number } {
  const clean = name.trim().replace(/\s+/g, " ") || "?";
  const one = Math.min(max, width / textWidth(clean));
  if (one >= 20 || clean.length <= 6) return { lines: [clean], size: Math.max(min, Math.floor(one)) };
  const words = clean.split(" ");
  let best: string[] = [clean];
  let bestWidth = textWidth(clean);
  const cuts = words.length > 1 ? words.map((_, index) => index).slice(1) : [];
  for (const cut of cuts) {
    const lines = [words.slice(0, cut).join(" "), words.slice(cut).join(" ")];
    const widest = Math.max(...lines.map(textWidth));
    if (widest < bestWidth) [best, bestWidth] = [lines, widest];
  }
  if (words.length === 1 && /[\u2e80-\u9fff]/.test(clean) && clean.length > 6) {
    const chars = [...clean];
    best = [chars.slice(0, Math.ceil(chars.length / 2)).join(""), chars.slice(Math.ceil(chars.length / 2)).join("")];
    bestWidth = Math.max(...best.map(textWidth));
  }
  return { lines: best, size: Math.max(min, Math.min(max - 4, Math.floor(width / bestWidth))) };
}
