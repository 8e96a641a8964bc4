/** Enrolment of an invited person, from the link in their e-mail (the token in the URL's fragment, never sent to a
 * server but in a body): the invitation opened shows the TOTP secret to this person alone; they choose their
 * password and confirm with the first code of their authenticator. */
import type { FormEvent } from "react";
import { useState } from "react";
import { Alert, Field, OutcomeLine, api, useAction, useLanguage } from "@portal/kit";
import "../../../shared/operations";
import { PageTitle } from "../../../shared/ui";
import { t } from "../../../shared/texts";

export function Enrol({ token, onDone }: { token: string | null; onDone: () => void }) {
  const { language } = useLanguage();
  const [password, setPassword] = useState("");
  const [again, setAgain] = useState("");
  const [totp, setTotp] = useState("");
  const open = useAction((value: string) => api("opsEnrol", language, { body: { token: value }, auth: false }));
  const confirm = useAction((body: { token: string; password: string; totp: string }) => api("opsConfirmEnrolment", language, { body, auth: false }));

  if (!token) {
    return (
      <main className="oc-login">
        <PageTitle>{t(language, "enrol")}</PageTitle>
        <Alert>{t(language, "enrolNoToken")}</Alert>
      </main>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 12) return confirm.refuse(t(language, "passwordRule"));
    if (password !== again) return confirm.refuse(t(language, "passwordsDiffer"));
    if (!/^\d{6}$/.test(totp)) return confirm.refuse(t(language, "totpFormat"));
    void confirm.submit({ token, password, totp });
  };
  const secret = open.latest;
  return (
    <main className="oc-login">
      <PageTitle>{t(language, "enrol")}</PageTitle>
      <p>{t(language, "enrolIntro")}</p>
      {confirm.done ? (
        <>
          <p className="kit-ok" role="status">
            {t(language, "enrolled")}
          </p>
          <button type="button" className="kit-button" onClick={onDone}>
            {t(language, "toLogin")}
          </button>
        </>
      ) : !secret ? (
        <>
          <OutcomeLine outcome={open.outcome} />
          <button type="button" className="kit-button" disabled={open.pending} onClick={() => void open.submit(token)}>
            {t(language, "enrolStart")}
          </button>
        </>
      ) : (
        <form onSubmit={submit} aria-label={t(language, "enrol")} noValidate>
          <p>
            <strong>{secret.username}</strong>
          </p>
          <p className="kit-field__hint">{t(language, "secretHint")}</p>
          <p>
            {t(language, "secret")}: <code className="oc-secret" data-testid="totp-secret">{secret.totpSecret}</code>{" "}
            <a href={secret.totpUri}>otpauth</a>
          </p>
          <Field label={t(language, "newPassword")} hint={t(language, "passwordRule")} type="password" value={password} onChange={setPassword} autoComplete="new-password" />
          <Field label={t(language, "confirmPassword")} type="password" value={again} onChange={setAgain} autoComplete="new-password" />
          <Field label={t(language, "totp")} value={totp} onChange={(value) => setTotp(value.replace(/\D/g, "").slice(0, 6))} inputMode="numeric" autoComplete="one-time-code" />
          <OutcomeLine outcome={confirm.outcome} />
          <button type="submit" className="kit-button" disabled={confirm.pending}>
            {t(language, "activate")}
          </button>
        </form>
      )}
    </main>
  );
}
