import type { FormEvent } from "react";
import { useState } from "react";
import { LoadFailure, formatMoney, useLanguage } from "@portal/kit";
import type { TextKey } from "../../../texts";
import { t } from "../../../texts";
import type { RecordFilter } from "../api";
import { useRecords } from "../api";

const TYPES = ["all", "deposit", "withdrawal", "transfer", "upline", "bet", "win", "rollback", "adjustment", "bonus"] as const;

/** The account record: paged, filtered by type and date range. */
export function Records() {
  const { language } = useLanguage();
  const [filter, setFilter] = useState<RecordFilter>({ type: "all", startDate: "", endDate: "" });
  const [applied, setApplied] = useState(filter);
  const [pageNo, setPageNo] = useState(1);
  const records = useRecords(applied, pageNo);
  const page = records.data ?? null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setPageNo(1);
    setApplied(filter);
  };

  return (
    <section className="mc-panel">
      <h2>{t(language, "transactionHistory")}</h2>
      <form className="mc-row" onSubmit={search} aria-label={t(language, "search")}>
        <label className="kit-field">
          {t(language, "type")}
          <select className="mc-select" value={filter.type} onChange={(event) => setFilter({ ...filter, type: event.target.value })}>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {t(language, type as TextKey)}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          {t(language, "startDate")}
          <input className="mc-select" type="date" value={filter.startDate} onChange={(event) => setFilter({ ...filter, startDate: event.target.value })} />
        </label>
        <label className="kit-field">
          {t(language, "endDate")}
          <input className="mc-select" type="date" value={filter.endDate} onChange={(event) => setFilter({ ...filter, endDate: event.target.value })} />
        </label>
        <button type="submit" className="kit-button">{t(language, "search")}</button>
      </form>
      <LoadFailure error={records.error} />
      {page && page.list.length === 0 && <p>{t(language, "empty")}</p>}
      {page && page.list.length > 0 && (
        <table className="mc-table" data-testid="records">
          <thead>
            <tr>
              <th>{t(language, "time")}</th>
              <th>{t(language, "type")}</th>
              <th>{t(language, "wallet")}</th>
              <th className="num">{t(language, "amount")}</th>
              <th className="num">{t(language, "balanceAfter")}</th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((row) => (
              <tr key={row.id}>
                <td>{new Date(row.time).toLocaleString()}</td>
                <td>{t(language, row.type as TextKey)}</td>
                <td>{row.wallet}</td>
                <td className="num">{formatMoney(row.amount)}</td>
                <td className="num">{formatMoney(row.balanceAfter)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page && page.totalPages > 1 && (
        <nav className="mc-row" aria-label={t(language, "transactionHistory")}>
          <button type="button" className="kit-button kit-button--ghost" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            {t(language, "previous")}
          </button>
          <span>
            {page.pageNo} / {page.totalPages}
          </span>
          <button type="button" className="kit-button kit-button--ghost" disabled={pageNo >= page.totalPages} onClick={() => setPageNo(pageNo + 1)}>
            {t(language, "next")}
          </button>
        </nav>
      )}
    </section>
  );
}
