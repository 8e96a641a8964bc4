import type { FormEvent } from "react";
import type { CaptchaRead } from "@portal/kit";
import { useState } from "react";
import { Field, Link, OutcomeLine, errorCode, useAction, useLanguage, useNavigate } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { useSite } from "../../../shared/site";
import { text } from "../../../shared/texts";
import { fetchCaptcha, loginWithPassword } from "../api";
import { CaptchaRow } from "./CaptchaRow";
import { flagsOf, useAfterLogin, verificationTicket } from "./useAfterLogin";

const CAPTCHA_CODES = ["captcha.required", "captcha.invalid"];
export const AGENT_HOME = "/agentHome";

/** The agent entry (spec §1, §4): username and password, the captcha after failures as the member login asks it,
 * no remember-me and no third-party login. Auth refuses an account that is not an agent (``login.not_agent``,
 * its message shown); an agent lands on the agent centre. */
export function AgentLogin() {
  const { language } = useLanguage();
  const { flag } = useSite();
  const modal = useModal();
  const navigate = useNavigate();
  const afterLogin = useAfterLogin();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [captchaAnswer, setCaptchaAnswer] = useState("");
  // The image shown stays when a refresh is refused (429 when asked too often): the refusal is said beside it.
  const [shown, setShown] = useState<CaptchaRead | null>(null);
  const captcha = useAction(() => fetchCaptcha(language), {
    onDone: (next) => {
      setShown(next);
      setCaptchaAnswer("");
    },
  });
  const login = useAction(
    async () => {
      const fields = { username: username.trim(), password, ...(shown ? { captcha: captchaAnswer.trim(), captchaId: shown.captchaId } : {}) };
      const answer = await loginWithPassword(language, flagsOf(flag), fields, true);
      await afterLogin(answer, password);
      navigate(AGENT_HOME);
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
    if (!username.trim() || !password || (shown && !captchaAnswer.trim())) return login.refuse(text(language, "required"));
    void login.submit(undefined);
  };

  return (
    <section className="agent-login">
      <div className="agent-login__card">
        <h1>{text(language, "agentLogin")}</h1>
        <p className="muted">{text(language, "agentLoginLead")}</p>
        <form className="form" onSubmit={submit} noValidate aria-label={text(language, "agentLogin")}>
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
          <OutcomeLine outcome={login.outcome} />
          <button type="submit" className="kit-button kit-button--block" disabled={login.pending}>
            {text(language, "login")}
          </button>
        </form>
        <div className="dialog-links">
          <Link className="link-button" to="/login">
            {text(language, "memberLogin")}
          </Link>
          <button type="button" className="link-button" onClick={() => modal.open({ name: "forgot" })}>
            {text(language, "forgotPassword")}
          </button>
        </div>
      </div>
    </section>
  );
}
