/** Pure rules of the agent centre, checked before anything is sent: contract terms as a person types them (rates
 * in percent, thresholds as money) turned into what agent-contracts takes (basis points, minor units). */
import type { ContractsRead, DividendTerms, Kind, RealTimeTerms, WageTerms } from "@portal/kit";
import { formatMoney, parseMoney } from "@portal/kit";

export const MAX_RATE_BP = 10_000; // 100 %

/** "1.25" (percent, at most two decimals, 0–100) → 125 basis points; null when it is not such a rate. */
export function percentToBasisPoints(typed: string): number | null {
  const cleaned = typed.replace(",", ".").trim();
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = "0", decimals = ""] = cleaned.split(".");
  const bp = Number(whole) * 100 + Number(decimals.padEnd(2, "0"));
  return bp <= MAX_RATE_BP ? bp : null;
}

/** 125 basis points → "1.25 %"; 100 → "1 %". */
export function formatRate(bp: number): string {
  const whole = Math.floor(bp / 100);
  const rest = bp % 100;
  return `${rest ? `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}` : whole} %`;
}

/** What a form shows for a rate it starts from: 125 → "1.25". */
export function rateInput(bp: number): string {
  return formatRate(bp).replace(" %", "");
}

/** A count typed by a person: a whole number from 0. */
export function parseCount(typed: string): number | null {
  const cleaned = typed.trim();
  return /^\d{1,9}$/.test(cleaned) ? Number(cleaned) : null;
}

/** A threshold typed as money: minor units from 0 (parseMoney refuses negatives and more than two decimals). */
export function parseThreshold(typed: string): number | null {
  return typed.trim() === "" ? null : parseMoney(typed);
}

/** The four contract kinds in the spec's menu order, each with its menu key and its calls (spec §7). */
export const KINDS = [
  { kind: "DIVIDEND", key: "dividend", read: "dividendContract", act: "dividendContractAction" },
  { kind: "DAILY_WAGE", key: "dailyWage", read: "dailyWageContract", act: "dailyWageContractAction" },
  { kind: "HOURLY_SALARY", key: "hourlySalary", read: "hourlySalaryContract", act: "hourlySalaryContractAction" },
  { kind: "REALTIME_SALARY", key: "realTimeSalary", read: "realTimeSalaryContract", act: "realTimeSalaryContractAction" },
] as const;

export type KindKey = (typeof KINDS)[number]["key"];

export function kindOf(key: KindKey): Kind {
  return KINDS.find((item) => item.key === key)?.kind ?? "DIVIDEND";
}

export function asKind(kind: string): Kind | null {
  return KINDS.find((item) => item.kind === kind)?.kind ?? null;
}

export function keyOf(kind: string): KindKey | null {
  return KINDS.find((item) => item.kind === kind)?.key ?? null;
}

/** The contract kinds whose pages the menu shows. The brand has no per-kind switch yet, so a kind shows when the
 * agent holds one, is offered one or offered one, or one of its direct downlines holds one. */
export function visibleKinds(contracts: ContractsRead | undefined): Set<Kind> {
  const kinds = new Set<Kind>();
  if (!contracts) return kinds;
  for (const item of [...contracts.own, ...contracts.downlines, ...contracts.pending]) {
    const key = keyOf(item.kind);
    if (key) kinds.add(kindOf(key));
  }
  return kinds;
}

/** The requests addressed to ``accountId`` (it is the downline of the request) still waiting for its answer. */
export function requestsFor(contracts: ContractsRead | undefined, accountId: string | undefined) {
  if (!contracts || !accountId) return [];
  return contracts.pending.filter((request) => request.accountId === accountId && request.status === "PENDING");
}

// ---- the terms form -------------------------------------------------------------------------------------------

export interface TierForm {
  threshold: string; // minValidBet, or minProfitLoss for a dividend (money)
  members: string; // minActiveMembers
  ratio: string; // percent
}

export interface TermsForm {
  winRate: string;
  lossRate: string;
  betAmount: string;
  period: "D" | "W" | "H" | "M";
  tiers: TierForm[];
}

