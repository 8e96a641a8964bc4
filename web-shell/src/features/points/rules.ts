/** The points mall's rules, apart from React: what an item allows, what a redemption form must hold, how an earning
 * rule reads, the member's mobile as the form starts with it, and what a conversion to cash allows and pays. */
import type { BalanceRead, ConversionRuleRead, ItemRead, Language, MallPayment, MemberRead, PointRuleRead } from "@portal/kit";
import { formatMoney, formatNumber } from "@portal/kit";
import { pointsText } from "./texts";

/** At most this many of one item in one redemption (the points service's bound). */
export const MAX_QUANTITY = 10;
export const ADDRESS_MIN = 5;
export const ADDRESS_MAX = 300;
const MOBILE = /^\+?[0-9]{6,20}$/;

export type ItemState = "available" | "soldOut" | "notEnough" | "noMoney";

/** The wallet the mall's money is taken from. */
export const MAIN_WALLET = "main";

/** What the member's main wallet can pay now (what the service charges an item's money from); null while unknown. */
export function mainBalance(balance: Pick<BalanceRead, "wallets"> | null): number | null {
  return balance?.wallets.find((wallet) => wallet.wallet === MAIN_WALLET)?.available ?? null;
}

/** A currency's sign for ``formatMoney`` ("TRY" → "₺"); its code and a space when it has no sign of its own. */
export function currencySign(currency: string): string {
  if (!currency) return "";
  try {
    const parts = new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" }).formatToParts(0);
    const sign = parts.find((part) => part.type === "currency")?.value ?? currency;
    return /^[A-Za-z]{2,}$/.test(sign) ? `${sign} ` : sign;
  } catch {
    return `${currency} `;
  }
}

/** Money in minor units with the currency's sign: "₺25.00" (TR "₺25,00" with the page's language). */
export function moneyText(minor: number, currency: string, language?: Language): string {
  return formatMoney(minor, currencySign(currency), language);
}

/** An item's price as a member reads it: "30 points", or "30 points + ₺25.00" when it costs money too. */
export function priceText(language: Language, item: Pick<ItemRead, "points" | "money">, currency: string, quantity = 1): string {
  const total = item.points * quantity;
  const points = pointsText(language, total === 1 ? "onePoint" : "unitPoints", { n: formatNumber(language, total) });
  return item.money > 0 ? `${points} + ${moneyText(item.money * quantity, currency, language)}` : points;
}

/** Whether the member can redeem one of ``item`` now: sold out (no stock, or switched off) never; short of points, or
 * of money in the main wallet for an item that costs money too, not. ``money`` null (not known yet) does not stop it:
 * the service checks the wallet again. */
export function itemState(item: Pick<ItemRead, "stock" | "active" | "points" | "money">, balance: number | null, money: number | null = null): ItemState {
  if (item.stock <= 0 || !item.active) return "soldOut";
  if (balance !== null && balance < item.points) return "notEnough";
  if (item.money > 0 && money !== null && money < item.money) return "noMoney";
  return "available";
}

/** The largest quantity the form offers: the service's bound, the stock, and what the points balance and the main
 * wallet pay for. */
export function maxQuantity(item: Pick<ItemRead, "stock" | "points" | "money">, balance: number | null, money: number | null = null): number {
  const affordable = balance === null || item.points <= 0 ? MAX_QUANTITY : Math.floor(balance / item.points);
  const payable = money === null || item.money <= 0 ? MAX_QUANTITY : Math.floor(money / item.money);
  return Math.max(1, Math.min(MAX_QUANTITY, item.stock, affordable, payable));
}

/** What a redemption's payment says to the member, where it matters: nothing for a points-only one or one paid. */
export function paymentNote(language: Language, payment: MallPayment): string | null {
  switch (payment) {
    case "PENDING":
      return pointsText(language, "paymentPending");
    case "FAILED":
      return pointsText(language, "paymentFailed");
    case "REFUNDING":
      return pointsText(language, "paymentRefunding");
    case "REFUNDED":
      return pointsText(language, "paymentRefunded");
    default:
      return null;
  }
}

export interface RedemptionForm {
  quantity: string;
  deliveryAddress: string;
  mobileNum: string;
  paymentPassword: string;
}

/** The first rule the form breaks, as the text to show; null when it may be sent. The server checks all of them
 * again and words its own refusals. */
