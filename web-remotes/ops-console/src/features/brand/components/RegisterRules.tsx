/** The brand's registration rules: for each field of the registration form whether it is shown, whether it is
 * required, the pattern it must match and its lengths. Ops has no read of its own for them: the current ones come
 * from the site's public call for the brand. An admin changes rows and saves: only the rows changed are sent (the
 * site upserts them). The site decides, and its refusal is shown as it says it. */
import type { FormEvent, ReactNode } from "react";
import { useState } from "react";
import type { RegisterRuleItem, RegisterRuleRead } from "@portal/kit";
import { LoadFailure, OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { PageTitle, ScrollBox } from "../../../shared/ui";
import { brandKey, useRegisterRules } from "../reads";
import { t } from "../texts";
import "../brand.css";

type FieldName = RegisterRuleItem["field"];

/** Every field of the registration form, in the form's order (the site's REGISTRATION_FIELDS). */
export const FIELDS: readonly FieldName[] = [
  "username", "password", "confirmPassword", "payeeName", "paymentPassword", "qqNum", "line", "whatsapp",
  "facebook", "wechat", "telegram", "zalo", "idNumber", "email", "mobileNum", "countryDialingCode",
  "verificationCode", "affiliateCode", "recommenderId", "referralCode", "captcha", "birthday", "nickname",
  "fullname",
];

/** The site's patterns by id (spec §5). */
export const PATTERNS: readonly string[] = [
  "^[\\s\\S]*$", "^[A-Za-z][A-Za-z0-9]*$", "^[A-Za-z\\u4e00-\\u9fa5]+$",
  "^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)*\\.[A-Za-z]{2,}$", "^[A-Za-z0-9]+$",
  "^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$", "^[0-9]+$", "^(?=.*[A-Z])(?=.*[0-9])[A-Za-z0-9]+$", "^[A-Za-z ]+$",
  "^\\S+$", "^[\\u4e00-\\u9fa5\\u3000-\\u303f\\uff01-\\uff5e!-/:-@\\[-`{-~]+$",
  "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$", "^(?=(?:[^A-Za-z]*[A-Za-z]){2})[A-Za-z ]+$",
  "^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])-[0-9]{4}$", "^[A-Za-z]+[0-9]+$",
  "^[\\uac00-\\ud7a3\\u1100-\\u11ff\\u3130-\\u318f]+$",
];

export interface Row {
  enabled: boolean;
  required: boolean;
  patternId: string;
  minLength: string;
  maxLength: string;
}

const UNSET: Row = { enabled: false, required: false, patternId: "0", minLength: "0", maxLength: "50" };

export function rowsOf(read: RegisterRuleRead[]): Record<FieldName, Row> {
  const byField = new Map(read.map((rule) => [rule.field, rule]));
  return Object.fromEntries(
    FIELDS.map((field) => {
      const rule = byField.get(field);
      return [field, rule ? { enabled: rule.enabled, required: rule.required, patternId: String(rule.patternId), minLength: String(rule.minLength), maxLength: String(rule.maxLength) } : UNSET];
    }),
  ) as Record<FieldName, Row>;
}

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** A row as the site takes it, or null when its lengths break the rule. */
export function ruleOf(field: FieldName, row: Row): RegisterRuleItem | null {
  const minLength = whole(row.minLength);
  const maxLength = whole(row.maxLength);
  if (Number.isNaN(minLength) || Number.isNaN(maxLength) || minLength > 255 || maxLength < 1 || maxLength > 255 || minLength > maxLength) return null;
  return { field, enabled: row.enabled, required: row.required, patternId: Number(row.patternId), minLength, maxLength };
}

const same = (a: Row, b: Row) => a.enabled === b.enabled && a.required === b.required && a.patternId === b.patternId && a.minLength.trim() === b.minLength.trim() && a.maxLength.trim() === b.maxLength.trim();

export function RegisterRules() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const writer = holds(ops.session, "admin");
  const rules = useRegisterRules();
  const [generation, setGeneration] = useState(0);
  const save = useAction((items: RegisterRuleItem[]) => ops.call("opsChangeRegisterRules", { path: { code: ops.brand }, body: { rules: items } }), {
    doneText: t(language, "saved"),
    onDone: (read) => {
      queries.setQueryData(brandKey("opsRegisterRules", ops.brand), read);
      setGeneration((value) => value + 1);
    },
  });

  return (
    <section aria-labelledby="oc-register-rules">
      <PageTitle>
        <span id="oc-register-rules">{t(language, "registerRules")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      <p className="kit-field__hint">{t(language, writer ? "rulesIntro" : "readOnly")}</p>
      <LoadFailure error={rules.error} />
      {rules.isLoading ? <p>{t(language, "loading")}</p> : null}
      {rules.data ? (
        <RulesForm key={`${ops.brand}:${generation}`} read={rules.data} writer={writer} pending={save.pending} onSave={(items) => void save.submit(items)} refuse={save.refuse} reset={save.reset}>
          <OutcomeLine outcome={save.outcome} />
        </RulesForm>
      ) : null}
    </section>
  );
}

interface FormProps {
  read: RegisterRuleRead[];
  writer: boolean;
  pending: boolean;
  onSave: (items: RegisterRuleItem[]) => void;
  refuse: (text: string) => void;
  reset: () => void;
  children: ReactNode;
}

function RulesForm({ read, writer, pending, onSave, refuse, reset, children }: FormProps) {
  const { language } = useLanguage();
  const [base] = useState(() => rowsOf(read));
  const [draft, setDraft] = useState(base);
  const known = new Set(read.map((rule) => rule.field));
  const change = (field: FieldName, patch: Partial<Row>) => {
    reset();
    setDraft((current) => ({ ...current, [field]: { ...current[field], ...patch } }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items: RegisterRuleItem[] = [];
    for (const field of FIELDS) {
      if (same(base[field], draft[field])) continue;
      const rule = ruleOf(field, draft[field]);
      if (!rule) return refuse(t(language, "lengthRule", { field }));
      items.push(rule);
    }
    if (items.length === 0) return refuse(t(language, "noChanges"));
    onSave(items);
  };

  return (
    <form className="br-form" onSubmit={submit} aria-label={t(language, "registerRules")} noValidate>
      <fieldset className="br-group br-group--bare" disabled={!writer}>
        <legend className="br-hidden">{t(language, "registerRules")}</legend>
        <ScrollBox label={t(language, "registerRules")}>
          <table className="oc-table" data-testid="register-rules">
            <thead>
              <tr>
                <th scope="col">{t(language, "field")}</th>
                <th scope="col">{t(language, "shownCol")}</th>
                <th scope="col">{t(language, "requiredCol")}</th>
                <th scope="col">{t(language, "pattern")}</th>
                <th scope="col">{t(language, "minLength")}</th>
                <th scope="col">{t(language, "maxLength")}</th>
              </tr>
            </thead>
            <tbody>
              {FIELDS.map((field) => {
                const row = draft[field];
                return (
                  <tr key={field} data-field={field} data-changed={same(base[field], row) ? undefined : "true"}>
                    <th scope="row" className="br-code">
                      {field}
                      {!known.has(field) ? <small className="br-check__hint">{t(language, "notSet")}</small> : null}
                    </th>
                    <td>
                      <input type="checkbox" aria-label={`${field}: ${t(language, "shownCol")}`} checked={row.enabled} onChange={(event) => change(field, { enabled: event.target.checked })} />
                    </td>
                    <td>
                      <input type="checkbox" aria-label={`${field}: ${t(language, "requiredCol")}`} checked={row.required} onChange={(event) => change(field, { required: event.target.checked })} />
                    </td>
                    <td>
                      <select className="oc-select br-pattern" aria-label={`${field}: ${t(language, "pattern")}`} value={row.patternId} onChange={(event) => change(field, { patternId: event.target.value })}>
                        {PATTERNS.map((pattern, id) => (
                          <option key={id} value={String(id)}>
                            {id}: {pattern}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      <input className="br-number" aria-label={`${field}: ${t(language, "minLength")}`} inputMode="numeric" size={4} value={row.minLength} onChange={(event) => change(field, { minLength: event.target.value })} />
                    </td>
                    <td>
                      <input className="br-number" aria-label={`${field}: ${t(language, "maxLength")}`} inputMode="numeric" size={4} value={row.maxLength} onChange={(event) => change(field, { maxLength: event.target.value })} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollBox>
      </fieldset>
      {children}
      {writer ? (
        <div className="oc-row">
          <button type="submit" className="kit-button" disabled={pending}>
            {t(language, "save")}
          </button>
        </div>
      ) : null}
    </form>
  );
}
