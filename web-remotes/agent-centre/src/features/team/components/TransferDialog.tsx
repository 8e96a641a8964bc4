import type { FormEvent } from "react";
import { useState } from "react";
import type { TeamDownlineRead } from "@portal/kit";
import { Dialog, Field, OutcomeLine, formatMoney, parseMoney, useAction, useLanguage, useQueryClient, useSession } from "@portal/kit";
import { t } from "../../../shared/texts";
import { newRequestId, transferToDownline } from "../api";

/** Money from the agent's main wallet to a downline's, with the payment password (an (E) call). */
export function TransferDialog({ downline, onClose }: { downline: TeamDownlineRead; onClose: () => void }) {
  const { language } = useLanguage();
  const session = useSession();
  const queries = useQueryClient();
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  // One transfer, one id: asking again after a lost answer must not move the money twice; a new amount is a new one.
  const [requestId, setRequestId] = useState(newRequestId);
  const name = downline.username ?? downline.accountId;
  const send = useAction((minor: number) => transferToDownline(language, downline.accountId, minor, password, requestId), {
    onDone: async () => {
      setRequestId(newRequestId());
      setAmount("");
      setPassword("");
      await session.refreshBalance();
      await queries.invalidateQueries({ queryKey: ["agent-records"] });
    },
    doneText: t(language, "transferred"),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = parseMoney(amount);
    if (minor === null || minor <= 0) return send.refuse(t(language, "invalidAmount"));
    if (!password) return send.refuse(t(language, "required"));
    void send.submit(minor);
  };

  return (
    <Dialog title={t(language, "transferTo", { name })} onClose={onClose} closeLabel={t(language, "close")}>
      <form className="ac-form" onSubmit={submit} noValidate aria-label={t(language, "transferTo", { name })}>
        {session.balance && (
          <p className="ac-muted">
            {formatMoney(session.balance.sum)} {session.balance.currency}
          </p>
        )}
        <Field
          label={t(language, "amount")}
          value={amount}
          onChange={(value) => {
            setAmount(value);
            setRequestId(newRequestId());
          }}
          inputMode="decimal"
        />
        <Field label={t(language, "paymentPassword")} type="password" value={password} onChange={setPassword} autoComplete="off" />
        <OutcomeLine outcome={send.outcome} />
        <div className="ac-actions">
          <button type="button" className="kit-button kit-button--ghost" onClick={onClose}>
            {t(language, "close")}
          </button>
          <button type="submit" className="kit-button" disabled={send.pending}>
            {t(language, "transfer")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
