/** The terms of an offer as a person types them: rates in percent, thresholds as money, tiers added and removed. */
import type { Kind } from "@portal/kit";
import { Field, useLanguage } from "@portal/kit";
import type { TermsForm, TierForm } from "./rules";
import { EMPTY_TIER } from "./rules";
import { t } from "./texts";

export function TermsFields({ kind, form, onChange }: { kind: Kind; form: TermsForm; onChange: (form: TermsForm) => void }) {
  const { language } = useLanguage();
  if (kind === "REALTIME_SALARY") {
    return (
      <fieldset className="ac-fieldset">
        <legend>{t(language, "terms")}</legend>
        <div className="ac-terms-row">
          <Field label={t(language, "winRate")} value={form.winRate} onChange={(winRate) => onChange({ ...form, winRate })} inputMode="decimal" name="winRate" />
          <Field label={t(language, "lossRate")} value={form.lossRate} onChange={(lossRate) => onChange({ ...form, lossRate })} inputMode="decimal" name="lossRate" />
          <Field label={t(language, "betAmount")} value={form.betAmount} onChange={(betAmount) => onChange({ ...form, betAmount })} inputMode="decimal" name="betAmount" />
        </div>
      </fieldset>
    );
  }
  const setTier = (index: number, tier: TierForm) => onChange({ ...form, tiers: form.tiers.map((old, at) => (at === index ? tier : old)) });
  const thresholdLabel = t(language, kind === "DIVIDEND" ? "minProfitLoss" : "minValidBet");
  return (
    <fieldset className="ac-fieldset">
      <legend>{t(language, "terms")}</legend>
      {kind === "DIVIDEND" && (
        <label className="kit-field">
          {t(language, "period")}
          <select className="ac-select" value={form.period} onChange={(event) => onChange({ ...form, period: event.target.value as TermsForm["period"] })}>
            {(["D", "W", "H", "M"] as const).map((period) => (
              <option key={period} value={period}>
                {t(language, `period${period}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {form.tiers.map((tier, index) => (
        <div key={index} className="ac-terms-row" role="group" aria-label={`${t(language, "tier")} ${index + 1}`}>
          <Field label={thresholdLabel} value={tier.threshold} onChange={(threshold) => setTier(index, { ...tier, threshold })} inputMode="decimal" />
          <Field label={t(language, "minActiveMembers")} value={tier.members} onChange={(members) => setTier(index, { ...tier, members })} inputMode="numeric" />
          <Field label={t(language, "ratio")} value={tier.ratio} onChange={(ratio) => setTier(index, { ...tier, ratio })} inputMode="decimal" />
          {form.tiers.length > 1 && (
            <button type="button" className="kit-button kit-button--ghost" onClick={() => onChange({ ...form, tiers: form.tiers.filter((_, at) => at !== index) })}>
              {t(language, "removeTier")}
            </button>
          )}
        </div>
      ))}
      <button type="button" className="kit-button kit-button--ghost ac-add" onClick={() => onChange({ ...form, tiers: [...form.tiers, EMPTY_TIER] })}>
        {t(language, "addTier")}
      </button>
    </fieldset>
  );
}
