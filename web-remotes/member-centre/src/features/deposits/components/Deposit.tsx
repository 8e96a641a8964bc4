import type { FormEvent } from "react";
import { useEffect, useState } from "react";
import { Field, formatMoney, OutcomeLine, useAction, useLanguage, useQueryClient, useSession } from "@portal/kit";
import type { DepositChannelRead } from "@portal/kit";
import { checkAmount } from "../../../shared/rules";
import { bankFieldLabel, t } from "../../../shared/texts";
import { requestDeposit, useDepositChannels, useDeposits } from "../api";
import { DepositList } from "./DepositList";

/** Choose a channel and an amount within its limits; the sandbox gateway's page and return, or a bank
 * transfer with its reference. Pending deposits are followed without a reload. */
export function Deposit() {
  const { language } = useLanguage();
  const session = useSession();
  const queries = useQueryClient();
  const [chosen, setChosen] = useState<DepositChannelRead["channel"]>("SANDBOX");
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const channels = useDepositChannels();
  const deposits = useDeposits();
  const credited = (deposits.data ?? []).filter((deposit) => deposit.status === "credited").length;
  const { refreshBalance } = session;
  useEffect(() => {
    if (credited > 0) void refreshBalance(); // a deposit arrived: the header's balance follows
  }, [credited, refreshBalance]);

  const channel = channels.data?.find((item) => item.channel === chosen);
  const ask = useAction((minor: number) => requestDeposit(language, chosen, minor, reference), {
    onDone: async (created) => {
      if (created.checkoutUrl) {
        window.location.assign(created.checkoutUrl); // the gateway's page; it sends the member back here
        return;
      }
      await queries.invalidateQueries({ queryKey: ["deposits"] });
      setAmount("");
      setReference("");
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { minor, problem } = checkAmount(amount, channel?.min, channel?.max, language);
    if (problem === "invalidAmount" || problem === "tooManyDecimals" || minor === null) return ask.refuse(t(language, problem ?? "invalidAmount"));
    if (problem === "limits" && channel) return ask.refuse(t(language, "limits", { min: formatMoney(channel.min, "", language), max: formatMoney(channel.max, "", language) }));
    if (chosen === "BANK_TRANSFER" && !reference.trim()) return ask.refuse(t(language, "required"));
    void ask.submit(minor);
  };

  return (
    <>
      <section className="mc-panel">
        <h2>{t(language, "depositv2")}</h2>
        <form className="mc-form" onSubmit={submit} noValidate>
          <fieldset className="mc-choices">
            <legend>{t(language, "channel")}</legend>
            {(channels.data ?? []).map((item) => (
              <label key={item.channel} className="check">
                <input type="radio" name="channel" value={item.channel} checked={chosen === item.channel} onChange={() => setChosen(item.channel)} />
                {t(language, item.channel === "SANDBOX" ? "sandbox" : "bankTransfer")}
              </label>
            ))}
          </fieldset>
          {channel?.bank && Object.keys(channel.bank).length > 0 && chosen === "BANK_TRANSFER" && (
            <dl className="mc-secret">
              {Object.entries(channel.bank).map(([key, value]) => (
                <div key={key}>
                  <dt>{bankFieldLabel(language, key)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <Field
            label={t(language, "amount")}
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            hint={channel ? t(language, "limits", { min: formatMoney(channel.min, "", language), max: formatMoney(channel.max, "", language) }) : undefined}
          />
          {chosen === "BANK_TRANSFER" && <Field label={t(language, "reference")} value={reference} onChange={setReference} maxLength={100} />}
          <OutcomeLine outcome={ask.outcome} />
          <button type="submit" className="kit-button" disabled={ask.pending}>
            {t(language, chosen === "SANDBOX" ? "payNow" : "submitDeposit")}
          </button>
        </form>
      </section>
      <DepositList deposits={deposits.data ?? []} channelsError={channels.error} />
    </>
  );
}
