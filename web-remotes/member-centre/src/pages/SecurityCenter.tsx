import type { FormEvent } from "react";
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Field, api, apiSealed, errorText, useLanguage } from "@portal/kit";
import type { Message } from "../Outcome";
import { Outcome } from "../Outcome";
import { t } from "../texts";

function LoginPassword() {
  const { language } = useLanguage();
  const [values, setValues] = useState({ old: "", next: "", confirm: "" });
  const [message, setMessage] = useState<Message | null>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.old || !values.next) return setMessage({ ok: false, text: t(language, "required") });
    if (values.next !== values.confirm) return setMessage({ ok: false, text: t(language, "passwordsDiffer") });
    try {
      await apiSealed("changePassword", language, { oldPassword: values.old, newPassword: values.next, confirmNewPassword: values.confirm });
      setValues({ old: "", next: "", confirm: "" });
      setMessage({ ok: true, text: t(language, "saved") });
    } catch (failure) {
      setMessage({ ok: false, text: errorText(failure, language) });
    }
  };
  return (
    <section className="mc-panel">
      <h2>{t(language, "loginPassword")}</h2>
      <form className="mc-form" onSubmit={submit} noValidate>
        <Field label={t(language, "oldPassword")} type="password" value={values.old} onChange={set("old")} autoComplete="current-password" />
        <Field label={t(language, "newPassword")} type="password" value={values.next} onChange={set("next")} autoComplete="new-password" />
        <Field label={t(language, "confirmPassword")} type="password" value={values.confirm} onChange={set("confirm")} autoComplete="new-password" />
        <Outcome message={message} />
        <button type="submit" className="kit-button">{t(language, "save")}</button>
      </form>
    </section>
  );
}

function PaymentPassword({ exists, onSaved }: { exists: boolean; onSaved: () => void }) {
  const { language } = useLanguage();
  const [values, setValues] = useState({ old: "", next: "", confirm: "" });
  const [message, setMessage] = useState<Message | null>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.next || (exists && !values.old)) return setMessage({ ok: false, text: t(language, "required") });
    if (values.next !== values.confirm) return setMessage({ ok: false, text: t(language, "passwordsDiffer") });
    try {
      await apiSealed("changePaymentPassword", language, {
        oldPaymentPassword: values.old,
        newPaymentPassword: values.next,
        confirmPaymentPassword: values.confirm,
      });
      setValues({ old: "", next: "", confirm: "" });
      setMessage({ ok: true, text: t(language, "saved") });
      onSaved();
    } catch (failure) {
      setMessage({ ok: false, text: errorText(failure, language) });
    }
  };
  return (
    <section className="mc-panel">
      <h2>{t(language, exists ? "changePaymentPassword" : "setPaymentPassword")}</h2>
      <form className="mc-form" onSubmit={submit} noValidate>
        {exists && <Field label={t(language, "oldPaymentPassword")} type="password" value={values.old} onChange={set("old")} autoComplete="off" />}
        <Field label={t(language, "paymentPassword")} type="password" value={values.next} onChange={set("next")} autoComplete="off" />
        <Field label={t(language, "confirmPassword")} type="password" value={values.confirm} onChange={set("confirm")} autoComplete="off" />
        <Outcome message={message} />
        <button type="submit" className="kit-button">{t(language, "save")}</button>
      </form>
    </section>
  );
}

