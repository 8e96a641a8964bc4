/** The brand's points rules, one row a point type: the betting unit (money; sent in minor units), the points each
 * whole unit earns, on or off. Every role of the console reads them; the brand's admin edits one type at a time in
 * a form below the table, with a reason for the audit. The points service decides, and its refusal is shown as it
 * says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { PointRuleRead, PointType } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, formatMoney, parseMoney, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox } from "../../../shared/ui";
import { named, t } from "../texts";
import "../loyalty.css";

/** The types that earn, in the spec's order (``REDEEM`` is the type of points spent: no rule). */
export const EARNING_TYPES: readonly PointType[] = ["LIVE", "LOTTERY", "CARD", "SLOT", "SPORTS", "DEPOSIT"];
export const MAX_BETTING_UNIT = 100_000_000;
export const MAX_RATIO = 1_000_000;

interface Draft {
  unit: string;
  ratio: string;
  enabled: boolean;
  reason: string;
}

export interface RuleWrite {
  bettingUnit: number;
  ratio: number;
  enabled: boolean;
  reason: string;
}

/** The body the service takes, or the key of the text that says what is wrong with the draft. */
export function ruleBody(draft: Draft): RuleWrite | "unitInvalid" | "ratioInvalid" | "required" {
  const unit = parseMoney(draft.unit);
  if (unit === null || unit < 1 || unit > MAX_BETTING_UNIT) return "unitInvalid";
  const ratio = draft.ratio.trim();
  if (!/^\d+$/.test(ratio) || Number(ratio) > MAX_RATIO) return "ratioInvalid";
  const reason = draft.reason.trim();
  if (!reason) return "required";
  return { bettingUnit: unit, ratio: Number(ratio), enabled: draft.enabled, reason };
}

export function PointRules() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const admin = holds(ops.session, "admin");
  const key = ["ops", "points", "rules", ops.brand];
  const [editing, setEditing] = useState<PointType | null>(null);
  const [draft, setDraft] = useState<Draft>({ unit: "", ratio: "", enabled: true, reason: "" });
  const list = useQuery({ queryKey: key, enabled: !!ops.brand, queryFn: () => ops.call("opsPointRules", { path: { code: ops.brand } }) });
  const save = useAction(
    (input: { type: PointType; body: RuleWrite }) => ops.call("opsChangePointRule", { path: { code: ops.brand, pointType: input.type }, body: input.body }),
    {
      doneText: t(language, "saved"),
      onDone: () => {
        setEditing(null);
        return queries.invalidateQueries({ queryKey: key });
      },
    },
  );
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const startEdit = (rule: PointRuleRead) => {
    save.reset();
    setEditing(rule.pointType);
    setDraft({ unit: formatMoney(rule.bettingUnit), ratio: String(rule.ratio), enabled: rule.enabled, reason: "" });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing === null) return;
    const body = ruleBody(draft);
    if (typeof body === "string") return save.refuse(t(language, body));
    void save.submit({ type: editing, body });
  };
  const rows = (list.data ?? []).filter((rule) => EARNING_TYPES.includes(rule.pointType));

  return (
    <section aria-labelledby="oc-point-rules">
      <PageTitle>
        <span id="oc-point-rules">{t(language, "pointRules")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      <p className="kit-field__hint">{t(language, "rulesHint")}</p>
      {!admin ? <p className="kit-field__hint">{t(language, "rulesReadOnly")}</p> : null}
      {editing === null ? <OutcomeLine outcome={save.outcome} /> : null}
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "pointRules")}>
          <table className="oc-table" data-testid="point-rules">
            <thead>
              <tr>
                <th scope="col">{t(language, "pointType")}</th>
                <th scope="col" className="num">{t(language, "bettingUnit")}</th>
                <th scope="col" className="num">{t(language, "ratio")}</th>
                <th scope="col">{t(language, "ruleState")}</th>
                {admin ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((rule) => (
                <tr key={rule.pointType} data-point-type={rule.pointType} aria-current={editing === rule.pointType ? "true" : undefined}>
                  <th scope="row">{named(language, rule.pointType)}</th>
                  <td className="num">{formatMoney(rule.bettingUnit)}</td>
                  <td className="num">{rule.ratio}</td>
                  <td>
                    <Badge value={rule.enabled ? "on" : "off"} text={t(language, rule.enabled ? "on" : "off")} />
                  </td>
                  {admin ? (
                    <td>
                      <button
                        type="button"
                        className="kit-button kit-button--ghost"
                        aria-label={`${t(language, "edit")}: ${named(language, rule.pointType)}`}
                        onClick={() => startEdit(rule)}
                      >
                        {t(language, "edit")}
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
      {admin && editing !== null ? (
        <form className="ly-form" onSubmit={submit} aria-labelledby="oc-rule-form" noValidate>
          <h2 id="oc-rule-form" className="ly-form__title">
            {t(language, "editRule", { type: named(language, editing) })}
          </h2>
          <div className="oc-row">
            <Field label={t(language, "bettingUnit")} value={draft.unit} onChange={(unit) => change({ unit })} inputMode="decimal" hint={t(language, "unitHint")} size={14} />
            <Field label={t(language, "ratio")} value={draft.ratio} onChange={(ratio) => change({ ratio })} inputMode="numeric" size={10} />
          </div>
          <label className="ly-form__check">
            <input type="checkbox" checked={draft.enabled} onChange={(event) => change({ enabled: event.target.checked })} />
            {t(language, "earns")}
          </label>
          <Field label={t(language, "auditReason")} value={draft.reason} onChange={(reason) => change({ reason })} maxLength={500} required />
          <OutcomeLine outcome={save.outcome} />
          <div className="oc-row">
            <button type="submit" className="kit-button" disabled={save.pending}>
              {t(language, "save")}
            </button>
            <button
              type="button"
              className="kit-button kit-button--ghost"
              onClick={() => {
                save.reset();
                setEditing(null);
              }}
            >
              {t(language, "cancel")}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
