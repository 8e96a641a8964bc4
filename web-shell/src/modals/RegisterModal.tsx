import type { FormEvent } from "react";
import { useEffect, useMemo, useState } from "react";
import type { Language } from "@portal/kit";
import { Alert, Dialog, Field, Tabs, api, errorText, useLanguage } from "@portal/kit";
import type { CaptchaRead } from "@portal/kit";
import { fetchCaptcha, register, sendSms } from "../auth/flows";
import type { RegisterMode } from "../auth/registerRules";
import { fieldError, fieldLabel, isAdult, ruleText, visibleRules } from "../auth/registerRules";
import { useSite } from "../site";
import { text } from "../texts";
import type { RegisterRuleRead } from "@portal/kit";
import { useAfterLogin } from "./LoginModal";
import { useModal } from "./ModalContext";
import { SmsCodeButton } from "./SmsCodeButton";

/** The affiliate code a link carried (``?affiliateCode=`` or ``?code=``). */
export function affiliateFromUrl(search: string): string {
  const params = new URLSearchParams(search);
  return (params.get("affiliateCode") ?? params.get("code") ?? "").trim();
}

function inputType(field: string): string {
  if (field.toLowerCase().includes("password")) return "password";
  if (field === "email") return "email";
  if (field === "birthday") return "date";
  return "text";
}

export function validate(
  rules: RegisterRuleRead[],
  mode: RegisterMode,
  flags: Record<string, boolean>,
  values: Record<string, string>,
  language: Language,
  today: Date,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const rule of visibleRules(rules, mode, flags)) {
    const forced = mode === "mobile" && rule.field === "mobileNum";
    const problem = fieldError(rule, values[rule.field] ?? "", language, forced);
    if (problem) errors[rule.field] = problem;
  }
  const hasPassword = visibleRules(rules, mode, flags).some((rule) => rule.field === "password");
  if (hasPassword && (values["confirmPassword"] ?? "") !== (values["password"] ?? "")) {
    errors["confirmPassword"] = text(language, "passwordsDiffer");
  }
  if (values["birthday"] && !errors["birthday"] && !isAdult(values["birthday"], today)) {
    errors["birthday"] = text(language, "mustBeAdult");
  }
  return errors;
}

