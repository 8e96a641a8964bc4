import type { FormEvent } from "react";
import { useState } from "react";
import { Field, OutcomeLine, useAction, useLanguage } from "@portal/kit";
import { t } from "../../../shared/texts";
import type { PasswordChange } from "../api";
import { changeLoginPassword, changePaymentPassword, sendPasswordChangeCode, useBrandFlag } from "../api";

const EMPTY: PasswordChange = { old: "", next: "", confirm: "", code: "" };

function usePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const set = (key: keyof PasswordChange) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  return { values, set, clear: () => setValues(EMPTY) };
}

export function LoginPassword() {
  const { language } = useLanguage();
  const form = usePasswordForm();
  const { values, set } = form;
  const verified = useBrandFlag("CHNGPASSVERIF3");
  const sendCode = useAction(() => sendPasswordChangeCode(language));
  const change = useAction((input: PasswordChange) => changeLoginPassword(language, input), {
    onDone: form.clear,
    doneText: t(language, "saved"),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.old || !values.next || (verified && !values.code)) return change.refuse(t(language, "required"));
    if (values.next !== values.confirm) return change.refuse(t(language, "passwordsDiffer"));
    void change.submit(values);
  };
  return (
    <section className="mc-panel">
      <h2>{t(language, "loginPassword")}</h2>
      <form className="mc-form" onSubmit={submit} noValidate>
        <Field label={t(language, "oldPassword")} type="password" value={values.old} onChange={set("old")} autoComplete="current-password" />
        <Field label={t(language, "newPassword")} type="password" value={values.next} onChange={set("next")} autoComplete="new-password" />
        <Field label={t(language, "confirmPassword")} type="password" value={values.confirm} onChange={set("confirm")} autoComplete="new-password" />
        {verified && (
          <div className="mc-row">
            <Field label={t(language, "code")} value={values.code} onChange={set("code")} inputMode="numeric" autoComplete="one-time-code" />
            <button type="button" className="kit-button kit-button--ghost" disabled={sendCode.done} onClick={() => void sendCode.submit(undefined)}>
              {t(language, "sendCode")}
            </button>
          </div>
        )}
        <OutcomeLine outcome={change.outcome ?? sendCode.outcome} />
        <button type="submit" className="kit-button">{t(language, "save")}</button>
      </form>
    </section>
  );
}

export function PaymentPassword({ exists, onSaved }: { exists: boolean; onSaved: () => void }) {
  const { language } = useLanguage();
  const form = usePasswordForm();
  const { values, set } = form;
  const change = useAction((input: PasswordChange) => changePaymentPassword(language, input, exists), {
    onDone: () => {
      form.clear();
      onSaved();
    },
    doneText: t(language, "saved"),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.next || !values.old) return change.refuse(t(language, "required"));
    if (values.next !== values.confirm) return change.refuse(t(language, "passwordsDiffer"));
    void change.submit(values);
  };
  return (
    <section className="mc-panel">
      <h2>{t(language, exists ? "changePaymentPassword" : "setPaymentPassword")}</h2>
      <form className="mc-form" onSubmit={submit} noValidate>
        {exists ? (
          <Field label={t(language, "oldPaymentPassword")} type="password" value={values.old} onChange={set("old")} autoComplete="off" />
        ) : (
          <Field label={t(language, "loginPassword")} type="password" value={values.old} onChange={set("old")} autoComplete="current-password" />
        )}
        <Field label={t(language, "paymentPassword")} type="password" value={values.next} onChange={set("next")} autoComplete="off" />
        <Field label={t(language, "confirmPassword")} type="password" value={values.confirm} onChange={set("confirm")} autoComplete="off" />
        <OutcomeLine outcome={change.outcome} />
        <button type="submit" className="kit-button">{t(language, "save")}</button>
      </form>
    </section>
  );
}
