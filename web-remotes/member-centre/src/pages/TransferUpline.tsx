import type { FormEvent } from "react";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Field, api, apiSealed, errorText, useLanguage, useSession } from "@portal/kit";
import { checkAmount, newRequestId } from "../rules";
import type { Message } from "../Outcome";
import { Outcome } from "../Outcome";
import { t } from "../texts";

export function TransferUpline() {
  const { language } = useLanguage();
  const session = useSession();
  const uplineQuery = useQuery({
    queryKey: ["upline"],
    queryFn: () => api("upline", language),
  });
  const upline = uplineQuery.isError ? null : uplineQuery.data;
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const [message, setMessage] = useState<Message | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { minor, problem } = checkAmount(amount);
    if (problem || minor === null) return setMessage({ ok: false, text: t(language, "invalidAmount") });
    if (!password) return setMessage({ ok: false, text: t(language, "required") });
    try {
      await apiSealed("transferToUpline", language, { amount: minor, paymentPassword: password, requestId: newRequestId() });
      setAmount("");
      setPassword("");
      setMessage({ ok: true, text: t(language, "saved") });
      await session.refreshBalance();
    } catch (failure) {
      setMessage({ ok: false, text: errorText(failure, language) });
    }
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
          <Outcome message={message} />
          <button type="submit" className="kit-button">{t(language, "transfer")}</button>
        </form>
      )}
    </section>
  );
}
