import type { FormEvent } from "react";
import { useCallback, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Field, api, apiSealed, errorText, formatMoney, useLanguage, useSession } from "@portal/kit";
import { checkAmount, checkRemainder, newRequestId, proofProblem, readAsDataUrl } from "../rules";
import type { TextKey } from "../texts";
import { t } from "../texts";
import type { WithdrawalRead } from "@portal/kit";

function BindBank({ onBound }: { onBound: () => void }) {
  const { language } = useLanguage();
  const [values, setValues] = useState({ bankName: "", holderName: "", accountNumber: "" });
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!values.bankName.trim() || !values.holderName.trim() || !/^[A-Za-z0-9 ]{6,40}$/.test(values.accountNumber.trim())) {
      return setError(t(language, "required"));
    }
    try {
      await api("bindBankAccount", language, {
        body: { bankName: values.bankName.trim(), holderName: values.holderName.trim(), accountNumber: values.accountNumber.trim() },
      });
      setValues({ bankName: "", holderName: "", accountNumber: "" });
      onBound();
    } catch (failure) {
      setError(errorText(failure, language));
    }
  };
  return (
    <form className="mc-form" onSubmit={submit} noValidate aria-label={t(language, "bankAccounts")}>
      <Field label={t(language, "bankName")} value={values.bankName} onChange={set("bankName")} />
      <Field label={t(language, "holderName")} value={values.holderName} onChange={set("holderName")} />
      <Field label={t(language, "accountNumber")} value={values.accountNumber} onChange={set("accountNumber")} />
      {error && <Alert>{error}</Alert>}
      <button type="submit" className="kit-button kit-button--ghost">{t(language, "bind")}</button>
    </form>
  );
}

/** The member's word on a paid withdrawal, before its deadline. */
function ConfirmReceipt({ withdrawal, onDone }: { withdrawal: WithdrawalRead; onDone: () => void }) {
  const { language } = useLanguage();
  const [result, setResult] = useState<"received" | "partly" | "not_received">("received");
  const [remainder, setRemainder] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body: { result: string; remainder?: number; proofs?: string[] } = { result };
    if (result === "partly") {
      const minor = checkRemainder(remainder, withdrawal.amount);
      if (minor === null) return setError(t(language, "invalidAmount"));
      body.remainder = minor;
    }
    if (result === "not_received") {
      const problem = files.length === 0 ? "required" : proofProblem(files);
      if (problem) return setError(t(language, problem));
      body.proofs = await Promise.all(files.map(readAsDataUrl));
    }
    try {
      await api("confirmWithdrawal", language, { path: { withdrawal_id: withdrawal.withdrawalId }, body });
      onDone();
    } catch (failure) {
      setError(errorText(failure, language));
    }
  };
  return (
    <form className="mc-form" onSubmit={submit} noValidate aria-label={t(language, "confirmReceipt")}>
      <fieldset className="mc-choices">
        <legend>{t(language, "confirmReceipt")}</legend>
        {(["received", "partly", "not_received"] as const).map((choice) => (
          <label key={choice} className="check">
            <input type="radio" name={`result-${withdrawal.withdrawalId}`} checked={result === choice} onChange={() => setResult(choice)} />
            {t(language, choice === "received" ? "fully" : choice === "partly" ? "partly" : "notReceived")}
          </label>
        ))}
      </fieldset>
      {result === "partly" && <Field label={t(language, "remainder")} value={remainder} onChange={setRemainder} inputMode="decimal" />}
      {result === "not_received" && (
        <label className="kit-field">
          {t(language, "proofs")}
          <input type="file" accept="image/png,image/jpeg" multiple onChange={(event) => setFiles(Array.from(event.target.files ?? []))} />
        </label>
      )}
      {error && <Alert>{error}</Alert>}
      <button type="submit" className="kit-button">{t(language, "send")}</button>
    </form>
  );
}

/** Bind a bank account, request with the payment password, follow the request, confirm its receipt. */
export function Withdraw() {
  const { language } = useLanguage();
  const session = useSession();
  const queries = useQueryClient();
  const banks = useQuery({ queryKey: ["bankAccounts"], queryFn: () => api("bankAccounts", language) }).data ?? [];
  const withdrawals = useQuery({ queryKey: ["withdrawals"], queryFn: () => api("myWithdrawals", language) }).data ?? [];
  const [chosenBank, setBank] = useState("");
  const bank = chosenBank || banks[0]?.bankAccountId || "";
  const [amount, setAmount] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { refreshBalance } = session;
  const reload = useCallback(() => {
    void queries.invalidateQueries({ queryKey: ["bankAccounts"] });
    void queries.invalidateQueries({ queryKey: ["withdrawals"] });
    void refreshBalance();
  }, [queries, refreshBalance]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const { minor, problem } = checkAmount(amount);
    if (problem || minor === null) return setError(t(language, "invalidAmount"));
    if (!bank || !password) return setError(t(language, "required"));
    try {
      await apiSealed("requestWithdrawal", language, {
        amount: minor,
        bankAccountId: bank,
        paymentPassword: password,
        requestId: newRequestId(),
      });
      setAmount("");
      setPassword("");
      reload();
    } catch (failure) {
      setError(errorText(failure, language));
    }
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
            <Field label={t(language, "amount")} value={amount} onChange={setAmount} inputMode="decimal" />
            <Field label={t(language, "paymentPassword")} type="password" value={password} onChange={setPassword} autoComplete="off" />
            {error && <Alert>{error}</Alert>}
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
              <strong>{formatMoney(item.amount)}</strong>
              <span className="mc-status" data-testid="withdrawal-status">{t(language, item.status as TextKey)}</span>
              {item.remainder !== null && <span>{t(language, "remainder")}: {formatMoney(item.remainder)}</span>}
            </div>
            {item.status === "paid" && item.confirmDeadline && (
              <>
                <p>{t(language, "deadline", { time: new Date(item.confirmDeadline).toLocaleString() })}</p>
                <ConfirmReceipt withdrawal={item} onDone={reload} />
              </>
            )}
          </article>
        ))}
      </section>
    </>
  );
}
