/** One redemption of the mall's queue: number, date and account; item, quantity, points; its money and where that
 * money is (waiting for the wallet, paid, failed, being refunded, refunded); delivery; state; and the decision a
 * maker may take, not while the wallet has not answered the payment (the service refuses it:
 * ``mall.payment_pending``), which the row explains. */
import type { MallPayment, RedemptionRead } from "@portal/kit";
import { formatMoney, useLanguage } from "@portal/kit";
import type { Decision } from "../../../shared/decision";
import { DecisionCell } from "../../../shared/decision";
import { Badge, when } from "../../../shared/ui";
import type { AnyTextKey } from "../texts";
import { named, t } from "../texts";

export const paymentKey = (payment: MallPayment): AnyTextKey => `pay${payment}`;

interface Props {
  row: RedemptionRead;
  decide: Decision<"approve", RedemptionRead>;
  maker: boolean;
  stale: boolean;
}

export function RedemptionRow({ row, decide, maker, stale }: Props) {
  const { language } = useLanguage();
  const open = maker && row.status === "IN_PROCESS";
  const waiting = row.payment === "PENDING";
  const hintId = `oc-redemption-${row.transactionNo}-payment`;
  return (
    <tr data-redemption={row.transactionNo}>
      <td>
        <span className="oc-id">{row.transactionNo}</span>
        <span className="ly-sub">{when(row.createdAt, language)}</span>
        <span className="ly-sub oc-id" title={row.accountId}>{row.accountId}</span>
      </td>
      <td>{row.itemName}</td>
      <td className="num">{row.quantity}</td>
      <td className="num">{row.points.toLocaleString("en-US")}</td>
      <td className="num">{row.money > 0 ? formatMoney(row.money) : "—"}</td>
      <td>{row.payment === "NONE" ? "—" : <Badge value={row.payment.toLowerCase()} text={t(language, paymentKey(row.payment))} />}</td>
      <td className="ly-cut">
        {row.deliveryAddress}
        <span className="ly-sub">
          {t(language, "mobile")}: {row.mobileNum}
        </span>
      </td>
      <td className="ly-cut">
        <Badge value={row.status} text={named(language, row.status)} />
        {row.decidedBy ? <span className="ly-sub">{t(language, "decidedBy", { name: row.decidedBy, when: when(row.decidedAt, language) })}</span> : null}
        {row.reason ? <span className="ly-sub">{row.reason}</span> : null}
      </td>
      <td>
        {open && waiting ? (
          <>
            <div className="oc-row">
              <button type="button" className="kit-button" disabled aria-describedby={hintId}>
                {named(language, "approve")}
              </button>
              <button type="button" className="kit-button kit-button--ghost" disabled aria-describedby={hintId}>
                {named(language, "reject")}
              </button>
            </div>
            <span id={hintId} className="ly-sub">
              {t(language, "paymentPendingHint")}
            </span>
          </>
        ) : (
          <DecisionCell decision={decide} id={String(row.transactionNo)} actions={open ? ["approve", "reject"] : null} disabled={stale} maxLength={500} />
        )}
      </td>
    </tr>
  );
}
