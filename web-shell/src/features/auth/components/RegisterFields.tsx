import type { RegisterRuleRead } from "@portal/kit";
import { Field, useLanguage } from "@portal/kit";
import type { RegisterMode } from "../registerRules";
import { fieldLabel, ruleText } from "../registerRules";

function inputType(field: string): string {
  if (field.toLowerCase().includes("password")) return "password";
  if (field === "email") return "email";
  if (field === "birthday") return "date";
  return "text";
}

interface Props {
  rules: RegisterRuleRead[];
  mode: RegisterMode;
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
}

/** The registration fields the brand's rules show, each with its rule as a hint and its error. */
export function RegisterFields({ rules, mode, values, errors, onChange }: Props) {
  const { language } = useLanguage();
  const set = (field: string) => (value: string) => onChange({ ...values, [field]: value });
  return (
    <>
      {rules.map((rule) =>
        rule.field === "mobileNum" ? (
          <div key={rule.field} className="phone-row">
            <Field label={fieldLabel("mobileNum", language)} value={values["mobileNum"] ?? ""} onChange={set("mobileNum")} error={errors["mobileNum"]} hint={ruleText(rule, language)} inputMode="tel" required={rule.required || mode === "mobile"} />
            <Field label={fieldLabel("countryDialingCode", language)} value={values["countryDialingCode"] ?? ""} onChange={set("countryDialingCode")} inputMode="numeric" maxLength={4} />
          </div>
        ) : (
          <Field key={rule.field} label={fieldLabel(rule.field, language)} name={rule.field} value={values[rule.field] ?? ""} onChange={set(rule.field)} error={errors[rule.field]} hint={ruleText(rule, language)} type={inputType(rule.field)} required={rule.required} autoComplete={rule.field === "password" ? "new-password" : "off"} />
        ),
      )}
      {rules.some((rule) => rule.field === "password") && (
        <Field label={fieldLabel("confirmPassword", language)} name="confirmPassword" value={values["confirmPassword"] ?? ""} onChange={set("confirmPassword")} error={errors["confirmPassword"]} type="password" autoComplete="new-password" required />
      )}
    </>
  );
}
