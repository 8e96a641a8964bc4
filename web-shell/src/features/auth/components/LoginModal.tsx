import type { FormEvent } from "react";
import type { CaptchaRead } from "@portal/kit";
import { useState } from "react";
import { Dialog, Field, OutcomeLine, Tabs, errorCode, useAction, useLanguage, useNavigate } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { useSite } from "../../../shared/site";
import { text } from "../../../shared/texts";
import { fetchCaptcha, loginWithPassword, loginWithSms, rememberUsername, rememberedUsername, sendSms } from "../api";
import { SmsCodeButton } from "./SmsCodeButton";
import { CaptchaRow } from "./CaptchaRow";
import { flagsOf, useAfterLogin, verificationTicket } from "./useAfterLogin";

type Tab = "username" | "sms";
const CAPTCHA_CODES = ["captcha.required", "captcha.invalid"];

export function LoginModal() {
  const { language } = useLanguage();
  const { flag } = useSite();
  const modal = useModal();
  const afterLogin = useAfterLogin();
  const navigate = useNavigate();
  const tabs = [
    ...(flag("USERNAMELOGIN3") || !flag("MOBILEVERCODELOGIN3") ? [{ key: "username" as Tab, title: text(language, "byUsername") }] : []),
    ...(flag("MOBILEVERCODELOGIN3") ? [{ key: "sms" as Tab, title: text(language, "bySms") }] : []),
  ];
  const [tab, setTab] = useState<Tab>(tabs[0]?.key ?? "username");
  const [username, setUsername] = useState(rememberedUsername);
  const [remember, setRemember] = useState(() => rememberedUsername() !== "");
  const [password, setPassword] = useState("");
  const [captchaAnswer, setCaptchaAnswer] = useState("");
  const [mobile, setMobile] = useState("");
  const [dial, setDial] = useState("90");
  const [code, setCode] = useState("");
  // The image shown stays when a refresh is refused (429 when asked too often): the refusal is said beside it.
  const [shown, setShown] = useState<CaptchaRead | null>(null);
  const captcha = useAction(() => fetchCaptcha(language), {
    onDone: (next) => {
      setShown(next);
      setCaptchaAnswer("");
    },
  });
  const sms = useAction(() => sendSms(language, "noLogin", mobile.trim(), dial.trim()));
  const login = useAction(
    async () => {
      if (tab === "sms") return afterLogin(await loginWithSms(language, mobile.trim(), code.trim(), dial.trim()), null);
      const fields = { username: username.trim(), password, ...(shown ? { captcha: captchaAnswer.trim(), captchaId: shown.captchaId } : {}) };
      const answer = await loginWithPassword(language, flagsOf(flag), fields);
      rememberUsername(remember ? username.trim() : null);
      return afterLogin(answer, password);
    },
    {
      onFailed: (failure) => {
        const ticket = verificationTicket(failure);
        if (ticket) return modal.open({ name: "verify", ticket });
        if (CAPTCHA_CODES.includes(errorCode(failure) ?? "") || shown) void captcha.submit(undefined);
      },
    },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    sms.reset();
    if (tab === "username" && (!username.trim() || !password || (shown && !captchaAnswer.trim()))) return login.refuse(text(language, "required"));
    if (tab === "sms" && (!mobile.trim() || !code.trim())) return login.refuse(text(language, "required"));
    void login.submit(undefined);
  };

  return (
    <Dialog title={text(language, "login")} onClose={modal.close} closeLabel={text(language, "close")}>
      <Tabs label={text(language, "login")} tabs={tabs} active={tab} onChange={setTab} />
      <form className="form" onSubmit={submit} noValidate>
        {tab === "username" ? (
          <>
            <Field label={text(language, "username")} value={username} onChange={setUsername} autoComplete="username" name="username" />
            <Field label={text(language, "password")} value={password} onChange={setPassword} type="password" autoComplete="current-password" name="password" />
            {(shown || captcha.failure != null) && (
              <CaptchaRow
                label={text(language, "captcha")}
                value={captchaAnswer}
                onChange={setCaptchaAnswer}
                captcha={shown}
                onRefresh={() => void captcha.submit(undefined)}
                refreshing={captcha.pending}
                failure={captcha.failure ?? null}
              />
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
              <SmsCodeButton send={sms} ready={mobile.trim() !== ""} />
            </div>
          </>
        )}
        <OutcomeLine outcome={login.outcome ?? sms.outcome} />
        <button type="submit" className="kit-button kit-button--block" disabled={login.pending}>
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
        <button
          type="button"
          className="link-button"
          onClick={() => {
            modal.close();
            navigate("/agentLogin");
          }}
        >
          {text(language, "agentLogin")}
        </button>
      </div>
    </Dialog>
  );
}
