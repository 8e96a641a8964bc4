/** The brand's VIP levels (the lifetime valid-bet turnover of each, its one-time bonus, the points multiplier and
 * perks shown to members) and its referral rule (what an invitee deposits and bets for the inviter's reward). Every
 * role of the console reads them; the brand's admin replaces the ladder and changes the rule, with a reason for the
 * audit. The points service decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { Language, ReferralRuleRead, VipLevelRead } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, formatMoney, parseMoney, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox } from "../../../shared/ui";
import { vt } from "../vipTexts";
import "../loyalty.css";
import "../vip.css";

const LANGUAGES = ["TR", "EN", "CN"] as const;
type Lang = (typeof LANGUAGES)[number];

export interface LevelDraft {
  names: Record<Lang, string>;
  turnover: string;
  bonus: string;
  multiplier: string;
  perks: Record<Lang, string>;
}

export interface LevelWrite {
  level: number;
  names: Partial<Record<Lang, string>>;
  turnover: number;
  bonus: number;
  pointsMultiplierPct: number;
  perks: Partial<Record<Lang, string>>;
}

type Problem = { key: "turnoverInvalid" | "bonusInvalid" | "multiplierInvalid" | "nameMissing"; level: number };

function filled(texts: Record<Lang, string>): Partial<Record<Lang, string>> {
  const kept: Partial<Record<Lang, string>> = {};
  for (const language of LANGUAGES) if (texts[language].trim()) kept[language] = texts[language].trim();
  return kept;
}

/** The ladder the service takes, or what is wrong with the first level that is wrong. */
export function ladderBody(drafts: LevelDraft[]): LevelWrite[] | Problem {
  const levels: LevelWrite[] = [];
  for (const [index, draft] of drafts.entries()) {
    const level = index + 1;
    const names = filled(draft.names);
    if (!names.TR) return { key: "nameMissing", level };
    const turnover = parseMoney(draft.turnover);
    const below = levels[index - 1]?.turnover ?? 0;
    if (turnover === null || turnover < 1 || turnover <= below) return { key: "turnoverInvalid", level };
    const bonus = draft.bonus.trim() === "" ? 0 : parseMoney(draft.bonus);
    if (bonus === null || bonus < 0) return { key: "bonusInvalid", level };
    const multiplier = draft.multiplier.trim() === "" ? 100 : Number(draft.multiplier.trim());
    if (!/^\d*$/.test(draft.multiplier.trim()) || multiplier < 100 || multiplier > 1000) return { key: "multiplierInvalid", level };
    levels.push({ level, names, turnover, bonus, pointsMultiplierPct: multiplier, perks: filled(draft.perks) });
  }
  return levels;
}

function draftOf(level: VipLevelRead): LevelDraft {
  const text = (texts: Record<string, string>, language: Lang) => texts[language] ?? "";
  return {
    names: { TR: text(level.names, "TR"), EN: text(level.names, "EN"), CN: text(level.names, "CN") },
    turnover: formatMoney(level.turnover),
    bonus: formatMoney(level.bonus),
    multiplier: String(level.pointsMultiplierPct),
    perks: { TR: text(level.perksByLanguage, "TR"), EN: text(level.perksByLanguage, "EN"), CN: text(level.perksByLanguage, "CN") },
  };
}

const EMPTY: LevelDraft = { names: { TR: "", EN: "", CN: "" }, turnover: "", bonus: "", multiplier: "100", perks: { TR: "", EN: "", CN: "" } };