/** Bind a mobile number: a code by SMS to the new number, then the number with its code. */
function BindMobile({ onBound }: { onBound: () => void }) {
  const { language } = useLanguage();
  const [mobile, setMobile] = useState("");
  const [dial, setDial] = useState("90");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const send = async () => {
    setMessage(null);
    if (!mobile.trim()) return setMessage({ ok: false, text: t(language, "required") });
    try {
      await api("smsBind", language, { body: { mobileNum: mobile.trim(), countryDialingCode: dial.trim() } });
      setSent(true);
    } catch (failure) {
      setMessage({ ok: false, text: errorText(failure, language) });
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setMessage({ ok: false, text: t(language, "required") });
    try {
      await api("bindMobile", language, { body: { mobileNum: mobile.trim(), countryDialingCode: dial.trim(), verificationCode: code.trim() } });
      setMessage({ ok: true, text: t(language, "saved") });
      setCode("");
      onBound();
    } catch (failure) {
      setMessage({ ok: false, text: errorText(failure, language) });
    }
  };
  return (
    <section className="mc-panel">
      <h2>{t(language, "bindMobile")}</h2>
      <form className="mc-form" onSubmit={submit} noValidate aria-label={t(language, "bindMobile")}>
        <div className="mc-row">
          <Field label={t(language, "mobile")} value={mobile} onChange={setMobile} inputMode="tel" />
          <Field label="+" value={dial} onChange={setDial} inputMode="numeric" maxLength={4} />
          <button type="button" className="kit-button kit-button--ghost" disabled={sent} onClick={() => void send()}>
            {t(language, "sendCode")}
          </button>
        </div>
        <Field label={t(language, "code")} value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" />
        <Outcome message={message} />
        <button type="submit" className="kit-button">{t(language, "bind")}</button>
      </form>
    </section>
  );
}

function Authenticator({ bound, onBound }: { bound: boolean; onBound: () => void }) {
  const { language } = useLanguage();
  const [secret, setSecret] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (bound) {
    return (
      <section className="mc-panel">
        <h2>{t(language, "authenticator")}</h2>
        <p className="mc-ok">{t(language, "authenticatorBound")}</p>
      </section>
    );
  }
  const start = async () => {
    try {
      setSecret(await api("startTotpBinding", language));
    } catch (failure) {
      setError(errorText(failure, language));
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api("confirmTotpBinding", language, { body: { code: code.trim() } });
      onBound();
    } catch (failure) {
      setError(errorText(failure, language));
    }
  };
  return (
    <section className="mc-panel">
      <h2>{t(language, "authenticator")}</h2>
      {secret ? (
        <form className="mc-form" onSubmit={confirm} noValidate>
          <p>{t(language, "scanSecret")}</p>
          <p className="mc-secret" data-testid="totp-secret">{secret.secret}</p>
          <Field label={t(language, "code")} value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" />
          <button type="submit" className="kit-button">{t(language, "confirm")}</button>
        </form>
      ) : (
        <button type="button" className="kit-button kit-button--ghost" onClick={() => void start()}>
          {t(language, "bindAuthenticator")}
        </button>
      )}
      {error && <Alert>{error}</Alert>}
    </section>
  );
}

export function SecurityCenter() {
  const { language } = useLanguage();
  const queries = useQueryClient();
  const profileQuery = useQuery({ queryKey: ["profile"], queryFn: () => api("memberInfo", language) });
  const profile = profileQuery.data ?? null;
  const error = profileQuery.error ? errorText(profileQuery.error, language) : null;
  const logins = useQuery({ queryKey: ["logins"], queryFn: () => api("recentLogins", language) }).data ?? [];
  const reload = () => void queries.invalidateQueries({ queryKey: ["profile"] });

  return (
    <>
      <section className="mc-panel">
        <h2>{t(language, "profile")}</h2>
        {error && <Alert>{error}</Alert>}
        {profile && (
          <dl className="mc-table">
            <dt>{t(language, "account")}</dt>
            <dd data-testid="profile-account">{profile.account}</dd>
            <dt>{t(language, "nickname")}</dt>
            <dd>{profile.nickname}</dd>
            <dt>{t(language, "mobile")}</dt>
            <dd>{profile.mobileNum ? `+${profile.countryDialingCode ?? ""} ${profile.mobileNum}` : "—"}</dd>
            <dt>{t(language, "email")}</dt>
            <dd>{profile.email ?? "—"}</dd>
          </dl>
        )}
      </section>
      <LoginPassword />
      <BindMobile onBound={reload} />
      {profile && <PaymentPassword exists={profile.hasPaymentPassword} onSaved={reload} />}
      {profile && <Authenticator bound={profile.totpBound} onBound={reload} />}
      <section className="mc-panel">
        <h2>{t(language, "recentLogins")}</h2>
        <table className="mc-table">
          <thead>
            <tr>
              <th>{t(language, "time")}</th>
              <th>{t(language, "ip")}</th>
              <th>{t(language, "result")}</th>
            </tr>
          </thead>
          <tbody>
            {logins.map((login) => (
              <tr key={login.at + (login.ip ?? "")}>
                <td>{new Date(login.at).toLocaleString()}</td>
                <td>{login.ip ?? "—"}</td>
                <td>{t(language, login.success ? "ok" : "failed")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
