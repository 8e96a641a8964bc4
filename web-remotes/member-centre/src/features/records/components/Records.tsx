import { useState } from "react";
import { formatDateTime, formatMoney, LoadFailure, Pager, useLanguage } from "@portal/kit";
import type { TextKey } from "../../../shared/texts";
import { t, textOr, walletLabel } from "../../../shared/texts";
import type { RecordFilter } from "../api";
import { useRecords } from "../api";
import { DateSearch } from "../../../shared/DateSearch";

const TYPES = ["all", "deposit", "withdrawal", "transfer", "upline", "downline", "bet", "win", "rollback", "adjustment", "bonus", "salary", "purchase"] as const;

/** The account record: paged, filtered by type and date range. */
export function Records() {
  const { language } = useLanguage();
  const [filter, setFilter] = useState<RecordFilter>({ type: "all", startDate: "", endDate: "" });
  const [applied, setApplied] = useState(filter);
  const [pageNo, setPageNo] = useState(1);
  const records = useRecords(applied, pageNo);
  const page = records.data ?? null;

  const search = () => {
    setPageNo(1);
    setApplied(filter);
  };

  return (
    <section className="mc-panel">
      <h2>{t(language, "transactionHistory")}</h2>
      <DateSearch dates={filter} onDates={(dates) => setFilter({ ...filter, ...dates })} onSearch={search}>
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
      </DateSearch>
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
                <td>{formatDateTime(language, row.time)}</td>
                <td>{textOr(language, row.type, "otherType")}</td>
                <td>{walletLabel(language, row.wallet)}</td>
                <td className="num">{formatMoney(row.amount, "", language)}</td>
                <td className="num">{formatMoney(row.balanceAfter, "", language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page && <Pager label={t(language, "transactionHistory")} previous={t(language, "previous")} next={t(language, "next")} pageNo={pageNo} shown={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />}
    </section>
  );
}
