import type { FormEvent } from "react";
import { useState } from "react";
import { Field, OutcomeLine, useAction, useLanguage } from "@portal/kit";
import { t } from "../../../shared/texts";
import { bindMobile, sendBindingCode } from "../api";

/** Bind a mobile number: a code by SMS to the new number, then the number with its code and the login password. */
export function BindMobile({ onBound }: { onBound: () => void }) {
  const { language } = useLanguage();
  const [mobile, setMobile] = useState("");
  const [dial, setDial] = useState("90");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const sendCode = useAction(() => sendBindingCode(language, mobile.trim(), dial.trim()));
  const bind = useAction(() => bindMobile(language, mobile.trim(), dial.trim(), code.trim(), password), {
    onDone: () => {
      setCode("");
      setPassword("");
      onBound();
    },
    doneText: t(language, "saved"),
  });
  const send = () => {
    bind.reset();
    if (!mobile.trim()) return sendCode.refuse(t(language, "required"));
    void sendCode.submit(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || !password) return bind.refuse(t(language, "required"));
    void bind.submit(undefined);
  };
  return (
    <section className="mc-panel">
      <h2>{t(language, "bindMobile")}</h2>
      <form className="mc-form" onSubmit={submit} noValidate aria-label={t(language, "bindMobile")}>
        <div className="mc-row">
          <Field label={t(language, "mobile")} value={mobile} onChange={setMobile} inputMode="tel" />
          <Field label="+" value={dial} onChange={setDial} inputMode="numeric" maxLength={4} />
          <button type="button" className="kit-button kit-button--ghost" disabled={sendCode.done} onClick={send}>
            {t(language, "sendCode")}
          </button>
        </div>
        <Field label={t(language, "code")} value={code} onChange={setCode} inputMode="numeric" autoComplete="one-time-code" />
        <Field label={t(language, "loginPassword")} type="password" value={password} onChange={setPassword} autoComplete="current-password" />
        <OutcomeLine outcome={bind.outcome ?? sendCode.outcome} />
        <button type="submit" className="kit-button">{t(language, "bind")}</button>
      </form>
    </section>
  );
}
