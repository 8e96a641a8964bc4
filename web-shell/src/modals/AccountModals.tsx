/** The smaller account dialogs: forgot password, change password, new-device verification, logout. */
import type { FormEvent } from "react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Dialog, Field, Tabs, errorText, useLanguage, useSession } from "@portal/kit";
import { changePassword, forgotByEmail, forgotByMobile, sendSms, sendVerificationCode, verifyLogin } from "../auth/flows";
import { text } from "../texts";
import type { VerifyTicketRead } from "@portal/kit";
import { useAfterLogin } from "./LoginModal";
import { useModal } from "./ModalContext";
import { SmsCodeButton } from "./SmsCodeButton";

export function ForgotPasswordModal() {
  const { language } = useLanguage();
  const modal = useModal();
  const afterLogin = useAfterLogin();
  const [tab, setTab] = useState<"email" | "mobile">("email");
  const [values, setValues] = useState({ username: "", email: "", mobile: "", dial: "90", code: "", password: "", confirm: "" });
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      if (tab === "email") {
        if (!values.username.trim() || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email.trim())) {
          setError(text(language, "required"));
          return;
        }
        await forgotByEmail(language, values.username.trim(), values.email.trim());
        setSent(true);
      } else {
        if (!values.mobile.trim() || !values.code.trim() || !values.password) {
          setError(text(language, "required"));
          return;
        }
        if (values.password !== values.confirm) {
          setError(text(language, "passwordsDiffer"));
          return;
        }
        const answer = await forgotByMobile(language, values.mobile.trim(), values.dial.trim(), values.code.trim(), values.password);
        await afterLogin(answer, values.password);
      }
    } catch (failure) {
      setError(errorText(failure, language));
    }
  };

  return (
    <Dialog title={text(language, "forgotPassword")} onClose={modal.close} closeLabel={text(language, "close")}>
      <Tabs label={text(language, "forgotPassword")} tabs={[{ key: "email", title: text(language, "byEmail") }, { key: "mobile", title: text(language, "byMobile") }]} active={tab} onChange={setTab} />
      {sent ? (
        <p role="status">{text(language, "requestSent")}</p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          {tab === "email" ? (
            <>
              <Field label={text(language, "username")} value={values.username} onChange={set("username")} autoComplete="username" />
              <Field label={text(language, "email")} value={values.email} onChange={set("email")} type="email" autoComplete="email" />
            </>
          ) : (
            <>
              <div className="phone-row">
                <Field label={text(language, "mobile")} value={values.mobile} onChange={set("mobile")} inputMode="tel" />
                <Field label="+" value={values.dial} onChange={set("dial")} inputMode="numeric" maxLength={4} />
              </div>
              <div className="code-row">
                <Field label={text(language, "smsCode")} value={values.code} onChange={set("code")} inputMode="numeric" />
                <SmsCodeButton send={() => sendSms(language, "noLogin", values.mobile.trim(), values.dial.trim())} ready={values.mobile.trim() !== ""} onError={(failure) => setError(errorText(failure, language))} secondsPerMinute={1} />
              </div>
              <Field label={text(language, "newPassword")} value={values.password} onChange={set("password")} type="password" autoComplete="new-password" />
              <Field label={text(language, "confirmPassword")} value={values.confirm} onChange={set("confirm")} type="password" autoComplete="new-password" />
            </>
          )}
          {error && <Alert>{error}</Alert>}
          <button type="submit" className="kit-button kit-button--block">
            {text(language, "submit")}
          </button>
        </form>
      )}
    </Dialog>
  );
}

/** Forced after a login with a weak or expired password: it cannot be closed until the password changes. */
export function ChangePasswordModal({ forced }: { forced: boolean }) {
  const { language } = useLanguage();
  const modal = useModal();
  const [values, setValues] = useState({ old: "", password: "", confirm: "" });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!values.old || !values.password) {
      setError(text(language, "required"));
      return;
    }
    if (values.password !== values.confirm) {
      setError(text(language, "passwordsDiffer"));
      return;
    }
    try {
      await changePassword(language, values.old, values.password, values.confirm);
      modal.close();
    } catch (failure) {
      setError(errorText(failure, language));
    }
  };

  return (
    <Dialog title={text(language, "changePassword")} onClose={forced ? undefined : modal.close} closeLabel={text(language, "close")}>
      {forced && <p>{text(language, "mustChangePassword")}</p>}
      <form className="form" onSubmit={submit} noValidate>
        <Field label={text(language, "oldPassword")} value={values.old} onChange={set("old")} type="password" autoComplete="current-password" />
        <Field label={text(language, "newPassword")} value={values.password} onChange={set("password")} type="password" autoComplete="new-password" />
        <Field label={text(language, "confirmPassword")} value={values.confirm} onChange={set("confirm")} type="password" autoComplete="new-password" />
        {error && <Alert>{error}</Alert>}
        <button type="submit" className="kit-button kit-button--block">
          {text(language, "submit")}
        </button>
      </form>
    </Dialog>
  );
}

