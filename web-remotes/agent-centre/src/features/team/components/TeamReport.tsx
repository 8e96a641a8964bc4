import { useState } from "react";
import { formatMoney, LoadFailure, Pager, useLanguage } from "@portal/kit";
import { todayUtc } from "../../../shared/rules";
import type { TextKey } from "../../../shared/texts";
import { t } from "../../../shared/texts";
import { RangeSearch, ScrollBox, TotalsCards } from "../../../shared/ui";
import type { ReportFilter } from "../api";
import { useReport } from "../api";

const COLUMNS: Record<"betting" | "losses", { key: "betCount" | "stake" | "validBet" | "win" | "profitLoss" | "deposit" | "withdrawal"; money: boolean }[]> = {
  betting: [
    { key: "betCount", money: false },
    { key: "stake", money: true },
    { key: "validBet", money: true },
    { key: "win", money: true },
    { key: "profitLoss", money: true },
  ],
  losses: [
    { key: "profitLoss", money: true },
    { key: "stake", money: true },
    { key: "win", money: true },
    { key: "deposit", money: true },
    { key: "withdrawal", money: true },
  ],
};

function monthStart(today: string): string {
  return `${today.slice(0, 8)}01`;
}

/** Team betting or user loss over a date range (UTC days, both included), searched by username and paged. */
export function TeamReport({ report }: { report: "betting" | "losses" }) {
  const { language } = useLanguage();
  const today = todayUtc();
  const [filter, setFilter] = useState<ReportFilter>({ from: monthStart(today), to: today, search: "" });
  const [applied, setApplied] = useState(filter);
  const [pageNo, setPageNo] = useState(1);
  const answer = useReport(report, applied, pageNo);
  const data = answer.data;
  const title: TextKey = report === "betting" ? "teamBetting" : "userLoss";
  return (
    <section className="ac-panel">
      <h2>{t(language, title)}</h2>
      <RangeSearch
        value={filter}
        onChange={(range) => setFilter({ ...filter, ...range })}
        onSearch={() => {
          setPageNo(1);
          setApplied(filter);
        }}
      >
        <label className="kit-field">
          {t(language, "username")}
          <input className="ac-select" value={filter.search} onChange={(event) => setFilter({ ...filter, search: event.target.value })} name="search" />
        </label>
      </RangeSearch>
      <LoadFailure error={answer.error} />
      {data && (
        <>
          <h3>{t(language, "totals")}</h3>
          <TotalsCards totals={data.totals} />
          {data.members.list.length === 0 ? (
            <p>{t(language, "empty")}</p>
          ) : (
            <ScrollBox label={t(language, title)} testId={`report-${report}`}>
              <table className="ac-table">
                <thead>
                  <tr>
                    <th>{t(language, "username")}</th>
                    <th>{t(language, "currency")}</th>
                    {COLUMNS[report].map((column) => (
                      <th key={column.key} className="num">
                        {t(language, column.key)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.members.list.map((row) => (
                    <tr key={`${row.accountId}-${row.currency}`}>
                      <td>{row.username ?? row.accountId}</td>
                      <td>{row.currency}</td>
                      {COLUMNS[report].map((column) => (
                        <td key={column.key} className={column.key === "profitLoss" ? `num ${row.profitLoss < 0 ? "ac-neg" : ""}` : "num"}>
                          {column.money ? formatMoney(row[column.key]) : row[column.key]}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
          <Pager label={t(language, title)} previous={t(language, "previous")} next={t(language, "next")} pageNo={pageNo} shown={data.members.pageNum} totalPages={data.members.totalPages} onPage={setPageNo} />
        </>
      )}
    </section>
  );
}
