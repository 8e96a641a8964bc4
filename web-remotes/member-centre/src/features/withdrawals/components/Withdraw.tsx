import type { FormEvent } from "react";
import { useState } from "react";
import { Field, formatDateTime, formatMoney, OutcomeLine, useAction, useLanguage } from "@portal/kit";
import { checkAmount, newRequestId } from "../../../shared/rules";
import type { TextKey } from "../../../shared/texts";
import { t } from "../../../shared/texts";
import type { WithdrawalAsk } from "../api";
import { heldBonus, requestWithdrawal, useBankAccounts, useWithdrawalLimits, useWithdrawals, useWithdrawalsReload } from "../api";
import { wdt } from "../texts";
import { BindBank } from "./BindBank";
import { ConfirmReceipt } from "./ConfirmReceipt";
import { ForfeitBonus } from "./ForfeitBonus";
import { limitsText, WithdrawalLimits } from "./WithdrawalLimits";

/** Bind a bank account, request with the payment password, follow the request, confirm its receipt. A request the
 * wallet refuses for a bonus not yet wagered may be sent again, the same request (its id too: the refusal wrote
 * nothing), forfeiting the bonus after the member confirms. */
export function Withdraw() {
  const { language } = useLanguage();
  const banks = useBankAccounts().data ?? [];
  const withdrawals = useWithdrawals().data ?? [];
  const limits = useWithdrawalLimits().data;
  const [chosenBank, setBank] = useState("");
  const bank = chosenBank || banks[0]?.bankAccountId || "";
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const reload = useWithdrawalsReload();
  const [last, setLast] = useState<WithdrawalAsk | null>(null);
  const ask = useAction((request: WithdrawalAsk) => requestWithdrawal(language, request), {
    onDone: () => {
      setAmount("");
      setPassword("");
      reload();
    },
  });
  const held = heldBonus(ask.failure);
  const forfeit = (refused: WithdrawalAsk) => {
    const again = { ...refused, forfeitBonus: true };
    setLast(again);
    void ask.submit(again);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { minor, problem } = checkAmount(amount, limits?.min, limits?.max, language);
    if (problem === "limits" && limits) return ask.refuse(limitsText(language, limits));
    if (problem || minor === null) return ask.refuse(t(language, problem ?? "invalidAmount"));
    if (!bank || !password) return ask.refuse(t(language, "required"));
    const request = { amount: minor, bankAccountId: bank, paymentPassword: password, requestId: newRequestId(), forfeitBonus: false };
    setLast(request);
    void ask.submit(request);
  };

  return (
    <>
      <section className="mc-panel">
        <h2>{t(language, "bankAccounts")}</h2>
        <ul>
          {banks.map((item) => (
            <li key={item.bankAccountId}>
              {item.bankName} · {item.holderName} · {item.accountNumber}
            </li>
          ))}
        </ul>
        <BindBank onBound={reload} />
      </section>
      <WithdrawalLimits limits={limits} />
      {banks.length > 0 && (
        <section className="mc-panel">
          <h2>{t(language, "request")}</h2>
          <form className="mc-form" onSubmit={submit} noValidate aria-label={t(language, "request")}>
            <label className="kit-field">
              {t(language, "bankAccounts")}
              <select className="mc-select" value={bank} onChange={(event) => setBank(event.target.value)}>
                {banks.map((item) => (
                  <option key={item.bankAccountId} value={item.bankAccountId}>
                    {item.bankName} {item.accountNumber}
                  </option>
                ))}
              </select>
            </label>
            <Field label={t(language, "amount")} value={amount} onChange={setAmount} inputMode="decimal" hint={limits && limitsText(language, limits)} />
            <Field label={t(language, "paymentPassword")} type="password" value={password} onChange={setPassword} autoComplete="off" />
            <OutcomeLine outcome={ask.outcome} />
            {held !== null && last && <ForfeitBonus held={held} amount={last.amount} pending={ask.pending} onForfeit={() => forfeit(last)} />}
            {ask.done && last?.forfeitBonus && (
              <p className="kit-ok" role="status" data-testid="bonus-forfeited">
                {wdt(language, "forfeited")}
              </p>
            )}
            <button type="submit" className="kit-button">{t(language, "request")}</button>
          </form>
        </section>
      )}
      <section className="mc-panel">
        <h2>{t(language, "withdrawals")}</h2>
        {withdrawals.length === 0 && <p>{t(language, "empty")}</p>}
        {withdrawals.map((item) => (
          <article key={item.withdrawalId} className="mc-panel" data-testid={`withdrawal-${item.withdrawalId}`}>
            <div className="mc-row">
              <strong>{formatMoney(item.amount, "", language)}</strong>
              <span className="mc-status" data-testid="withdrawal-status">{t(language, item.status as TextKey)}</span>
              {item.remainder !== null && <span>{t(language, "remainder")}: {formatMoney(item.remainder, "", language)}</span>}
            </div>
            {item.status === "paid" && item.confirmDeadline && (
              <>
                <p>{t(language, "deadline", { time: formatDateTime(language, item.confirmDeadline) })}</p>
                <ConfirmReceipt withdrawal={item} onDone={reload} />
              </>
            )}
          </article>
        ))}
      </section>
    </>
  );
}
