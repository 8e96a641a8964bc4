/** How a promotion's terms read: the bonus's percentage (basis points), money in the brand's currency, the game types,
 * the dates in the page's language. */
import type { Language, PromotionRead } from "@portal/kit";
import { formatMoney } from "@portal/kit";
import type { PromotionTextKey } from "./texts";
import { promoText } from "./texts";

const LOCALES: Record<Language, string> = { TR: "tr-TR", EN: "en-GB", CN: "zh-CN" };

/** Basis points as a percentage: 10000 is "100", 2550 "25.5". */
export function percentText(bp: number): string {
  return String(Math.round(bp) / 100);
}

export function dateText(language: Language, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(LOCALES[language], { year: "numeric", month: "short", day: "numeric" });
}

export function headline(language: Language, promotion: PromotionRead, currency: string): string {
  return promoText(language, "headline", { percent: percentText(promotion.percentBp), max: formatMoney(promotion.maxBonus, currency) });
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
  return [
    ["minDeposit", formatMoney(promotion.minDeposit, currency)],
    ["wagering", promoText(language, "wageringValue", { n: promotion.wageringMultiple })],
    ["games", gamesText(language, promotion.gameTypes)],
    ["maxBet", promotion.maxBet > 0 ? formatMoney(promotion.maxBet, currency) : promoText(language, "noMaxBet")],
    ["expiry", promoText(language, "days", { n: promotion.expiryDays })],
    ["window", windowText(language, promotion)],
  ];
}
