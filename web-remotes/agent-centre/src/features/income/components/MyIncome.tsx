import { useState } from "react";
import type { Kind } from "@portal/kit";
import { formatMoney, LoadFailure, Pager, useLanguage } from "@portal/kit";
import { KINDS } from "../../../shared/rules";
import { named, t } from "../../../shared/texts";
import { ScrollBox } from "../../../shared/ui";
import { useIncome } from "../api";

function period(start: string, end: string): string {
  const from = new Date(start);
  const to = new Date(end);
  const sameDay = from.toISOString().slice(0, 10) === to.toISOString().slice(0, 10);
  return sameDay ? `${from.toLocaleString()} – ${to.toLocaleTimeString()}` : `${from.toLocaleDateString()} – ${to.toLocaleDateString()}`;
}

/** The agent's pay: each settlement line with its period, amount and state (paid, waiting, refused). */
export function MyIncome() {
  const { language } = useLanguage();
  const [kind, setKind] = useState<Kind | "all">("all");
  const [pageNo, setPageNo] = useState(1);
  const income = useIncome(kind, pageNo);
  const page = income.data;
  return (
    <section className="ac-panel">
      <h2>{t(language, "myIncome")}</h2>
      <div className="ac-row">
        <label className="kit-field">
          {t(language, "kind")}
          <select
            className="ac-select"
            value={kind}
            onChange={(event) => {
              setPageNo(1);
              setKind(event.target.value as Kind | "all");
            }}
          >
            <option value="all">{t(language, "all")}</option>
            {KINDS.map((item) => (
              <option key={item.kind} value={item.kind}>
                {t(language, item.key)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <LoadFailure error={income.error} />
      {page && page.list.length === 0 && <p data-testid="income-empty">{t(language, "noIncome")}</p>}
      {page && page.list.length > 0 && (
        <ScrollBox label={t(language, "myIncome")} testId="income">
          <table className="ac-table">
            <thead>
              <tr>
                <th>{t(language, "periodStart")}</th>
                <th>{t(language, "kind")}</th>
                <th>{t(language, "lineType")}</th>
                <th className="num">{t(language, "amount")}</th>
                <th>{t(language, "status")}</th>
                <th>{t(language, "paidAt")}</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((line) => (
                <tr key={line.id}>
                  <td>{period(line.periodStart, line.periodEnd)}</td>
                  <td>{named(language, line.kind)}</td>
                  <td>{named(language, line.lineType)}</td>
                  <td className="num">
                    {formatMoney(line.amount)} <small>{line.currency}</small>
                  </td>
                  <td>
                    <span className="ac-status">{named(language, line.status)}</span>
                    {line.errorCode && <small className="ac-muted"> {t(language, "walletRefused")}</small>}
                  </td>
                  <td>{line.paidAt ? new Date(line.paidAt).toLocaleString() : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {page && <Pager label={t(language, "myIncome")} previous={t(language, "previous")} next={t(language, "next")} pageNo={pageNo} shown={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />}
    </section>
  );
}