function LevelsTable({ levels, language }: { levels: VipLevelRead[]; language: Language }) {
  return (
    <ScrollBox label={vt(language, "vipLevels")}>
      <table className="oc-table" data-testid="vip-levels">
        <thead>
          <tr>
            <th scope="col">{vt(language, "level")}</th>
            <th scope="col">{vt(language, "name")}</th>
            <th scope="col" className="num">{vt(language, "turnover")}</th>
            <th scope="col" className="num">{vt(language, "bonus")}</th>
            <th scope="col" className="num">{vt(language, "multiplier")}</th>
            <th scope="col">{vt(language, "perks")}</th>
          </tr>
        </thead>
        <tbody>
          {levels.map((level) => (
            <tr key={level.level}>
              <th scope="row">{level.level}</th>
              <td className="ly-cut">{level.name}</td>
              <td className="num">{formatMoney(level.turnover)}</td>
              <td className="num">{formatMoney(level.bonus)}</td>
              <td className="num">{level.pointsMultiplierPct}</td>
              <td className="ly-cut">{level.perks}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function LadderForm({ levels, onSaved }: { levels: VipLevelRead[]; onSaved: () => Promise<void> }) {
  const { language } = useLanguage();
  const ops = useOps();
  const [drafts, setDrafts] = useState<LevelDraft[]>(() => levels.map(draftOf));
  const [reason, setReason] = useState("");
  const save = useAction(
    (body: { levels: LevelWrite[]; reason: string }) => ops.call("opsChangeVipLevels", { path: { code: ops.brand }, body }),
    { doneText: vt(language, "levelsSaved"), onDone: onSaved },
  );
  const change = (index: number, patch: Partial<LevelDraft>) =>
    setDrafts((current) => current.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = ladderBody(drafts);
    if (!Array.isArray(body)) return save.refuse(vt(language, body.key, { level: body.level }));
    if (!reason.trim()) return save.refuse(vt(language, "required"));
    void save.submit({ levels: body, reason: reason.trim() });
  };
  return (
    <form className="ly-form" onSubmit={submit} aria-label={vt(language, "vipLevels")} noValidate>
      {drafts.map((draft, index) => (
        <fieldset key={index} className="ly-level" data-testid="vip-level-form">
          <legend>
            {vt(language, "level")} {index + 1}
          </legend>
          <div className="oc-row">
            {LANGUAGES.map((lang) => (
              <Field key={lang} label={vt(language, "nameIn", { language: lang })} value={draft.names[lang]} onChange={(value) => change(index, { names: { ...draft.names, [lang]: value } })} maxLength={40} size={14} />
            ))}
          </div>
          <div className="oc-row">
            <Field label={vt(language, "turnover")} value={draft.turnover} onChange={(turnover) => change(index, { turnover })} inputMode="decimal" size={14} />
            <Field label={vt(language, "bonus")} value={draft.bonus} onChange={(bonus) => change(index, { bonus })} inputMode="decimal" size={12} />
            <Field label={vt(language, "multiplier")} value={draft.multiplier} onChange={(multiplier) => change(index, { multiplier })} inputMode="numeric" size={6} />
          </div>
          <div className="oc-row">
            {LANGUAGES.map((lang) => (
              <Field key={lang} label={vt(language, "perksIn", { language: lang })} value={draft.perks[lang]} onChange={(value) => change(index, { perks: { ...draft.perks, [lang]: value } })} maxLength={300} size={20} />
            ))}
          </div>
        </fieldset>
      ))}
      <div className="oc-row">
        <button type="button" className="kit-button kit-button--ghost" onClick={() => setDrafts((current) => [...current, { ...EMPTY }])} disabled={drafts.length >= 50}>
          {vt(language, "addLevel")}
        </button>
        <button type="button" className="kit-button kit-button--ghost" onClick={() => setDrafts((current) => current.slice(0, -1))} disabled={drafts.length === 0}>
          {vt(language, "removeLevel")}
        </button>
      </div>
      <Field label={vt(language, "auditReason")} value={reason} onChange={setReason} maxLength={500} required />
      <OutcomeLine outcome={save.outcome} />
      <button type="submit" className="kit-button" disabled={save.pending}>
        {vt(language, "saveLevels")}
      </button>
    </form>
  );
}

interface RuleDraft {
  minDeposit: string;
  minValidBet: string;
  reward: string;
  enabled: boolean;
  reason: string;
}

/** The rule the service takes, or the key of the text that says what is wrong. */
export function referralBody(draft: RuleDraft): (Omit<ReferralRuleRead, never> & { reason: string }) | "amountInvalid" | "required" {
  const minDeposit = parseMoney(draft.minDeposit);
  const minValidBet = parseMoney(draft.minValidBet);
  const reward = parseMoney(draft.reward);
  if (minDeposit === null || minValidBet === null || reward === null || minDeposit < 0 || minValidBet < 0 || reward < 1) return "amountInvalid";
  if (!draft.reason.trim()) return "required";
  return { minDeposit, minValidBet, reward, enabled: draft.enabled, reason: draft.reason.trim() };
}

function RuleForm({ rule, onSaved }: { rule: ReferralRuleRead; onSaved: () => Promise<void> }) {
  const { language } = useLanguage();
  const ops = useOps();
  const initial = (found: ReferralRuleRead): RuleDraft => ({
    minDeposit: formatMoney(found.minDeposit), minValidBet: formatMoney(found.minValidBet), reward: formatMoney(found.reward),
    enabled: found.enabled, reason: "",
  });
  const [draft, setDraft] = useState<RuleDraft>(() => initial(rule));
  const save = useAction(
    (body: ReferralRuleRead & { reason: string }) => ops.call("opsChangeReferralRule", { path: { code: ops.brand }, body }),
    { doneText: vt(language, "ruleSaved"), onDone: onSaved },
  );
  const change = (patch: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = referralBody(draft);
    if (typeof body === "string") return save.refuse(vt(language, body));
    void save.submit(body);
  };
  return (
    <form className="ly-form" onSubmit={submit} aria-label={vt(language, "referralRule")} noValidate>
      <div className="oc-row">
        <Field label={vt(language, "minDeposit")} value={draft.minDeposit} onChange={(minDeposit) => change({ minDeposit })} inputMode="decimal" size={12} />
        <Field label={vt(language, "minValidBet")} value={draft.minValidBet} onChange={(minValidBet) => change({ minValidBet })} inputMode="decimal" size={12} />
        <Field label={vt(language, "reward")} value={draft.reward} onChange={(reward) => change({ reward })} inputMode="decimal" size={12} />
      </div>
      <label className="ly-form__check">
        <input type="checkbox" checked={draft.enabled} onChange={(event) => change({ enabled: event.target.checked })} />
        {vt(language, "ruleOn")}
      </label>
      <Field label={vt(language, "auditReason")} value={draft.reason} onChange={(reason) => change({ reason })} maxLength={500} required />
      <OutcomeLine outcome={save.outcome} />
      <button type="submit" className="kit-button" disabled={save.pending}>
        {vt(language, "saveRule")}
      </button>
    </form>
  );
}

export function VipReferral() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const admin = holds(ops.session, "admin");
  const levelsKey = ["ops", "points", "vip", ops.brand];
  const ruleKey = ["ops", "points", "referral", ops.brand];
  const levels = useQuery({ queryKey: levelsKey, enabled: !!ops.brand, queryFn: () => ops.call("opsVipLevels", { path: { code: ops.brand } }) });
  const rule = useQuery({ queryKey: ruleKey, enabled: !!ops.brand, queryFn: () => ops.call("opsReferralRule", { path: { code: ops.brand } }) });
  return (
    <section aria-labelledby="oc-vip-referral">
      <PageTitle>
        <span id="oc-vip-referral">{vt(language, "vipTitle")}</span>
      </PageTitle>
      {!ops.brand ? <p>{vt(language, "noBrand")}</p> : null}
      {!admin ? <p className="kit-field__hint">{vt(language, "adminOnly")}</p> : null}
      <h2 className="ly-form__title">{vt(language, "vipLevels")}</h2>
      <p className="kit-field__hint">{vt(language, "vipHint")}</p>
      <LoadFailure error={levels.error} />
      {levels.data && levels.data.length === 0 ? <p>{vt(language, "noLevels")}</p> : null}
      {levels.data && levels.data.length > 0 ? <LevelsTable levels={levels.data} language={language} /> : null}
      {admin && levels.data ? <LadderForm key={JSON.stringify(levels.data)} levels={levels.data} onSaved={() => queries.invalidateQueries({ queryKey: levelsKey })} /> : null}
      <h2 className="ly-form__title">{vt(language, "referralRule")}</h2>
      <p className="kit-field__hint">{vt(language, "referralHint")}</p>
      <LoadFailure error={rule.error} />
      {rule.data ? (
        <p data-testid="referral-rule">
          <Badge value={rule.data.enabled ? "on" : "off"} text={vt(language, rule.data.enabled ? "on" : "off")} />{" "}
          {vt(language, "minDeposit")}: {formatMoney(rule.data.minDeposit)} · {vt(language, "minValidBet")}: {formatMoney(rule.data.minValidBet)} ·{" "}
          {vt(language, "reward")}: {formatMoney(rule.data.reward)}
        </p>
      ) : null}
      {admin && rule.data ? <RuleForm key={JSON.stringify(rule.data)} rule={rule.data} onSaved={() => queries.invalidateQueries({ queryKey: ruleKey })} /> : null}
    </section>
  );
}
