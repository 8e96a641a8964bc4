import type { FormEvent } from "react";
import { useState } from "react";
import { Field, OutcomeLine, useAction, useLanguage } from "@portal/kit";
import { t } from "../../../shared/texts";
import { confirmAuthenticator, startAuthenticator } from "../api";

export function Authenticator({ bound, onBound }: { bound: boolean; onBound: () => void }) {
  const { language } = useLanguage();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const start = useAction(() => startAuthenticator(language));
  const confirm = useAction(() => confirmAuthenticator(language, code.trim(), password), {
    onDone: () => {
      setPassword("");
      onBound();
    },
  });
  if (bound) {
    return (
      <section className="mc-panel">
        <h2>{t(language, "authenticator")}</h2>
        <p className="kit-ok">{t(language, "authenticatorBound")}</p>
      </section>
    );
  }
  const secret = start.done ? start.latest : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || !password) return confirm.refuse(t(language, "required"));
    void confirm.submit(undefined);
  };
  return (
    <section className="mc-panel">
      <h2>{t(language, "authenticator")}</h2>
      {secret ? (
        <form className="mc-form" onSubmit={submit} noValidate>
          <p>{t(language, "scanSecret")}</p>
          <p className="mc-secret" data-testid="totp-secret">{secret.secret}</p>
          <Field label={t(language, "code")} value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" />
          <Field label={t(language, "loginPassword")} type="password" value={password} onChange={setPassword} autoComplete="current-password" />
          <button type="submit" className="kit-button">{t(language, "confirm")}</button>
        </form>
      ) : (
        <button type="button" className="kit-button kit-button--ghost" onClick={() => void start.submit(undefined)}>
          {t(language, "bindAuthenticator")}
        </button>
      )}
      <OutcomeLine outcome={confirm.outcome ?? start.outcome} />
    </section>
  );
}
