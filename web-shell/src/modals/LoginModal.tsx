import type { FormEvent } from "react";
import { useState } from "react";
import { Alert, Dialog, Field, Tabs, errorCode, errorText, useLanguage, useSession } from "@portal/kit";
import type { CaptchaRead } from "@portal/kit";
import { WEAK_PASSWORD, fetchCaptcha, loginWithPassword, loginWithSms, rememberUsername, rememberedUsername, sendSms } from "../auth/flows";
import { useSite } from "../site";
import { text } from "../texts";
import type { SessionRead, VerifyTicketRead } from "@portal/kit";
import { useModal } from "./ModalContext";
import { SmsCodeButton } from "./SmsCodeButton";

type Tab = "username" | "sms";
export const FIRST_LOGIN_KEY = "firstLogin";

/** After any successful login: store the token, then the forced password change or the first-login popup. */
export function useAfterLogin() {
  const session = useSession();
  const modal = useModal();
  const { flag } = useSite();
  return async (answer: SessionRead, password: string | null) => {
    await session.signIn(answer.token);
    const weak = password === WEAK_PASSWORD;
    // The member's popup follows from the new kind of user (StartupPopup); a first login adds its own.
    if (answer.firstTimeLogin) sessionStorage.setItem(FIRST_LOGIN_KEY, "1");
    if (weak || (answer.passwordExpired && password !== null && flag("PWDEXPFORCECHANGE3"))) {
      modal.open({ name: "changePassword", forced: true });
    } else {
      modal.close();
    }
  };
}

export function LoginModal() {
  const { language } = useLanguage();
  const { flag } = useSite();
  const modal = useModal();
  const afterLogin = useAfterLogin();
  const tabs = [
    ...(flag("USERNAMELOGIN3") || !flag("MOBILEVERCODELOGIN3") ? [{ key: "username" as Tab, title: text(language, "byUsername") }] : []),
    ...(flag("MOBILEVERCODELOGIN3") ? [{ key: "sms" as Tab, title: text(language, "bySms") }] : []),
  ];
  const [tab, setTab] = useState<Tab>(tabs[0]?.key ?? "username");
  const [username, setUsername] = useState(rememberedUsername);
  const [remember, setRemember] = useState(() => rememberedUsername() !== "");
  const [password, setPassword] = useState("");
  const [captcha, setCaptcha] = useState<CaptchaRead | null>(null);
  const [captchaAnswer, setCaptchaAnswer] = useState("");
  const [mobile, setMobile] = useState("");
  const [dial, setDial] = useState("90");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refreshCaptcha = async () => {
    try {
      setCaptcha(await fetchCaptcha(language));
      setCaptchaAnswer("");
    } catch (failure) {
      setError(errorText(failure, language));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (tab === "username" && (!username.trim() || !password || (captcha && !captchaAnswer.trim()))) {
      setError(text(language, "required"));
      return;
    }
    if (tab === "sms" && (!mobile.trim() || !code.trim())) {
      setError(text(language, "required"));
      return;
    }
    setBusy(true);
    try {
      if (tab === "username") {
        const fields = { username: username.trim(), password, ...(captcha ? { captcha: captchaAnswer.trim(), captchaId: captcha.captchaId } : {}) };
        const answer = await loginWithPassword(language, flagsOf(flag), fields);
        rememberUsername(remember ? username.trim() : null);
        await afterLogin(answer, password);
      } else {
        await afterLogin(await loginWithSms(language, mobile.trim(), code.trim(), dial.trim()), null);
      }
    } catch (failure) {
      const codeOf = errorCode(failure);
      if (codeOf === "login_verify_required" && failure instanceof Error && "value" in failure) {
        modal.open({ name: "verify", ticket: (failure as { value: VerifyTicketRead }).value });
        return;
      }
      setError(errorText(failure, language));
      if (codeOf === "captcha.required" || codeOf === "captcha.invalid" || captcha) void refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={text(language, "login")} onClose={modal.close} closeLabel={text(language, "close")}>
      <Tabs label={text(language, "login")} tabs={tabs} active={tab} onChange={setTab} />
      <form className="form" onSubmit={submit} noValidate>
        {tab === "username" ? (
          <>
            <Field label={text(language, "username")} value={username} onChange={setUsername} autoComplete="username" name="username" />
            <Field label={text(language, "password")} value={password} onChange={setPassword} type="password" autoComplete="current-password" name="password" />
            {captcha && (
              <div className="captcha-row">
                <Field label={text(language, "captcha")} value={captchaAnswer} onChange={setCaptchaAnswer} autoComplete="off" name="captcha" />
                <img src={captcha.image} alt={text(language, "captcha")} width={120} height={40} />
                <button type="button" className="kit-button kit-button--ghost" onClick={() => void refreshCaptcha()}>
                  {text(language, "refreshCaptcha")}
                </button>
              </div>
            )}
            <label className="check">
              <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
              {text(language, "rememberMe")}
            </label>
          </>
        ) : (
          <>
            <div className="phone-row">
              <Field label={text(language, "mobile")} value={mobile} onChange={setMobile} inputMode="tel" autoComplete="tel-national" />
              <Field label="+" value={dial} onChange={setDial} inputMode="numeric" maxLength={4} />
            </div>
            <div className="code-row">
              <Field label={text(language, "smsCode")} value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" />
              <SmsCodeButton send={() => sendSms(language, "noLogin", mobile.trim(), dial.trim())} ready={mobile.trim() !== ""} onError={(failure) => setError(errorText(failure, language))} />
            </div>
          </>
        )}
        {error && <Alert>{error}</Alert>}
        <button type="submit" className="kit-button kit-button--block" disabled={busy}>
          {text(language, "login")}
        </button>
      </form>
      <div className="dialog-links">
        <button type="button" className="link-button" onClick={() => modal.open({ name: "register" })}>
          {text(language, "noAccount")}
        </button>
        <button type="button" className="link-button" onClick={() => modal.open({ name: "forgot" })}>
          {text(language, "forgotPassword")}
        </button>
      </div>
    </Dialog>
  );
}

export function flagsOf(flag: (name: string) => boolean): Record<string, boolean> {
  return { BOTCHECK3: flag("BOTCHECK3") };
}
