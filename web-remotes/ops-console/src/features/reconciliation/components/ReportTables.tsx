/** The reconciliation report's tables: each currency's sum, the totals by kind of account, the balances that differ
 * from their journal and the transactions whose entries do not sum to zero (each listing at most its first rows). */
import type { ReactNode } from "react";
import type { BalanceDifferenceRead, CurrencyCheckRead, LedgerTotalRead, UnbalancedTransactionRead } from "@portal/kit";
import { formatMoney, useLanguage } from "@portal/kit";
import { Badge, ScrollBox } from "../../../shared/ui";
import { t } from "../texts";

type Key = Parameters<typeof t>[1];

function Table({ title, heads, numeric, children }: { title: string; heads: Key[]; numeric: number[]; children: ReactNode }) {
  const { language } = useLanguage();
  return (
    <div className="rec-block" role="group" aria-label={title}>
      <h2 className="oc-subtitle">{title}</h2>
      <ScrollBox label={title}>
        <table className="oc-table">
          <thead>
            <tr>
              {heads.map((head, index) => (
                <th key={head} scope="col" className={numeric.includes(index) ? "num" : undefined}>
                  {t(language, head)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </ScrollBox>
    </div>
  );
}

export function CurrencyTable({ rows }: { rows: CurrencyCheckRead[] }) {
  const { language } = useLanguage();
  return (
    <Table title={t(language, "currencies")} heads={["currency", "sum", "state"]} numeric={[1]}>
      {rows.map((row) => (
        <tr key={row.currency}>
          <td>{row.currency}</td>
          <td className="num">{formatMoney(row.total, "", language)}</td>
          <td>
            <Badge value={row.balanced ? "paid" : "rejected"} text={t(language, row.balanced ? "balanced" : "unbalanced")} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function TotalsTable({ rows }: { rows: LedgerTotalRead[] }) {
  const { language } = useLanguage();
  return (
    <Table title={t(language, "totals")} heads={["currency", "owner", "kind", "accounts", "balance", "held"]} numeric={[3, 4, 5]}>
      {rows.map((row) => (
        <tr key={`${row.currency}:${row.kind}:${row.house}:${row.trial}`}>
          <td>{row.currency}</td>
          <td>{t(language, row.house ? "house" : "members") + (row.trial ? ` · ${t(language, "trial")}` : "")}</td>
          <td>{row.kind}</td>
          <td className="num">{row.accounts}</td>
          <td className="num">{formatMoney(row.balance, "", language)}</td>
          <td className="num">{formatMoney(row.held, "", language)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function DifferenceTable({ rows, count }: { rows: BalanceDifferenceRead[]; count: number }) {
  const { language } = useLanguage();
  return (
    <Table title={t(language, "differences", { count })} heads={["account", "kind", "currency", "balance", "journal"]} numeric={[3, 4]}>
      {rows.map((row) => (
        <tr key={`${row.accountId}:${row.kind}:${row.currency}`}>
          <td>{row.accountId}</td>
          <td>{row.kind}</td>
          <td>{row.currency}</td>
          <td className="num">{formatMoney(row.balance, "", language)}</td>
          <td className="num">{formatMoney(row.journal, "", language)}</td>
        </tr>
      ))}
    </Table>
  );
}

export function UnbalancedTable({ rows, count }: { rows: UnbalancedTransactionRead[]; count: number }) {
  const { language } = useLanguage();
  return (
    <Table title={t(language, "unbalancedTransactions", { count })} heads={["transaction", "key", "sum"]} numeric={[0, 2]}>
      {rows.map((row) => (
        <tr key={row.transactionId}>
          <td className="num">{row.transactionId}</td>
          <td>{row.idempotencyKey}</td>
          <td className="num">{formatMoney(row.total, "", language)}</td>
        </tr>
      ))}
    </Table>
  );
}
