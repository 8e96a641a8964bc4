/** The deposit queue of the brand: a maker approves (the money is credited) or rejects (with a reason) a pending
 * bank transfer; above the second-person amount the first approval only records its maker and someone else's
 * credits it. A row's "history" shows that member's journal below the queue. Each button shows only to a role
 * that may press it; the wallet decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { DepositRead, DepositState, Outcome } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, Pager, formatMoney, keepPreviousData, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { DecisionCell, useDecision } from "../../../shared/decision";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import { MemberJournal } from "./Journal";
import type { QueueOrder } from "./QueueOrder";
import { QueueOrderSelect } from "./QueueOrder";
import "../finance.css";

const STATUSES: DepositState[] = ["pending", "credited", "rejected", "failed"];
const PAGE_SIZE = 20;

/** Whether a deposit is one ops decide: a bank transfer still pending (a gateway's order is decided by its gateway). */
export function decidable(deposit: DepositRead): boolean {
  return deposit.status === "pending" && deposit.channel === "BANK_TRANSFER";
}

export function Deposits() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [status, setStatus] = useState<DepositState | "">("pending");
  const [account, setAccount] = useState("");
  const [sort, setSort] = useState<QueueOrder>("queue");
  const [filter, setFilter] = useState<{ status: DepositState | ""; account: string; sort: QueueOrder; pageNo: number }>({ status: "pending", account: "", sort: "queue", pageNo: 1 });
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const maker = holds(ops.session, "finance-maker");
  const list = useQuery({
    queryKey: ["ops", "deposits", ops.brand, filter],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () =>
      ops.call("opsDeposits", {
        path: { code: ops.brand },
        query: { status: filter.status || null, accountId: filter.account || null, sort: filter.sort, pageNo: filter.pageNo, pageSize: PAGE_SIZE },
      }),
  });
  const decide = useDecision(
    (input: Verdict<"approve">) =>
      input.action === "approve"
        ? ops.call("opsApproveDeposit", { path: { code: ops.brand, deposit_id: input.id } })
        : ops.call("opsRejectDeposit", { path: { code: ops.brand, deposit_id: input.id }, body: { reason: input.reason ?? "" } }),
    {
      onDone: (deposit) =>
        Promise.all([
          queries.invalidateQueries({ queryKey: ["ops", "deposits", ops.brand] }),
          deposit.accountId ? queries.invalidateQueries({ queryKey: ["ops", "journal", ops.brand, deposit.accountId] }) : null,
        ]),
    },
  );
  // An approval that only recorded its maker (the deposit still pending) says so, not merely "done".
  const outcome: Outcome | null =
    decide.outcome ?? (decide.done && decide.latest ? { ok: true, text: t(language, decide.latest.status === "pending" ? "awaitsSecond" : "done") } : null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ status, account: account.trim(), sort, pageNo: 1 });
  };
  // a page emptied by decisions (its last row decided): back to the last page that has rows
  const lastPage = list.data?.totalPages ?? 0;
  if (lastPage > 0 && filter.pageNo > lastPage && !list.isPlaceholderData) setFilter({ ...filter, pageNo: lastPage });
  const rows: DepositRead[] = list.data?.list ?? [];
  const stale = list.isPlaceholderData; // the rows of the page before, shown while the next loads: not to act on

  return (
    <section aria-labelledby="oc-deposits">
      <PageTitle>
        <span id="oc-deposits">{t(language, "deposits")}</span>
      </PageTitle>
      <p className="kit-field__hint">{t(language, "depositsHint")}</p>
      <form className="oc-row" onSubmit={search} aria-label={t(language, "filter")}>
        <label className="kit-field">
          {t(language, "status")}
          <select className="oc-select" value={status} onChange={(event) => setStatus(event.target.value as DepositState | "")}>
            <option value="">{t(language, "all")}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(language, value)}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "accountFilter")} value={account} onChange={setAccount} />
        <QueueOrderSelect value={sort} onChange={setSort} />
        <button type="submit" className="kit-button">
          {t(language, "filter")}
        </button>
      </form>
      <OutcomeLine outcome={outcome} />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "deposits")}>
          <table className="oc-table" data-testid="deposit-queue">
            <thead>
              <tr>
                <th scope="col">{t(language, "created")}</th>
                <th scope="col">{t(language, "account")}</th>
                <th scope="col" className="num">{t(language, "amount")}</th>
                <th scope="col">{t(language, "channel")}</th>
                <th scope="col">{t(language, "reference")}</th>
                <th scope="col">{t(language, "status")}</th>
                <th scope="col">{t(language, "reason")}</th>
                <th scope="col">{t(language, "actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.depositId} data-deposit={row.depositId}>
                  <td>{when(row.createdAt, language)}</td>
                  <td className="oc-id">{row.accountId ?? "—"}</td>
                  <td className="num">
                    {formatMoney(row.amount)} {row.currency}
                  </td>
                  <td>{named(language, row.channel)}</td>
                  <td className="oc-id">{row.reference ?? "—"}</td>
                  <td>
                    <Badge value={row.status} text={named(language, row.status)} />
                    {row.firstApprovedBy && row.status === "pending" ? (
                      <span className="fin-note">{t(language, "firstApproval", { name: row.firstApprovedBy })}</span>
                    ) : null}
                  </td>
                  <td>{row.reason ?? "—"}</td>
                  <td>
                    <DecisionCell decision={decide} id={row.depositId} actions={maker && decidable(row) ? ["approve", "reject"] : []} disabled={stale}>
                      {row.accountId ? (
                        <button
                          type="button"
                          className="kit-button kit-button--ghost"
                          aria-pressed={historyOf === row.accountId}
                          onClick={() => setHistoryOf(historyOf === row.accountId ? null : (row.accountId ?? null))}
                        >
                          {t(language, "history")}
                        </button>
                      ) : null}
                    </DecisionCell>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {list.data && list.data.totalPages > 1 ? (
        <Pager label={t(language, "deposits")} pageNo={filter.pageNo} totalPages={list.data.totalPages} shown={list.data.pageNum} onPage={(pageNo) => setFilter({ ...filter, pageNo })} previous={t(language, "previous")} next={t(language, "nextPage")} />
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
      {historyOf ? (
        <>
          <MemberJournal accountId={historyOf} />
          <button type="button" className="kit-button kit-button--ghost" onClick={() => setHistoryOf(null)}>
            {t(language, "close")}
          </button>
        </>
      ) : null}
    </section>
  );
}
