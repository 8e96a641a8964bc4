/** The brand's admin grants a top agent a contract of any type (agreed at once, audited), with its terms and a
 * reason. Rates are typed as percentages and thresholds as amounts, each with at most two decimals in the page's
 * language, and sent as the server keeps them (basis points, minor units); the console checks only that they read
 * as such and a reason is given: the server refuses the rest (rates out of range, tiers not rising, an agent with an
 * upline) and its refusal is shown as it words it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { GrantedRead, Kind, Language } from "@portal/kit";
import { Field, OutcomeLine, parseMoney, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { KINDS, forgetAgents } from "../reads";
import type { TextKey } from "../texts";
import { named, t } from "../texts";

interface Tier {
  threshold: string;
  members: string;
  ratio: string;
}
type Period = "D" | "W" | "H" | "M";
const PERIODS: Period[] = ["D", "W", "H", "M"];
const EMPTY_TIER: Tier = { threshold: "0", members: "0", ratio: "" };
const MAX_TIERS = 10;

export interface GrantDraft {
  kind: Kind;
  period: Period;
  tiers: Tier[];
  winRate: string;
  lossRate: string;
  betAmount: string;
  reason: string;
}

export const NEW_GRANT: GrantDraft = { kind: "DAILY_WAGE", period: "W", tiers: [EMPTY_TIER], winRate: "", lossRate: "", betAmount: "0", reason: "" };

/** What was typed as an exact whole number of hundredths, or null (not a number, too many decimals, or beyond what a
 * number holds exactly: sent so, it would not be what was typed). */
function hundredths(text: string, language: Language): number | null {
  const parsed = parseMoney(text, language);
  return parsed !== null && Number.isSafeInteger(parsed) ? parsed : null;
}
/** A percentage typed with at most two decimals ("2,5" in Turkish), in basis points (2.5 % = 250); null otherwise.
 * The same reading as an amount into minor units: a hundredth of a percent is one basis point. */
const basisPoints = hundredths;
/** An amount typed with at most two decimals, in minor units; null otherwise. */
const minorUnits = hundredths;
/** A count of members: digits only. */
const count = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null);

/** The call of a draft (its operation and body), or null when a number does not read. */
export function grantCall(draft: GrantDraft, language: Language) {
  const reason = draft.reason.trim();
  if (draft.kind === "REALTIME_SALARY") {
    const [winRate, lossRate, betAmount] = [basisPoints(draft.winRate, language), basisPoints(draft.lossRate, language), minorUnits(draft.betAmount, language)];
    if (winRate === null || lossRate === null || betAmount === null) return null;
    return { id: "opsGrantRealTimeSalary" as const, body: { terms: { winRate, lossRate, betAmount }, reason } };
  }
  const tiers = draft.tiers.map((tier) => ({ threshold: minorUnits(tier.threshold, language), members: count(tier.members), ratio: basisPoints(tier.ratio, language) }));
  if (tiers.some((tier) => tier.threshold === null || tier.members === null || tier.ratio === null)) return null;
  const numbers = tiers as { threshold: number; members: number; ratio: number }[];
  if (draft.kind === "DIVIDEND") {
    const dividendTiers = numbers.map((tier) => ({ minProfitLoss: tier.threshold, minActiveMembers: tier.members, ratio: tier.ratio }));
    return { id: "opsGrantDividend" as const, body: { terms: { period: draft.period, tiers: dividendTiers }, reason } };
  }
  const wageTiers = numbers.map((tier) => ({ minValidBet: tier.threshold, minActiveMembers: tier.members, ratio: tier.ratio }));
  return { id: draft.kind === "DAILY_WAGE" ? ("opsGrantDailyWage" as const) : ("opsGrantHourlySalary" as const), body: { terms: { tiers: wageTiers }, reason } };
}

