import type { FormEvent } from "react";
import { useState } from "react";
import type { DownlineRegistration } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { downlineRules, fieldError, fieldLabel, ruleText } from "../../../shared/registerRules";
import { t } from "../../../shared/texts";
import { registerDownline, useRegisterRules } from "../api";

function inputType(field: string): string {
  if (field.toLowerCase().includes("password")) return "password";
  if (field === "email") return "email";
  if (field === "birthday") return "date";
  return "text";
}

/** registerCenter: the agent opens a member or agent account under itself, by the brand's registration rules. */
export function RegisterAccount() {
  const { language } = useLanguage();
  const queries = useQueryClient();
  const rulesQuery = useRegisterRules();
  const rules = downlineRules(rulesQuery.data ?? []);
  const birthday = rules.some((rule) => rule.field === "birthday");
  const [values, setValues] = useState<Record<string, string>>({ countryDialingCode: "90" });
  const [accountType, setAccountType] = useState<"AGENT" | "MEMBER">("AGENT");
  const [adult, setAdult] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const register = useAction((body: DownlineRegistration) => registerDownline(language, body), {
    onDone: () => {
      setValues({ countryDialingCode: "90" });
      setAdult(false);
      return queries.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("agent-") });
    },
  });
  const set = (field: string) => (value: string) => setValues({ ...values, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const rule of rules) {
      const problem = fieldError(rule, values[rule.field] ?? "", language);
      if (problem) found[rule.field] = problem;
    }
    if ((values["confirmPassword"] ?? "") !== (values["password"] ?? "")) found["confirmPassword"] = t(language, "passwordsDiffer");
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) return register.refuse(first);
    if (!birthday && !adult) return register.refuse(t(language, "mustBeAdult"));
    const body: Record<string, string | boolean> = { accountType, adult: adult || birthday };
    for (const rule of rules) {
      const value = values[rule.field] ?? "";
      if (value.trim()) body[rule.field] = rule.field.toLowerCase().includes("password") ? value : value.trim();
    }
    body["confirmPassword"] = values["confirmPassword"] ?? "";
    if (body["mobileNum"]) body["countryDialingCode"] = (values["countryDialingCode"] ?? "90").trim();
    void register.submit(body as DownlineRegistration);
  };

  const done = register.latest;
  return (
    <section className="ac-panel">
      <h2>{t(language, "registerCenter")}</h2>
      <LoadFailure error={rulesQuery.error} />
      <form className="ac-form ac-form--grid" onSubmit={submit} noValidate aria-label={t(language, "registerCenter")}>
        <fieldset className="ac-fieldset ac-form__wide">
          <legend>{t(language, "newAccountType")}</legend>
          <div className="ac-choices">
            {(["AGENT", "MEMBER"] as const).map((type) => (
              <label key={type} className="ac-check">
                <input type="radio" name="accountType" value={type} checked={accountType === type} onChange={() => setAccountType(type)} />
                {t(language, type === "AGENT" ? "agent" : "player")}
              </label>
            ))}
          </div>
        </fieldset>
        {rules.map((rule) =>
          rule.field === "mobileNum" ? (
            <div key={rule.field} className="ac-phone">
              <Field label={fieldLabel("mobileNum", language)} value={values["mobileNum"] ?? ""} onChange={set("mobileNum")} error={errors["mobileNum"]} hint={ruleText(rule, language)} inputMode="tel" required={rule.required} />
              <Field label={fieldLabel("countryDialingCode", language)} value={values["countryDialingCode"] ?? ""} onChange={set("countryDialingCode")} inputMode="numeric" maxLength={4} />
            </div>
          ) : (
            <Field key={rule.field} label={fieldLabel(rule.field, language)} name={rule.field} value={values[rule.field] ?? ""} onChange={set(rule.field)} error={errors[rule.field]} hint={ruleText(rule, language)} type={inputType(rule.field)} required={rule.required} autoComplete={rule.field.toLowerCase().includes("password") ? "new-password" : "off"} />
          ),
        )}
        <Field label={fieldLabel("confirmPassword", language)} name="confirmPassword" value={values["confirmPassword"] ?? ""} onChange={set("confirmPassword")} error={errors["confirmPassword"]} type="password" autoComplete="new-password" required />
        {!birthday && (
          <label className="ac-check ac-form__wide">
            <input type="checkbox" checked={adult} onChange={(event) => setAdult(event.target.checked)} />
            {t(language, "adultConfirm")}
          </label>
        )}
        <div className="ac-form__wide">
          {done && !register.outcome ? (
            <p className="kit-ok" role="status" data-testid="registered">
              {t(language, "registered", { name: done.username })}
            </p>
          ) : (
            <OutcomeLine outcome={register.outcome} />
          )}
        </div>
        <div className="ac-form__wide">
          <button type="submit" className="kit-button" disabled={register.pending}>
            {t(language, "register")}
          </button>
        </div>
      </form>
    </section>
  );
}
