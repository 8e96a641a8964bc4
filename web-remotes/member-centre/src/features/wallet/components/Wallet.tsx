import type { FormEvent } from "react";
import type { Language } from "@portal/kit";
import { useState } from "react";
import { Field, Link, LoadFailure, OutcomeLine, formatMoney, useAction, useLanguage, useSession } from "@portal/kit";
import { checkAmount } from "../../../shared/rules";
import { t, walletLabel } from "../../../shared/texts";
import { transfer, useMerchantWallet } from "../api";
import { BONUS_WALLET, wt } from "../texts";

function walletName(language: Language, wallet: string): string {
  return wallet === BONUS_WALLET ? wt(language, "bonusWallet") : walletLabel(language, wallet);
}

/** Balances of the main wallet and each vendor wallet; transfers in and out for transfer-mode brands. */
export function Wallet() {
  const { language } = useLanguage();
  const session = useSession();
  const merchantWallet = useMerchantWallet();
  const mode = merchantWallet.data ?? null;
  const [from, setFrom] = useState("main");
  const [chosenTo, setTo] = useState("");
  const to = chosenTo || (mode?.vendors[0] ? `vendor:${mode.vendors[0]}` : "");
  const [amount, setAmount] = useState("");
  const move = useAction((minor: number) => transfer(language, from, to, minor), {
    onDone: async () => {
      setAmount("");
      await session.refreshBalance();
    },
  });

  const wallets = session.balance?.wallets ?? [];
  const names = ["main", ...(mode?.vendors ?? []).map((code) => `vendor:${code}`)].filter((name) => name !== BONUS_WALLET);
  const bonus = wallets.find((wallet) => wallet.wallet === BONUS_WALLET);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { minor, problem } = checkAmount(amount, undefined, undefined, language);
    if (problem || minor === null) return move.refuse(t(language, problem ?? "invalidAmount"));
    void move.submit(minor);
  };

  return (
    <>
      <section className="mc-panel">
        <h2>{t(language, "transferFund")}</h2>
        <table className="mc-table">
          <thead>
            <tr>
              <th>{t(language, "wallet")}</th>
              <th className="num">{t(language, "available")}</th>
              <th className="num">{t(language, "held")}</th>
            </tr>
          </thead>
          <tbody>
            {wallets.map((wallet) => (
              <tr key={wallet.wallet}>
                <td>{walletName(language, wallet.wallet)}</td>
                <td className="num" data-testid={`available-${wallet.wallet}`}>{formatMoney(wallet.available, "", language)}</td>
                <td className="num">{formatMoney(wallet.held, "", language)}</td>
              </tr>
            ))}
            <tr>
              <th>{t(language, "total")}</th>
              <th className="num">{formatMoney(session.balance?.sum ?? 0, "", language)}</th>
              <th />
            </tr>
          </tbody>
        </table>
        {bonus && (
          <p className="muted" data-testid="bonus-note">
            {wt(language, "bonusNote")}{" "}
            <Link to="../bonusDetails" relative="path">
              {wt(language, "seeBonuses")}
            </Link>
          </p>
        )}
      </section>
      <section className="mc-panel">
        {mode?.isSingle ? (
          <p>{t(language, "singleWallet")}</p>
        ) : (
          <form className="mc-form" onSubmit={submit} noValidate>
            <div className="mc-row">
              <label className="kit-field">
                {t(language, "from")}
                <select className="mc-select" value={from} onChange={(event) => setFrom(event.target.value)}>
                  {names.map((name) => <option key={name} value={name}>{walletName(language, name)}</option>)}
                </select>
              </label>
              <label className="kit-field">
                {t(language, "to")}
                <select className="mc-select" value={to} onChange={(event) => setTo(event.target.value)}>
                  {names.map((name) => <option key={name} value={name}>{walletName(language, name)}</option>)}
                </select>
              </label>
            </div>
            <Field label={t(language, "amount")} value={amount} onChange={setAmount} inputMode="decimal" />
            <button type="submit" className="kit-button">{t(language, "transfer")}</button>
          </form>
        )}
        <LoadFailure error={merchantWallet.error} />
        <OutcomeLine outcome={move.outcome} />
      </section>
    </>
  );
}