export function RegisterModal() {
  const { language } = useLanguage();
  const { config, flag } = useSite();
  const modal = useModal();
  const afterLogin = useAfterLogin();
  const [rules, setRules] = useState<RegisterRuleRead[] | null>(null);
  const tabs = [
    ...(flag("USERNAMEREG3") ? [{ key: "username" as RegisterMode, title: text(language, "byUsername") }] : []),
    ...(flag("MOBILENUMREG3") ? [{ key: "mobile" as RegisterMode, title: text(language, "byMobile") }] : []),
  ];
  const [mode, setMode] = useState<RegisterMode>(tabs[0]?.key ?? "username");
  const [values, setValues] = useState<Record<string, string>>(() => ({
    countryDialingCode: "90",
    affiliateCode: affiliateFromUrl(window.location.search),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [terms, setTerms] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaRead | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const flags = useMemo(
    () => ({ MOBILENUMPASSREG3: flag("MOBILENUMPASSREG3"), REGMOBVERF3: flag("REGMOBVERF3"), BOTCHECK3: flag("BOTCHECK3") }),
    [flag],
  );

  useEffect(() => {
    let live = true;
    api("registerSettings", language, { auth: false }).then(
      (loaded) => live && setRules(loaded),
      (failure) => live && setError(errorText(failure, language)),
    );
    return () => {
      live = false;
    };
  }, [language]);

  const needsCaptcha = flag("REGCAPTCHA3");
  const refreshCaptcha = async () => {
    try {
      setCaptcha(await fetchCaptcha(language));
    } catch (failure) {
      setError(errorText(failure, language));
    }
  };
  useEffect(() => {
    if (!needsCaptcha) return;
    let live = true;
    fetchCaptcha(language).then(
      (loaded) => live && setCaptcha(loaded),
      (failure) => live && setError(errorText(failure, language)),
    );
    return () => {
      live = false;
    };
  }, [needsCaptcha, language]);

  const set = (field: string) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const shown = rules ? visibleRules(rules, mode, flags) : [];
  const smsStep = mode === "mobile" && flag("REGMOBVERF3");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rules) return;
    setError(null);
    const found = validate(rules, mode, flags, values, language, new Date());
    if (needsCaptcha && !(values["captcha"] ?? "").trim()) found["captcha"] = text(language, "required");
    if (smsStep && !(values["verificationCode"] ?? "").trim()) found["verificationCode"] = text(language, "required");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (!terms) {
      setError(text(language, "mustAcceptTerms"));
      return;
    }
    setBusy(true);
    try {
      const payload: Record<string, unknown> = { acceptTerms: true };
      for (const [key, value] of Object.entries(values)) {
        const kept = key.toLowerCase().includes("password") ? value : value.trim();
        if (kept) payload[key] = kept;
      }
      if (mode === "mobile") payload["mobileNo"] = payload["mobileNum"];
      if (captcha) payload["captchaId"] = captcha.captchaId;
      const answer = await register(language, flags, mode, payload);
      await afterLogin(answer, (values["password"] as string | undefined) ?? null);
    } catch (failure) {
      setError(errorText(failure, language));
      if (needsCaptcha) void refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={text(language, "register")} onClose={modal.close} closeLabel={text(language, "close")} wide>
      <Tabs label={text(language, "register")} tabs={tabs} active={mode} onChange={setMode} />
      {rules === null && !error && <p>{text(language, "loading")}</p>}
      {rules && (
        <form className="form form--grid" onSubmit={submit} noValidate>
          {shown.map((rule) =>
            rule.field === "mobileNum" ? (
              <div key={rule.field} className="phone-row">
                <Field label={fieldLabel("mobileNum", language)} value={values["mobileNum"] ?? ""} onChange={set("mobileNum")} error={errors["mobileNum"]} hint={ruleText(rule, language)} inputMode="tel" required={rule.required || mode === "mobile"} />
                <Field label={fieldLabel("countryDialingCode", language)} value={values["countryDialingCode"] ?? ""} onChange={set("countryDialingCode")} inputMode="numeric" maxLength={4} />
              </div>
            ) : (
              <Field key={rule.field} label={fieldLabel(rule.field, language)} name={rule.field} value={values[rule.field] ?? ""} onChange={set(rule.field)} error={errors[rule.field]} hint={ruleText(rule, language)} type={inputType(rule.field)} required={rule.required} autoComplete={rule.field === "password" ? "new-password" : "off"} />
            ),
          )}
          {shown.some((rule) => rule.field === "password") && (
            <Field label={fieldLabel("confirmPassword", language)} name="confirmPassword" value={values["confirmPassword"] ?? ""} onChange={set("confirmPassword")} error={errors["confirmPassword"]} type="password" autoComplete="new-password" required />
          )}
          {smsStep && (
            <div className="code-row">
              <Field label={fieldLabel("verificationCode", language)} value={values["verificationCode"] ?? ""} onChange={set("verificationCode")} error={errors["verificationCode"]} inputMode="numeric" />
              <SmsCodeButton send={() => sendSms(language, "register", (values["mobileNum"] ?? "").trim(), (values["countryDialingCode"] ?? "").trim())} ready={(values["mobileNum"] ?? "").trim() !== ""} onError={(failure) => setError(errorText(failure, language))} />
            </div>
          )}
          {needsCaptcha && (
            <div className="captcha-row">
              <Field label={fieldLabel("captcha", language)} name="captcha" value={values["captcha"] ?? ""} onChange={set("captcha")} error={errors["captcha"]} autoComplete="off" />
              {captcha && <img src={captcha.image} alt={text(language, "captcha")} width={120} height={40} />}
              <button type="button" className="kit-button kit-button--ghost" onClick={() => void refreshCaptcha()}>
                {text(language, "refreshCaptcha")}
              </button>
            </div>
          )}
          <label className="check form__wide">
            <input type="checkbox" checked={terms} onChange={(event) => setTerms(event.target.checked)} name="acceptTerms" />
            {text(language, "adult")} · {text(language, "acceptTerms")}
          </label>
          {error && <Alert>{error}</Alert>}
          <button type="submit" className="kit-button kit-button--block form__wide" disabled={busy}>
            {text(language, "register")}
          </button>
        </form>
      )}
      {!rules && error && <Alert>{error}</Alert>}
      <p className="dialog-links">
        <button type="button" className="link-button" onClick={() => modal.open({ name: "login" })}>
          {text(language, "haveAccount")}
        </button>
        <span className="muted">{config.name}</span>
      </p>
    </Dialog>
  );
}

