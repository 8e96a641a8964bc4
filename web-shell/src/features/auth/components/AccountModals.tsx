/** The smaller account dialogs: forgot password, change password, new-device verification, logout. */
import type { FormEvent } from "react";
import { useState } from "react";
import { Dialog, Field, OutcomeLine, Tabs, useAction, useLanguage, useNavigate, useSession } from "@portal/kit";
import type { VerifyTicketRead } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { useSite } from "../../../shared/site";
import { text } from "../../../shared/texts";
import {
  changePassword,
  forgotByEmail,
  forgotByMobile,
  resetByLink,
  sendPasswordChangeCode,
  sendSms,
  sendVerificationCode,
  verifyLogin,
} from "../api";
import { SmsCodeButton } from "./SmsCodeButton";
import { useAfterLogin } from "./useAfterLogin";

export function ForgotPasswordModal() {
  const { language } = useLanguage();
  const modal = useModal();
  const afterLogin = useAfterLogin();
  const [tab, setTab] = useState<"email" | "mobile">("email");
  const [values, setValues] = useState({ username: "", email: "", mobile: "", dial: "90", code: "", password: "", confirm: "" });
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const byEmail = useAction(() => forgotByEmail(language, values.username.trim(), values.email.trim()));
  const byMobile = useAction(
    () => forgotByMobile(language, values.mobile.trim(), values.dial.trim(), values.code.trim(), values.password),
    { onDone: (answer) => afterLogin(answer, values.password) },
  );
  const sms = useAction(() => sendSms(language, "noLogin", values.mobile.trim(), values.dial.trim()));
  const current = tab === "email" ? byEmail : byMobile;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    sms.reset();
    if (tab === "email") {
      if (!values.username.trim() || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email.trim())) return byEmail.refuse(text(language, "required"));
      return void byEmail.submit(undefined);
    }
    if (!values.mobile.trim() || !values.code.trim() || !values.password) return byMobile.refuse(text(language, "required"));
    if (values.password !== values.confirm) return byMobile.refuse(text(language, "passwordsDiffer"));
    void byMobile.submit(undefined);
  };

  return (
    <Dialog title={text(language, "forgotPassword")} onClose={modal.close} closeLabel={text(language, "close")}>
      <Tabs label={text(language, "forgotPassword")} tabs={[{ key: "email", title: text(language, "byEmail") }, { key: "mobile", title: text(language, "byMobile") }]} active={tab} onChange={setTab} />
      {byEmail.done ? (
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
                <SmsCodeButton send={sms} ready={values.mobile.trim() !== ""} secondsPerMinute={1} />
              </div>
              <Field label={text(language, "newPassword")} value={values.password} onChange={set("password")} type="password" autoComplete="new-password" />
              <Field label={text(language, "confirmPassword")} value={values.confirm} onChange={set("confirm")} type="password" autoComplete="new-password" />
            </>
          )}
          <OutcomeLine outcome={current.outcome ?? sms.outcome} />
          <button type="submit" className="kit-button kit-button--block">
            {text(language, "submit")}
          </button>
        </form>
      )}
    </Dialog>
  );
}

/** Opened by the e-mailed reset link: a new password, then the member is logged in (spec §4). */
export function ResetPasswordModal({ token }: { token: string }) {
  const { language } = useLanguage();
  const modal = useModal();
  const afterLogin = useAfterLogin();
  const [values, setValues] = useState({ password: "", confirm: "" });
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const reset = useAction(() => resetByLink(language, token, values.password, values.confirm), {
    onDone: (answer) => afterLogin(answer, values.password),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.password) return reset.refuse(text(language, "required"));
    if (values.password !== values.confirm) return reset.refuse(text(language, "passwordsDiffer"));
    void reset.submit(undefined);
  };

  return (
    <Dialog title={text(language, "setNewPassword")} onClose={modal.close} closeLabel={text(language, "close")}>
      <form className="form" onSubmit={submit} noValidate>
        <Field label={text(language, "newPassword")} value={values.password} onChange={set("password")} type="password" autoComplete="new-password" />
        <Field label={text(language, "confirmPassword")} value={values.confirm} onChange={set("confirm")} type="password" autoComplete="new-password" />
        <OutcomeLine outcome={reset.outcome} />
        <button type="submit" className="kit-button kit-button--block">
          {text(language, "submit")}
        </button>
      </form>
    </Dialog>
  );
}

/** Forced after a login with a weak or expired password: it cannot be closed until the password changes. */
export function ChangePasswordModal({ forced }: { forced: boolean }) {
  const { language } = useLanguage();
  const modal = useModal();
  const verified = useSite().flag("CHNGPASSVERIF3");
  const [values, setValues] = useState({ old: "", password: "", confirm: "", code: "" });
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const sendCode = useAction(() => sendPasswordChangeCode(language));
  const change = useAction(() => changePassword(language, values.old, values.password, values.confirm, values.code), {
    onDone: modal.close,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.old || !values.password || (verified && !values.code)) return change.refuse(text(language, "required"));
    if (values.password !== values.confirm) return change.refuse(text(language, "passwordsDiffer"));
    void change.submit(undefined);
  };

  return (
    <Dialog title={text(language, "changePassword")} onClose={forced ? undefined : modal.close} closeLabel={text(language, "close")}>
      {forced && <p>{text(language, "mustChangePassword")}</p>}
      <form className="form" onSubmit={submit} noValidate>
        <Field label={text(language, "oldPassword")} value={values.old} onChange={set("old")} type="password" autoComplete="current-password" />
        <Field label={text(language, "newPassword")} value={values.password} onChange={set("password")} type="password" autoComplete="new-password" />
        <Field label={text(language, "confirmPassword")} value={values.confirm} onChange={set("confirm")} type="password" autoComplete="new-password" />
        {verified && (
          <div className="code-row">
            <Field label={text(language, "smsCode")} value={values.code} onChange={set("code")} inputMode="numeric" autoComplete="one-time-code" />
            <SmsCodeButton send={sendCode} ready />
          </div>
        )}
        <OutcomeLine outcome={change.outcome ?? sendCode.outcome} />
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
  const send = useAction(() => sendVerificationCode(language, ticket.ticket, method));
  const verify = useAction(() => verifyLogin(language, ticket.ticket, method, answer.trim()), {
    onDone: (session) => afterLogin(session, null),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify.submit(undefined);
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
          <button type="button" className="kit-button kit-button--ghost" disabled={send.done} onClick={() => void send.submit(undefined)}>
            {text(language, "sendCode")}
          </button>
        )}
        <Field label={text(language, "answer")} value={answer} onChange={setAnswer} autoComplete="one-time-code" />
        <OutcomeLine outcome={verify.outcome ?? send.outcome} />
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
