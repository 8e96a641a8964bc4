/** The withdrawal queue of the brand: a maker approves or rejects (with a reason), a second person pays; after
 * payment a withdrawal the member reports not received is refunded (by two people) or closed. Each button shows
 * only to a role that may press it; the wallet decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { WithdrawalRead, WithdrawalState } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, Pager, formatMoney, keepPreviousData, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { DecisionCell, useDecision } from "../../../shared/decision";
import type { OpsRole } from "../../../shared/session";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import type { QueueOrder } from "./QueueOrder";
import { QueueOrderSelect } from "./QueueOrder";

type Action = "approve" | "reject" | "pay" | "refund" | "close";

const STATUSES: WithdrawalState[] = ["pending", "approved", "paid", "not_received", "partly_received", "rejected", "received", "received_auto", "refunded", "closed"];
const PAGE_SIZE = 20;

/** What may be done to a withdrawal in its state, and the role it takes. */
export const ACTIONS: Record<string, { action: Action; role: OpsRole }[]> = {
  pending: [{ action: "approve", role: "finance-maker" }, { action: "reject", role: "finance-maker" }],
  approved: [{ action: "pay", role: "finance-checker" }, { action: "reject", role: "finance-maker" }],
  not_received: [{ action: "refund", role: "finance-checker" }, { action: "close", role: "finance-checker" }],
  partly_received: [{ action: "refund", role: "finance-checker" }, { action: "close", role: "finance-checker" }],
};

export function Withdrawals() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [status, setStatus] = useState<WithdrawalState | "">("pending");
  const [account, setAccount] = useState("");
  const [sort, setSort] = useState<QueueOrder>("queue");
  const [filter, setFilter] = useState<{ status: WithdrawalState | ""; account: string; sort: QueueOrder; pageNo: number }>({ status: "pending", account: "", sort: "queue", pageNo: 1 });
  const list = useQuery({
    queryKey: ["ops", "withdrawals", ops.brand, filter],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () =>
      ops.call("opsWithdrawals", {
        path: { code: ops.brand },
        query: { status: filter.status || null, accountId: filter.account || null, sort: filter.sort, pageNo: filter.pageNo, pageSize: PAGE_SIZE },
      }),
  });
  const decide = useDecision(
    (input: Verdict<Action>) =>
      ops.call("opsDecideWithdrawal", { path: { code: ops.brand, withdrawal_id: input.id, action: input.action }, body: input.reason ? { reason: input.reason } : {} }),
    { doneText: t(language, "done"), onDone: () => queries.invalidateQueries({ queryKey: ["ops", "withdrawals", ops.brand] }) },
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ status, account: account.trim(), sort, pageNo: 1 });
  };
  // a page emptied by decisions (its last row decided): back to the last page that has rows
  const lastPage = list.data?.totalPages ?? 0;
  if (lastPage > 0 && filter.pageNo > lastPage && !list.isPlaceholderData) setFilter({ ...filter, pageNo: lastPage });
  const rows: WithdrawalRead[] = list.data?.list ?? [];
  const stale = list.isPlaceholderData; // the rows of the page before, shown while the next loads: not to act on

  return (
    <section aria-labelledby="oc-withdrawals">
      <PageTitle>
        <span id="oc-withdrawals">{t(language, "withdrawals")}</span>
      </PageTitle>
      <p className="kit-field__hint">{t(language, "makerPays")}</p>
      <form className="oc-row" onSubmit={search} aria-label={t(language, "filter")}>
        <label className="kit-field">
          {t(language, "status")}
          <select className="oc-select" value={status} onChange={(event) => setStatus(event.target.value as WithdrawalState | "")}>
            <option value="">{t(language, "all")}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {named(language, value)}
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
      <OutcomeLine outcome={decide.outcome} />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "withdrawals")}>
          <table className="oc-table" data-testid="withdrawal-queue">
            <thead>
              <tr>
                <th scope="col">{t(language, "created")}</th>
                <th scope="col">{t(language, "account")}</th>
                <th scope="col" className="num">{t(language, "amount")}</th>
                <th scope="col">{t(language, "bankAccount")}</th>
                <th scope="col">{t(language, "status")}</th>
                <th scope="col">{t(language, "deadline")}</th>
                <th scope="col">{t(language, "reason")}</th>
                <th scope="col">{t(language, "actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.withdrawalId} data-withdrawal={row.withdrawalId}>
                  <td>{when(row.createdAt, language)}</td>
                  <td className="oc-id">{row.accountId ?? "—"}</td>
                  <td className="num">
                    {formatMoney(row.amount)} {row.currency}
                  </td>
                  <td className="oc-id">{row.bankAccountId}</td>
                  <td>
                    <Badge value={row.status} text={named(language, row.status)} />
                  </td>
                  <td>{when(row.confirmDeadline, language)}</td>
                  <td>{row.reason ?? "—"}</td>
                  <td>
                    <DecisionCell
                      decision={decide}
                      id={row.withdrawalId}
                      actions={(ACTIONS[row.status] ?? []).filter((item) => holds(ops.session, item.role)).map((item) => item.action)}
                      disabled={stale}
                      maxLength={200}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {list.data && list.data.totalPages > 1 ? (
        <Pager label={t(language, "withdrawals")} pageNo={filter.pageNo} totalPages={list.data.totalPages} shown={list.data.pageNum} onPage={(pageNo) => setFilter({ ...filter, pageNo })} previous={t(language, "previous")} next={t(language, "nextPage")} />
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
    </section>
  );
}
