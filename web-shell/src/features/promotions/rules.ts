/** How a promotion's terms read: the bonus's percentage (basis points), money in the brand's currency, the game types,
 * the dates in the page's language. */
import type { Language, PromotionRead } from "@portal/kit";
import { formatDate, formatMoney } from "@portal/kit";
import type { PromotionTextKey } from "./texts";
import { promoText } from "./texts";

/** Basis points as a percentage: 10000 is "100", 2550 "25.5". */
export function percentText(bp: number): string {
  return String(Math.round(bp) / 100);
}

export function dateText(language: Language, iso: string): string {
  return formatDate(language, iso);
}

/** The kinds a member joins before a deposit or a day of play (an activity promotion is applied for instead). */
export function joinable(promotion: PromotionRead): boolean {
  const kind: string = promotion.kind;
  return kind !== "ACTIVITY";
}

export function headline(language: Language, promotion: PromotionRead, currency: string): string {
  const kind: string = promotion.kind;
  const key = kind === "CASHBACK" ? "headlineCASHBACK" : kind === "ACTIVITY" ? "headlineACTIVITY" : "headline";
  return promoText(language, key, { percent: percentText(promotion.percentBp), max: formatMoney(promotion.maxBonus, currency, language) });
}

export function gamesText(language: Language, types: readonly string[]): string {
  return types.map((type) => promoText(language, type as PromotionTextKey)).join(", ");
}

export function windowText(language: Language, promotion: PromotionRead): string {
  const start = dateText(language, promotion.startsAt);
  return promotion.endsAt
    ? promoText(language, "range", { start, end: dateText(language, promotion.endsAt) })
    : promoText(language, "from", { date: start });
}

/** The terms as label and value, in the order a player reads them. */
export function termRows(language: Language, promotion: PromotionRead, currency: string): [PromotionTextKey, string][] {
  const kind: string = promotion.kind;
  const least: [PromotionTextKey, string][] =
    kind === "ACTIVITY" ? [] : [[kind === "CASHBACK" ? "minLoss" : "minDeposit", formatMoney(promotion.minDeposit, currency, language)]];
  return [
    ...least,
    ["wagering", promoText(language, "wageringValue", { n: promotion.wageringMultiple })],
    ["games", gamesText(language, promotion.gameTypes)],
    ["maxBet", promotion.maxBet > 0 ? formatMoney(promotion.maxBet, currency, language) : promoText(language, "noMaxBet")],
    ["expiry", promoText(language, "days", { n: promotion.expiryDays })],
    ["window", windowText(language, promotion)],
  ];
}