export function formProblem(
  language: Language,
  form: RedemptionForm,
  item: Pick<ItemRead, "stock" | "points" | "money">,
  balance: number | null,
  money: number | null = null,
  currency = "",
): string | null {
  const quantity = Number(form.quantity);
  if (!/^\d+$/.test(form.quantity.trim()) || quantity < 1 || quantity > MAX_QUANTITY) {
    return pointsText(language, "quantityRule", { max: MAX_QUANTITY });
  }
  if (quantity > item.stock) return pointsText(language, "stockRule", { n: item.stock });
  if (balance !== null && quantity * item.points > balance) {
    return pointsText(language, "pointsRule", { n: quantity * item.points, balance });
  }
  if (money !== null && quantity * item.money > money) {
    return pointsText(language, "moneyRule", { amount: moneyText(quantity * item.money, currency, language), balance: moneyText(money, currency, language) });
  }
  const address = form.deliveryAddress.trim();
  if (address.length < ADDRESS_MIN || address.length > ADDRESS_MAX) return pointsText(language, "addressRule");
  if (!MOBILE.test(form.mobileNum.trim())) return pointsText(language, "mobileRule");
  if (!form.paymentPassword) return pointsText(language, "passwordRule");
  return null;
}

/** The member's mobile as the form starts with it: with the country code when the member has one. */
export function prefilledMobile(member: Pick<MemberRead, "mobileNum" | "countryDialingCode"> | null): string {
  const number = member?.mobileNum?.replace(/[^0-9]/g, "") ?? "";
  if (!number) return "";
  const code = member?.countryDialingCode?.replace(/[^0-9]/g, "") ?? "";
  return code ? `+${code}${number}` : number;
}

/** One earning rule as a member reads it: "100.00 TRY of slots = 1 point". */
export function ruleText(language: Language, rule: PointRuleRead, currency: string): string {
  const params = { type: pointsText(language, rule.pointType as "SLOT"), amount: formatMoney(rule.bettingUnit, "", language), currency, n: rule.ratio };
  return pointsText(language, rule.ratio === 1 ? "ruleOne" : "rule", params);
}

/** The rules that earn anything, in the service's order (a type off or at zero earns nothing and is not shown). */
export function earningRules(rules: PointRuleRead[]): PointRuleRead[] {
  return rules.filter((rule) => rule.enabled && rule.ratio > 0 && rule.bettingUnit > 0 && rule.pointType !== "REDEEM");
}

/** Points with their sign, as a record shows a change. */
export function signedPoints(points: number, language: Language = "EN"): string {
  return points > 0 ? `+${formatNumber(language, points)}` : formatNumber(language, points);
}

/** A new idempotency key: one per opening of a form (and per different content: quantity, points). */
export function newRequestId(prefix = "mall"): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

type Rate = Pick<ConversionRuleRead, "pointsPerUnit" | "amountPerUnit" | "minPoints">;
export type ConversionState = "off" | "short" | "open";

/** The fewest points one conversion takes: the brand's minimum, and never less than one unit of its rate. */
export function leastPoints(rule: Rate): number {
  return Math.max(rule.minPoints, rule.pointsPerUnit);
}

/** Whether the member can convert now: never when the brand's rate is off (or not set), not with fewer points than
 * the least one conversion takes. */
export function conversionState(rule: ConversionRuleRead, balance: number | null): ConversionState {
  if (!rule.enabled || rule.pointsPerUnit <= 0 || rule.amountPerUnit <= 0) return "off";
  if (balance !== null && balance < leastPoints(rule)) return "short";
  return "open";
}

/** Points as typed: a whole number of digits, else null. */
export function parsePoints(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,13}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The cash (minor units) ``points`` convert to, as the service works it out; null when they cannot convert: not
 * whole units of the rate, or below the least. */
export function cashFor(points: number | null, rule: Rate): number | null {
  if (points === null || rule.pointsPerUnit <= 0 || points < leastPoints(rule) || points % rule.pointsPerUnit) return null;
  return (points / rule.pointsPerUnit) * rule.amountPerUnit;
}

/** The most points the balance converts in whole units (0 when below the least). */
export function mostPoints(rule: Rate, balance: number): number {
  if (rule.pointsPerUnit <= 0) return 0;
  const most = Math.floor(balance / rule.pointsPerUnit) * rule.pointsPerUnit;
  return most >= leastPoints(rule) ? most : 0;
}

export interface ConversionForm {
  points: string;
  paymentPassword: string;
}

/** The first rule a conversion form breaks, as the text to show; null when it may be sent. The service checks them
 * again and words its own refusals. */
export function conversionProblem(language: Language, form: ConversionForm, rule: Rate, balance: number | null): string | null {
  const points = parsePoints(form.points);
  if (cashFor(points, rule) === null) {
    return pointsText(language, "unitsRule", { unit: rule.pointsPerUnit, least: leastPoints(rule) });
  }
  if (balance !== null && points !== null && points > balance) {
    return pointsText(language, "convertShortRule", { n: points, balance });
  }
  if (!form.paymentPassword) return pointsText(language, "passwordRule");
  return null;
}

/** The brand's rate as a member reads it: "10 points = 1.00 TRY". */
export function rateText(language: Language, rule: Rate, currency: string): string {
  const params = { n: formatNumber(language, rule.pointsPerUnit), amount: formatMoney(rule.amountPerUnit, "", language), currency };
  return pointsText(language, "rate", params);
}
