/** The mall item form's rules, apart from React: the draft an item is edited as, the body the service takes (the
 * money typed in major units, taken in minor units exactly by the kit's ``parseMoney``, as the console's other money
 * fields), and a signed stock change. */
import type { ItemRead, ItemWrite, Language, NewItem } from "@portal/kit";
import { SUPPORTED, formatMoney, parseMoney } from "@portal/kit";
import type { AnyTextKey } from "../texts";

export const MAX_ITEM_POINTS = 100_000_000;
export const MAX_STOCK = 1_000_000;
/** An item's money at most (minor units): the service's bound, 1,000,000.00 a piece. */
export const MAX_ITEM_MONEY = 100_000_000;
/** As the service takes it: an https address with a path, or a path on the portal's own site. */
const PICTURE = /^(https:\/\/[^\s/]+\/\S{0,470}|\/[^/\s]\S{0,480})$/;

export interface Draft {
  names: Record<Language, string>;
  picture: string;
  points: string;
  /** In major units as typed ("25.00"); empty: points only. */
  money: string;
  stock: string;
  sort: string;
  active: boolean;
  reason: string;
}

export const EMPTY: Draft = { names: { TR: "", EN: "", CN: "" }, picture: "", points: "", money: "", stock: "0", sort: "0", active: true, reason: "" };

export function draftOf(row: ItemRead): Draft {
  return {
    names: { TR: row.names["TR"] ?? "", EN: row.names["EN"] ?? "", CN: row.names["CN"] ?? "" },
    picture: row.picture,
    points: String(row.points),
    money: row.money > 0 ? formatMoney(row.money) : "",
    stock: String(row.stock),
    sort: String(row.sort),
    active: row.active,
    reason: "",
  };
}

const whole = (text: string, low: number, high: number): number | null => {
  const value = text.replace(/,/g, "").trim();
  if (!/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= low && number <= high ? number : null;
};

/** The body the service takes (the names given, an empty one left out; the stock only when the item is made), or
 * the key of the text that says what is wrong with the draft. */
export function itemBody(draft: Draft, creating: boolean): NewItem | ItemWrite | AnyTextKey {
  const names: Record<string, string> = {};
  for (const language of SUPPORTED) {
    const text = draft.names[language].trim();
    if (text) names[language] = text;
  }
  if (!names["TR"]) return "turkishName";
  const picture = draft.picture.trim();
  if (!PICTURE.test(picture)) return "pictureInvalid";
  const points = whole(draft.points, 1, MAX_ITEM_POINTS);
  if (points === null) return "pointsInvalid";
  const money = draft.money.trim() === "" ? 0 : parseMoney(draft.money);
  if (money === null || money > MAX_ITEM_MONEY) return "moneyInvalid";
  const sort = whole(draft.sort, 0, 10_000);
  if (sort === null) return "sortInvalid";
  const reason = draft.reason.trim();
  if (!reason) return "required";
  const body: ItemWrite = { names, picture, points, money, active: draft.active, sort, reason };
  if (!creating) return body;
  const stock = whole(draft.stock, 0, MAX_STOCK);
  if (stock === null) return "stockInvalid";
  return { ...body, stock };
}

/** A signed stock change ("+5", "-2", "3"): null when it is not a whole number other than zero within the bounds. */
export function stockChange(text: string): number | null {
  const value = text.replace(/\s|,/g, "");
  if (!/^[+-]?\d+$/.test(value)) return null;
  const number = Number(value);
  return number !== 0 && Math.abs(number) <= MAX_STOCK ? number : null;
}

export function itemName(row: ItemRead, language: Language): string {
  return row.names[language] || row.names["TR"] || row.name;
}
