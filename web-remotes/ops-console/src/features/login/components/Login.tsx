/** The console's login: the password first, then the authenticator's code (one call with both: the server says
 * only that the pair was refused, never which part). */
import type { FormEvent } from "react";
import { useState } from "react";
import { Alert, Field, OutcomeLine, api, useAction, useLanguage } from "@portal/kit";
import { useOps } from "../../../shared/session";
import "../../../shared/operations";
import { PageTitle } from "../../../shared/ui";
import { t } from "../../../shared/texts";

export function Login() {
  const { language } = useLanguage();
  const ops = useOps();
  const [step, setStep] = useState<"password" | "totp">("password");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [totp, setTotp] = useState("");
  const [missing, setMissing] = useState(false);
  const login = useAction((body: { username: string; password: string; totp: string }) => api("opsLogin", language, { body, auth: false }), {
    onDone: (read) => ops.signIn(read),
    onFailed: () => {
      setStep("password");
      setPassword("");
      setTotp("");
    },
  });

  const first = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    login.reset();
    setStep("totp");
  };
  const second = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(totp)) {
      login.refuse(t(language, "totpFormat"));
      return;
    }
    void login.submit({ username: username.trim(), password, totp });
  };

  return (
    <main className="oc-login">
      <PageTitle>{t(language, "console")}</PageTitle>
      {ops.ended && !login.outcome ? <Alert>{t(language, "sessionEnded")}</Alert> : null}
      {step === "password" ? (
        <form onSubmit={first} aria-label={t(language, "login")} noValidate>
          <Field label={t(language, "username")} value={username} onChange={setUsername} autoComplete="username" autoFocus error={missing && !username.trim() ? t(language, "required") : null} />
          <Field label={t(language, "password")} type="password" value={password} onChange={setPassword} autoComplete="current-password" error={missing && !password ? t(language, "required") : null} />
          <OutcomeLine outcome={login.outcome} />
          <button type="submit" className="kit-button">
            {t(language, "next")}
          </button>
        </form>
      ) : (
        <form onSubmit={second} aria-label={t(language, "login")} noValidate>
          <Field label={t(language, "totp")} hint={t(language, "totpHint")} value={totp} onChange={(value) => setTotp(value.replace(/\D/g, "").slice(0, 6))} inputMode="numeric" autoComplete="one-time-code" autoFocus />
          <OutcomeLine outcome={login.outcome} />
          <div className="oc-row">
            <button type="button" className="kit-button kit-button--ghost" onClick={() => setStep("password")}>
              {t(language, "back")}
            </button>
            <button type="submit" className="kit-button" disabled={login.pending}>
              {t(language, "signIn")}
            </button>
          </div>
        </form>
      )}
    </main>
  );
}