export const EMPTY_TIER: TierForm = { threshold: "", members: "0", ratio: "" };
export const EMPTY_TERMS: TermsForm = { winRate: "", lossRate: "", betAmount: "0", period: "D", tiers: [EMPTY_TIER] };

export type TermsProblem = "rateRange" | "invalidAmount" | "atLeastOneTier" | "tiersRising" | "required";
export type AnyTerms = DividendTerms | WageTerms | RealTimeTerms;

/** The form's terms as agent-contracts takes them, or the first problem (the server checks them again). */
export function checkTerms(kind: Kind, form: TermsForm): { terms: AnyTerms } | { problem: TermsProblem } {
  if (kind === "REALTIME_SALARY") {
    if (!form.winRate.trim() || !form.lossRate.trim()) return { problem: "required" };
    const winRate = percentToBasisPoints(form.winRate);
    const lossRate = percentToBasisPoints(form.lossRate);
    if (winRate === null || lossRate === null) return { problem: "rateRange" };
    const betAmount = parseThreshold(form.betAmount || "0");
    if (betAmount === null) return { problem: "invalidAmount" };
    return { terms: { winRate, lossRate, betAmount } };
  }
  if (form.tiers.length === 0) return { problem: "atLeastOneTier" };
  const tiers: { threshold: number; members: number; ratio: number }[] = [];
  for (const tier of form.tiers) {
    if (!tier.ratio.trim() || !tier.threshold.trim()) return { problem: "required" };
    const ratio = percentToBasisPoints(tier.ratio);
    if (ratio === null) return { problem: "rateRange" };
    const threshold = parseThreshold(tier.threshold);
    const members = parseCount(tier.members || "0");
    if (threshold === null || members === null) return { problem: "invalidAmount" };
    tiers.push({ threshold, members, ratio });
  }
  for (let index = 1; index < tiers.length; index += 1) {
    const [below, above] = [tiers[index - 1], tiers[index]];
    if (below && above && (above.threshold <= below.threshold || above.ratio < below.ratio)) return { problem: "tiersRising" };
  }
  if (kind === "DIVIDEND") {
    return { terms: { period: form.period, tiers: tiers.map((tier) => ({ minProfitLoss: tier.threshold, minActiveMembers: tier.members, ratio: tier.ratio })) } };
  }
  return { terms: { tiers: tiers.map((tier) => ({ minValidBet: tier.threshold, minActiveMembers: tier.members, ratio: tier.ratio })) } };
}

/** Terms in words, one line each, for the modal and the contract pages. */
export function describeTerms(terms: AnyTerms | null, label: (key: "winRate" | "lossRate" | "betAmount" | "minValidBet" | "minProfitLoss" | "minActiveMembers" | "ratio" | "period") => string): string[] {
  if (!terms) return [];
  if ("winRate" in terms) {
    return [`${label("winRate")}: ${formatRate(terms.winRate)}`, `${label("lossRate")}: ${formatRate(terms.lossRate)}`, `${label("betAmount")}: ${formatMoney(terms.betAmount)}`];
  }
  const lines = "period" in terms ? [`${label("period")}: ${terms.period}`] : [];
  for (const tier of terms.tiers) {
    const threshold = "minProfitLoss" in tier ? `${label("minProfitLoss")} ${formatMoney(tier.minProfitLoss)}` : `${label("minValidBet")} ${formatMoney(tier.minValidBet)}`;
    lines.push(`${threshold} · ${label("minActiveMembers")} ${tier.minActiveMembers} · ${formatRate(tier.ratio)}`);
  }
  return lines;
}

export function newRequestId(): string {
  return crypto.randomUUID();
}

/** Today as yyyy-MM-dd in UTC (the team figures' days are UTC). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The bars of the hourly chart: 24 hours of the day, each hour's valid bet (0 when the hour had none). */
export function hourlyBars(hours: { hour: string; validBet: number }[]): { hour: number; value: number }[] {
  const bars = Array.from({ length: 24 }, (_, hour) => ({ hour, value: 0 }));
  for (const row of hours) {
    const hour = new Date(row.hour).getUTCHours();
    const bar = bars[hour];
    if (bar) bar.value += row.validBet;
  }
  return bars;
}
