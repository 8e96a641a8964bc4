import { useState } from "react";
import { formatMoney, LoadFailure, Pager, useLanguage } from "@portal/kit";
import type { TextKey } from "../../../shared/texts";
import { t } from "../../../shared/texts";
import { RangeSearch, ScrollBox } from "../../../shared/ui";
import type { RecordFilter } from "../api";
import { useRecords } from "../api";

// The wallet's record types (its records router) and their texts here.
const TYPES: { type: string; key: TextKey }[] = [
  { type: "all", key: "all" }, { type: "deposit", key: "deposit_" }, { type: "withdrawal", key: "withdrawal_" },
  { type: "transfer", key: "transfer_" }, { type: "upline", key: "upline" }, { type: "downline", key: "downlineTransfer" },
  { type: "bet", key: "bet" }, { type: "win", key: "win_" }, { type: "rollback", key: "rollback" },
  { type: "adjustment", key: "adjustment" }, { type: "bonus", key: "bonus" }, { type: "salary", key: "salary" },
  { type: "purchase", key: "purchase" },
];

function typeText(type: string): TextKey | null {
  return TYPES.find((item) => item.type === type)?.key ?? null;
}

/** The agent's account details: every movement of its wallet, paged, by type and dates. */
export function AccountDetails() {
  const { language } = useLanguage();
  const [filter, setFilter] = useState<RecordFilter>({ type: "all", startDate: "", endDate: "" });
  const [applied, setApplied] = useState(filter);
  const [pageNo, setPageNo] = useState(1);
  const records = useRecords(applied, pageNo);
  const page = records.data;
  return (
    <section className="ac-panel">
      <h2>{t(language, "accountDetails")}</h2>
      <RangeSearch
        value={{ from: filter.startDate, to: filter.endDate }}
        onChange={(range) => setFilter({ ...filter, startDate: range.from, endDate: range.to })}
        onSearch={() => {
          setPageNo(1);
          setApplied(filter);
        }}
      >
        <label className="kit-field">
          {t(language, "type")}
          <select className="ac-select" value={filter.type} onChange={(event) => setFilter({ ...filter, type: event.target.value })}>
            {TYPES.map((item) => (
              <option key={item.type} value={item.type}>
                {t(language, item.key)}
              </option>
            ))}
          </select>
        </label>
      </RangeSearch>
      <LoadFailure error={records.error} />
      {page && page.list.length === 0 && <p>{t(language, "empty")}</p>}
      {page && page.list.length > 0 && (
        <ScrollBox label={t(language, "accountDetails")} testId="records">
          <table className="ac-table">
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
              {page.list.map((row) => {
                const key = typeText(row.type);
                return (
                  <tr key={row.id}>
                    <td>{new Date(row.time).toLocaleString()}</td>
                    <td>{key ? t(language, key) : row.type}</td>
                    <td>{row.wallet}</td>
                    <td className="num">{formatMoney(row.amount)}</td>
                    <td className="num">{formatMoney(row.balanceAfter)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {page && <Pager label={t(language, "accountDetails")} previous={t(language, "previous")} next={t(language, "next")} pageNo={pageNo} shown={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />}
    </section>
  );
}
