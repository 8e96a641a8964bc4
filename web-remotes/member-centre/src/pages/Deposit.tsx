import type { FormEvent } from "react";
import { useEffect, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Field, api, errorText, formatMoney, useLanguage, useSession } from "@portal/kit";
import { checkAmount, newRequestId } from "../rules";
import type { TextKey } from "../texts";
import { t } from "../texts";
import type { DepositChannelRead } from "@portal/kit";

const POLL_MS = 3000;

export function statusKey(status: string): TextKey {
  return status === "failed" ? "failedStatus" : (status as TextKey);
}

/** Choose a channel and an amount within its limits; the sandbox gateway's page and return, or a bank
 * transfer with its reference. Pending deposits are followed without a reload. */
export function Deposit() {
  const { language } = useLanguage();
  const session = useSession();
  const queries = useQueryClient();
  const [chosen, setChosen] = useState<DepositChannelRead["channel"]>("SANDBOX");
  const [amount, setAmount] = useState("");
  const [reference, setReference] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const channels = useQuery({ queryKey: ["depositChannels", language], queryFn: () => api("depositChannels", language) });
  const deposits = useQuery({
    queryKey: ["deposits"],
    queryFn: () => api("myDeposits", language),
    // Pending deposits are followed without a reload.
    refetchInterval: (query) => (query.state.data?.some((deposit) => deposit.status === "pending") ? POLL_MS : false),
  });
  const credited = (deposits.data ?? []).filter((deposit) => deposit.status === "credited").length;
  const { refreshBalance } = session;
  useEffect(() => {
    if (credited > 0) void refreshBalance(); // a deposit arrived: the header's balance follows
  }, [credited, refreshBalance]);

  const channel = channels.data?.find((item) => item.channel === chosen);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const { minor, problem } = checkAmount(amount, channel?.min, channel?.max);
    if (problem === "invalidAmount" || minor === null) return setError(t(language, "invalidAmount"));
    if (problem === "limits" && channel) return setError(t(language, "limits", { min: formatMoney(channel.min), max: formatMoney(channel.max) }));
    if (chosen === "BANK_TRANSFER" && !reference.trim()) return setError(t(language, "required"));
    setBusy(true);
    try {
      const created = await api("requestDeposit", language, {
        body: { channel: chosen, amount: minor, requestId: newRequestId(), reference: chosen === "BANK_TRANSFER" ? reference.trim() : null },
      });
      if (created.checkoutUrl) {
        window.location.assign(created.checkoutUrl); // the gateway's page; it sends the member back here
        return;
      }
      await queries.invalidateQueries({ queryKey: ["deposits"] });
      setAmount("");
      setReference("");
    } catch (failure) {
      setError(errorText(failure, language));
    } finally {
      setBusy(false);
    }
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
                  <dt>{key}</dt>
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
            hint={channel ? t(language, "limits", { min: formatMoney(channel.min), max: formatMoney(channel.max) }) : undefined}
          />
          {chosen === "BANK_TRANSFER" && <Field label={t(language, "reference")} value={reference} onChange={setReference} maxLength={100} />}
          {error && <Alert>{error}</Alert>}
          <button type="submit" className="kit-button" disabled={busy}>
            {t(language, chosen === "SANDBOX" ? "payNow" : "submitDeposit")}
          </button>
        </form>
      </section>
      <section className="mc-panel">
        <h2>{t(language, "depositStatus")}</h2>
        {channels.error && <Alert>{errorText(channels.error, language)}</Alert>}
        {(deposits.data ?? []).length === 0 ? (
          <p>{t(language, "empty")}</p>
        ) : (
          <table className="mc-table">
            <thead>
              <tr>
                <th>{t(language, "time")}</th>
                <th>{t(language, "channel")}</th>
                <th className="num">{t(language, "amount")}</th>
                <th>{t(language, "status")}</th>
              </tr>
            </thead>
            <tbody>
              {(deposits.data ?? []).map((deposit) => (
                <tr key={deposit.depositId} data-testid={`deposit-${deposit.depositId}`}>
                  <td>{new Date(deposit.createdAt).toLocaleString()}</td>
                  <td>{t(language, deposit.channel === "SANDBOX" ? "sandbox" : "bankTransfer")}</td>
                  <td className="num">{formatMoney(deposit.amount)}</td>
                  <td>
                    <span className="mc-status">{t(language, statusKey(deposit.status))}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
