import type { FormEvent } from "react";
import { useState } from "react";
import { Field, OutcomeLine, useAction, useLanguage, useSession } from "@portal/kit";
import { checkAmount } from "../../../shared/rules";
import { t } from "../../../shared/texts";
import { transferToUpline, useUpline } from "../api";

export function TransferUpline() {
  const { language } = useLanguage();
  const session = useSession();
  const uplineQuery = useUpline();
  const upline = uplineQuery.isError ? null : uplineQuery.data;
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const send = useAction((minor: number) => transferToUpline(language, minor, password), {
    onDone: async () => {
      setAmount("");
      setPassword("");
      await session.refreshBalance();
    },
    doneText: t(language, "saved"),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { minor, problem } = checkAmount(amount, undefined, undefined, language);
    if (problem || minor === null) return send.refuse(t(language, problem ?? "invalidAmount"));
    if (!password) return send.refuse(t(language, "required"));
    void send.submit(minor);
  };

  return (
    <section className="mc-panel">
      <h2>{t(language, "transferUpline")}</h2>
      {upline === null && <p>{t(language, "noUpline")}</p>}
      {upline && (
        <form className="mc-form" onSubmit={submit} noValidate>
          <p>
            {t(language, "upline")}: <strong>{upline.username ?? upline.uplineId}</strong>
          </p>
          <Field label={t(language, "amount")} value={amount} onChange={setAmount} inputMode="decimal" />
          <Field label={t(language, "paymentPassword")} type="password" value={password} onChange={setPassword} autoComplete="off" />
          <OutcomeLine outcome={send.outcome} />
          <button type="submit" className="kit-button">{t(language, "transfer")}</button>
        </form>
      )}
    </section>
  );
}