export function GrantContract({ accountId, onGranted }: { accountId: string; onGranted?: (granted: GrantedRead) => void }) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [draft, setDraft] = useState<GrantDraft>(NEW_GRANT);
  const [done, setDone] = useState("");
  const grant = useAction(
    (call: NonNullable<ReturnType<typeof grantCall>>) => {
      const path = { code: ops.brand, accountId };
      if (call.id === "opsGrantRealTimeSalary") return ops.call(call.id, { path, body: call.body });
      if (call.id === "opsGrantDividend") return ops.call(call.id, { path, body: call.body });
      return ops.call(call.id, { path, body: call.body });
    },
    {
      onDone: (granted) => {
        setDone(t(language, "granted"));
        setDraft({ ...draft, reason: "" });
        forgetAgents(queries, ops.brand);
        onGranted?.(granted);
      },
    },
  );
  const change = (patch: Partial<GrantDraft>) => {
    grant.reset();
    setDone("");
    setDraft({ ...draft, ...patch });
  };
  const changeTier = (index: number, patch: Partial<Tier>) => change({ tiers: draft.tiers.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone("");
    const call = grantCall(draft, language);
    if (!call) return grant.refuse(t(language, "numbersInvalid"));
    if (!call.body.reason) return grant.refuse(t(language, "reasonNeeded"));
    void grant.submit(call);
  };
  const thresholdLabel: TextKey = draft.kind === "DIVIDEND" ? "minProfitLoss" : "minValidBet";

  return (
    <form className="ag-box" onSubmit={submit} aria-labelledby="ag-grant" noValidate data-testid="grant-contract">
      <h2 className="ag-subtitle" id="ag-grant">
        {t(language, "grant")}
      </h2>
      <p className="ag-muted">{t(language, "grantIntro")}</p>
      <div className="oc-row">
        <label className="kit-field">
          <span>{t(language, "grantKind")}</span>
          <select className="oc-select" value={draft.kind} onChange={(event) => change({ kind: event.target.value as Kind })}>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {named(language, kind)}
              </option>
            ))}
          </select>
        </label>
        {draft.kind === "DIVIDEND" ? (
          <label className="kit-field">
            <span>{t(language, "dividendPeriod")}</span>
            <select className="oc-select" value={draft.period} onChange={(event) => change({ period: event.target.value as Period })}>
              {PERIODS.map((period) => (
                <option key={period} value={period}>
                  {t(language, `period${period}` as TextKey)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      {draft.kind === "REALTIME_SALARY" ? (
        <div className="oc-row">
          <Field label={t(language, "winRate")} value={draft.winRate} onChange={(winRate) => change({ winRate })} inputMode="decimal" maxLength={6} />
          <Field label={t(language, "lossRate")} value={draft.lossRate} onChange={(lossRate) => change({ lossRate })} inputMode="decimal" maxLength={6} />
          <Field label={t(language, "betAmount")} value={draft.betAmount} onChange={(betAmount) => change({ betAmount })} inputMode="decimal" maxLength={20} />
        </div>
      ) : (
        <fieldset className="ag-tiers">
          <legend>{t(language, "tiers")}</legend>
          {draft.tiers.map((tier, index) => (
            <div className="oc-row" key={index} role="group" aria-label={t(language, "tierN", { n: index + 1 })}>
              <Field label={t(language, thresholdLabel)} value={tier.threshold} onChange={(threshold) => changeTier(index, { threshold })} inputMode="decimal" maxLength={20} />
              <Field label={t(language, "minActiveMembers")} value={tier.members} onChange={(members) => changeTier(index, { members })} inputMode="numeric" maxLength={7} />
              <Field label={t(language, "tierRatio")} value={tier.ratio} onChange={(ratio) => changeTier(index, { ratio })} inputMode="decimal" maxLength={6} />
              {draft.tiers.length > 1 ? (
                <button type="button" className="kit-button kit-button--ghost" onClick={() => change({ tiers: draft.tiers.filter((_, at) => at !== index) })}>
                  {t(language, "removeTier")}
                </button>
              ) : null}
            </div>
          ))}
          {draft.tiers.length < MAX_TIERS ? (
            <button type="button" className="kit-button kit-button--ghost" onClick={() => change({ tiers: [...draft.tiers, EMPTY_TIER] })}>
              {t(language, "addTier")}
            </button>
          ) : null}
        </fieldset>
      )}
      <div className="oc-row">
        <Field label={t(language, "reason")} value={draft.reason} onChange={(reason) => change({ reason })} maxLength={500} />
        <button type="submit" className="kit-button" disabled={grant.pending}>
          {t(language, "grantButton")}
        </button>
      </div>
      {done && !grant.outcome ? (
        <p className="kit-ok" role="status">
          {done}
        </p>
      ) : null}
      <OutcomeLine outcome={grant.outcome} />
    </form>
  );
}
