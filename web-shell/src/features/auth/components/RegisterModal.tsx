import type { FormEvent } from "react";
import { useMemo, useState } from "react";
import type { Language, RegisterRuleRead } from "@portal/kit";
import { Dialog, Field, LoadFailure, OutcomeLine, Tabs, useAction, useLanguage } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { useSite } from "../../../shared/site";
import { text } from "../../../shared/texts";
import { register, sendSms, useCaptcha, useRegisterRules } from "../api";
import type { RegisterMode } from "../registerRules";
import { fieldError, fieldLabel, isAdult, visibleRules } from "../registerRules";
import { RegisterFields } from "./RegisterFields";
import { SmsCodeButton } from "./SmsCodeButton";
import { CaptchaRow } from "./CaptchaRow";
import { useAfterLogin } from "./useAfterLogin";

/** The affiliate code a link carried (``?affiliateCode=`` or ``?code=``). */
export function affiliateFromUrl(search: string): string {
  const params = new URLSearchParams(search);
  return (params.get("affiliateCode") ?? params.get("code") ?? "").trim();
}

/** The invite code of a friend's link (``?ref=``): sent as ``referralCode``, so the friend who invited is rewarded. */
export function referralFromUrl(search: string): string {
  return (new URLSearchParams(search).get("ref") ?? "").trim();
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
  const rules = useRegisterRules();
  const tabs = [
    ...(flag("USERNAMEREG3") ? [{ key: "username" as RegisterMode, title: text(language, "byUsername") }] : []),
    ...(flag("MOBILENUMREG3") ? [{ key: "mobile" as RegisterMode, title: text(language, "byMobile") }] : []),
  ];
  const [mode, setMode] = useState<RegisterMode>(tabs[0]?.key ?? "username");
  const [values, setValues] = useState<Record<string, string>>(() => ({
    countryDialingCode: "90",
    affiliateCode: affiliateFromUrl(window.location.search),
    referralCode: referralFromUrl(window.location.search),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [terms, setTerms] = useState(false);
  const flags = useMemo(
    () => ({ MOBILENUMPASSREG3: flag("MOBILENUMPASSREG3"), REGMOBVERF3: flag("REGMOBVERF3"), BOTCHECK3: flag("BOTCHECK3") }),
    [flag],
  );
  const needsCaptcha = flag("REGCAPTCHA3");
  const captcha = useCaptcha(needsCaptcha, "register");
  const smsStep = mode === "mobile" && flag("REGMOBVERF3");
  const sms = useAction(() => sendSms(language, "register", (values["mobileNum"] ?? "").trim(), (values["countryDialingCode"] ?? "").trim()));
  const signUp = useAction((payload: Record<string, unknown>) => register(language, flags, mode, payload), {
    onDone: (answer) => afterLogin(answer, values["password"] ?? null),
    onFailed: () => needsCaptcha && void captcha.refetch(),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rules.data) return;
    sms.reset();
    const found = validate(rules.data, mode, flags, values, language, new Date());
    if (needsCaptcha && !(values["captcha"] ?? "").trim()) found["captcha"] = text(language, "required");
    if (smsStep && !(values["verificationCode"] ?? "").trim()) found["verificationCode"] = text(language, "required");
    setErrors(found);
    if (Object.keys(found).length > 0) return signUp.reset();
    if (!terms) return signUp.refuse(text(language, "mustAcceptTerms"));
    const payload: Record<string, unknown> = { acceptTerms: true };
    for (const [key, value] of Object.entries(values)) {
      const kept = key.toLowerCase().includes("password") ? value : value.trim();
      if (kept) payload[key] = kept;
    }
    if (mode === "mobile") payload["mobileNo"] = payload["mobileNum"];
    if (captcha.data) payload["captchaId"] = captcha.data.captchaId;
    void signUp.submit(payload);
  };
  const loadError = rules.error; // a captcha that could not be had is said in its row

  return (
    <Dialog title={text(language, "register")} onClose={modal.close} closeLabel={text(language, "close")} wide>
      <Tabs label={text(language, "register")} tabs={tabs} active={mode} onChange={setMode} />
      {!rules.data && !loadError && <p>{text(language, "loading")}</p>}
      {rules.data && (
        <form className="form form--grid" onSubmit={submit} noValidate>
          <RegisterFields rules={visibleRules(rules.data, mode, flags)} mode={mode} values={values} errors={errors} onChange={setValues} />
          {smsStep && (
            <div className="code-row">
              <Field label={fieldLabel("verificationCode", language)} value={values["verificationCode"] ?? ""} onChange={(value) => setValues({ ...values, verificationCode: value })} error={errors["verificationCode"]} inputMode="numeric" />
              <SmsCodeButton send={sms} ready={(values["mobileNum"] ?? "").trim() !== ""} />
            </div>
          )}
          {needsCaptcha && (
            <CaptchaRow
              label={fieldLabel("captcha", language)}
              value={values["captcha"] ?? ""}
              onChange={(value) => setValues({ ...values, captcha: value })}
              error={errors["captcha"]}
              captcha={captcha.data ?? null}
              onRefresh={() => void captcha.refetch()}
              refreshing={captcha.isFetching}
              failure={captcha.error}
            />
          )}
          <label className="check form__wide">
            <input type="checkbox" checked={terms} onChange={(event) => setTerms(event.target.checked)} name="acceptTerms" />
            {text(language, "adult")} · {text(language, "acceptTerms")}
          </label>
          <OutcomeLine outcome={signUp.outcome ?? sms.outcome} />
          <button type="submit" className="kit-button kit-button--block form__wide" disabled={signUp.pending}>
            {text(language, "register")}
          </button>
        </form>
      )}
      <LoadFailure error={loadError} />
      <p className="dialog-links">
        <button type="button" className="link-button" onClick={() => modal.open({ name: "login" })}>
          {text(language, "haveAccount")}
        </button>
        <span className="muted">{config.name}</span>
      </p>
    </Dialog>
  );
}