const METHOD_LABELS: Record<string, Record<"TR" | "EN" | "CN", string>> = {
  sms: { TR: "SMS kodu", EN: "SMS code", CN: "短信验证码" },
  email: { TR: "E-posta kodu", EN: "E-mail code", CN: "邮箱验证码" },
  totp: { TR: "Doğrulayıcı uygulama", EN: "Authenticator app", CN: "身份验证器" },
  payeeName: { TR: "Banka hesabı adı", EN: "Bank account name", CN: "银行账户姓名" },
};

/** A login from a new address: prove it with one of the account's second factors (spec §4). */
export function VerifyModal({ ticket }: { ticket: VerifyTicketRead }) {
  const { language } = useLanguage();
  const modal = useModal();
  const afterLogin = useAfterLogin();
  const [method, setMethod] = useState(ticket.methods[0] ?? "sms");
  const [answer, setAnswer] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await afterLogin(await verifyLogin(language, ticket.ticket, method, answer.trim()), null);
    } catch (failure) {
      setError(errorText(failure, language));
    }
  };

  return (
    <Dialog title={text(language, "verifyTitle")} onClose={modal.close} closeLabel={text(language, "close")}>
      <form className="form" onSubmit={submit} noValidate>
        <div className="kit-field">
          <label htmlFor="verify-method">{text(language, "verifyMethod")}</label>
          <select id="verify-method" value={method} onChange={(event) => setMethod(event.target.value)}>
            {ticket.methods.map((item) => (
              <option key={item} value={item}>
                {METHOD_LABELS[item]?.[language] ?? item}
              </option>
            ))}
          </select>
        </div>
        {(method === "sms" || method === "email") && (
          <button type="button" className="kit-button kit-button--ghost" disabled={sent} onClick={() => void sendVerificationCode(language, ticket.ticket, method).then(() => setSent(true), (failure: unknown) => setError(errorText(failure, language)))}>
            {text(language, "sendCode")}
          </button>
        )}
        <Field label={text(language, "answer")} value={answer} onChange={setAnswer} autoComplete="one-time-code" />
        {error && <Alert>{error}</Alert>}
        <button type="submit" className="kit-button kit-button--block">
          {text(language, "verify")}
        </button>
      </form>
    </Dialog>
  );
}

export function LogoutModal() {
  const { language } = useLanguage();
  const modal = useModal();
  const session = useSession();
  const navigate = useNavigate();
  return (
    <Dialog title={text(language, "logout")} onClose={modal.close} closeLabel={text(language, "close")}>
      <p>{text(language, "logoutConfirm")}</p>
      <div className="dialog-actions">
        <button type="button" className="kit-button kit-button--ghost" onClick={modal.close}>
          {text(language, "cancel")}
        </button>
        <button
          type="button"
          className="kit-button"
          onClick={() => {
            modal.close();
            void session.signOut().finally(() => navigate("/"));
          }}
        >
          {text(language, "confirm")}
        </button>
      </div>
    </Dialog>
  );
}

/** A trial account tried an account action: in_need_true_account with the in_increase_submit button. */
export function TrialModal() {
  const { language } = useLanguage();
  const modal = useModal();
  const session = useSession();
  return (
    <Dialog title={text(language, "notice")} onClose={modal.close} closeLabel={text(language, "close")}>
      <p data-testid="in_need_true_account">{text(language, "trialBlocked")}</p>
      <div className="dialog-actions">
        <button
          type="button"
          className="kit-button"
          onClick={() => void session.signOut().then(() => modal.open({ name: "register" }))}
        >
          {text(language, "register2")}
        </button>
      </div>
    </Dialog>
  );
}
