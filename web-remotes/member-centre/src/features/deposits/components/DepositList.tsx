import { formatDateTime, formatMoney, LoadFailure, reasonText, useLanguage } from "@portal/kit";
import type { DepositRead } from "@portal/kit";
import type { TextKey } from "../../../shared/texts";
import { t } from "../../../shared/texts";

export function statusKey(status: string): TextKey {
  return status === "failed" ? "failedStatus" : (status as TextKey);
}

/** The member's deposits, newest first, with their state. */
export function DepositList({ deposits, channelsError }: { deposits: DepositRead[]; channelsError: unknown }) {
  const { language } = useLanguage();
  return (
    <section className="mc-panel">
      <h2>{t(language, "depositStatus")}</h2>
      <LoadFailure error={channelsError} />
      {deposits.length === 0 ? (
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
            {deposits.map((deposit) => (
              <tr key={deposit.depositId} data-testid={`deposit-${deposit.depositId}`}>
                <td>{formatDateTime(language, deposit.createdAt)}</td>
                <td>{t(language, deposit.channel === "SANDBOX" ? "sandbox" : "bankTransfer")}</td>
                <td className="num">{formatMoney(deposit.amount, "", language)}</td>
                <td>
                  <span className="mc-status">{t(language, statusKey(deposit.status))}</span>
                  {deposit.reason && deposit.status !== "credited" && (
                    <span className="muted" data-testid="deposit-reason"> {reasonText(language, deposit.reason)}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
