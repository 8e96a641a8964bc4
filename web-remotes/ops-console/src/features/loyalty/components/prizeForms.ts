/** The raffle and red envelope forms' drafts and the bodies the points service takes (or the key of the text saying
 * what is wrong); the service decides again and its refusal is shown as it says it. */
import type { Language, NewRaffle, NewRedEnvelope } from "@portal/kit";
import { SUPPORTED } from "@portal/kit";
import type { PrizeTextKey } from "../prizeTexts";
import { minorOf, utcOf } from "./Missions";

export interface WindowDraft {
  names: Record<Language, string>;
  opensAt: string; // yyyy-MM-ddTHH:mm, UTC
  closesAt: string;
  reason: string;
}

export interface RaffleDraft extends WindowDraft {
  prizes: string; // "1000.00, 500.00"
  minTurnover: string; // the stakes a member needs since the opening day; empty or 0: none
}

export interface EnvelopeDraft extends WindowDraft {
  pool: string;
  shares: string;
}

const MAX_AMOUNT = 100_000_000_000; // the money API's largest amount, minor units

const BLANK: WindowDraft = { names: { TR: "", EN: "", CN: "" }, opensAt: "", closesAt: "", reason: "" };
export const EMPTY_RAFFLE: RaffleDraft = { ...BLANK, prizes: "", minTurnover: "" };
export const EMPTY_ENVELOPE: EnvelopeDraft = { ...BLANK, pool: "", shares: "" };

type Common = Pick<NewRaffle, "names" | "opensAt" | "closesAt" | "reason">;

function common(draft: WindowDraft): Common | PrizeTextKey {
  const names: Record<string, string> = {};
  for (const language of SUPPORTED) {
    const text = draft.names[language].trim();
    if (text) names[language] = text;
  }
  if (!names["TR"]) return "turkishName";
  const opensAt = utcOf(draft.opensAt);
  const closesAt = utcOf(draft.closesAt);
  if (opensAt === null || closesAt === null) return "dateInvalid";
  if (closesAt <= opensAt) return "windowInvalid";
  const reason = draft.reason.trim();
  if (!reason) return "required";
  return { names, opensAt, closesAt, reason };
}

export function raffleBody(draft: RaffleDraft): NewRaffle | PrizeTextKey {
  const base = common(draft);
  if (typeof base === "string") return base;
  const parts = draft.prizes.split(/,\s+|[;\s]+/).filter((part) => part.trim() !== "");
  const prizes = parts.map(minorOf);
  if (prizes.length === 0 || prizes.length > 100 || prizes.some((prize) => prize === null)) return "prizesInvalid";
  const turnover = draft.minTurnover.trim();
  const minTurnover = /^(0+(\.0{1,2})?)?$/.test(turnover) ? 0 : minorOf(turnover);
  if (minTurnover === null || minTurnover > MAX_AMOUNT) return "turnoverInvalid";
  return { ...base, prizes: prizes as number[], minTurnover };
}

export function envelopeBody(draft: EnvelopeDraft): NewRedEnvelope | PrizeTextKey {
  const base = common(draft);
  if (typeof base === "string") return base;
  const pool = minorOf(draft.pool);
  if (pool === null) return "poolInvalid";
  const text = draft.shares.replace(/,/g, "").trim();
  const shares = /^\d+$/.test(text) ? Number(text) : 0;
  if (shares < 1 || shares > 10_000 || shares > pool) return "sharesInvalid";
  return { ...base, pool, shares };
}
