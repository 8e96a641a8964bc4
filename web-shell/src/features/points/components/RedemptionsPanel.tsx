/** The member's redemptions, newest first, a page at a time, filtered by state: what was redeemed, the points and
 * the money it took, its state and reason, and where its money is when that matters (waiting for the wallet, failed,
 * being refunded, refunded). */
import { useState } from "react";
import type { Language, MallPayment, RedemptionRead, RedemptionStatus } from "@portal/kit";
import { LoadFailure, Pager, useSession } from "@portal/kit";
import { useRedemptions } from "../api";
import { when } from "../format";
import { moneyText, paymentNote, signedPoints } from "../rules";
import { pointsText } from "../texts";
import { StatusBadge } from "./StatusBadge";

const STATES: RedemptionStatus[] = ["IN_PROCESS", "APPROVED", "REJECTED"];

/** The badge colour of a payment's note: in process while it moves, rejected when it failed, approved once refunded. */
const PAYMENT_BADGE: Partial<Record<MallPayment, string>> = {
  PENDING: "in-process",
  REFUNDING: "in-process",
  FAILED: "rejected",
  REFUNDED: "approved",
};

function MoneyCell({ language, row, currency }: { language: Language; row: RedemptionRead; currency: string }) {
  const payment = paymentNote(language, row.payment);
  return (
    <td data-label={pointsText(language, "money")}>
      {row.money > 0 ? <span>{moneyText(row.money, currency, language)}</span> : "—"}
      {payment && (
        <>
          {" "}
          <span className={`pm-badge pm-badge--${PAYMENT_BADGE[row.payment] ?? "in-process"}`} data-testid={`payment-${row.transactionNo}`}>
            {payment}
          </span>
        </>
      )}
    </td>
  );
}

export function RedemptionsPanel({ language }: { language: Language }) {
  const session = useSession();
  const [status, setStatus] = useState<RedemptionStatus | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const page = useRedemptions(status, pageNo);
  const rows: RedemptionRead[] = page.data?.list ?? [];
  const currency = session.balance?.currency ?? "";
  const label = (key: "transactionNo" | "time" | "item" | "quantity" | "change" | "status" | "reason") => pointsText(language, key);
  return (
    <div className="pm-section">
      <label className="pm-filter">
        <span>{pointsText(language, "filter")}</span>
        <select
          value={status ?? ""}
          onChange={(event) => {
            setStatus((event.target.value || null) as RedemptionStatus | null);
            setPageNo(1);
          }}
        >
          <option value="">{pointsText(language, "allStates")}</option>
          {STATES.map((state) => (
            <option key={state} value={state}>
              {pointsText(language, state)}
            </option>
          ))}
        </select>
      </label>
      <LoadFailure error={page.error} />
      {page.data && rows.length === 0 && <p className="pm-empty">{pointsText(language, "noRedemptions")}</p>}
      {rows.length > 0 && (
        <table className="pm-table" data-testid="redemptions">
          <thead>
            <tr>
              <th scope="col">{label("transactionNo")}</th>
              <th scope="col">{label("time")}</th>
              <th scope="col">{label("item")}</th>
              <th scope="col">{label("quantity")}</th>
              <th scope="col">{label("change")}</th>
              <th scope="col">{pointsText(language, "money")}</th>
              <th scope="col">{label("status")}</th>
              <th scope="col">{label("reason")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.transactionNo} data-testid={`redemption-${row.transactionNo}`}>
                <td data-label={label("transactionNo")}>{row.transactionNo}</td>
                <td data-label={label("time")}>{when(row.createdAt, language)}</td>
                <td data-label={label("item")}>{row.itemName}</td>
                <td data-label={label("quantity")}>{row.quantity}</td>
                <td data-label={label("change")}>{signedPoints(-row.points, language)}</td>
                <MoneyCell language={language} row={row} currency={currency} />
                <td data-label={label("status")}>
                  <StatusBadge language={language} status={row.status} />
                </td>
                <td data-label={label("reason")}>{row.reason ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        label={pointsText(language, "pages")}
        pageNo={pageNo}
        totalPages={page.data?.totalPages ?? 1}
        shown={page.data?.pageNum ?? pageNo}
        onPage={setPageNo}
        previous={pointsText(language, "previous")}
        next={pointsText(language, "next")}
      />
    </div>
  );
}
