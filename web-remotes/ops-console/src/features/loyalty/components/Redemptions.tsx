/** The mall's redemptions of the brand, newest first, a page at a time, filtered by state and by member: what each
 * member redeemed, for how many points and how much money (and where that money is), where it goes. A finance maker (or an admin) approves one in process, or
 * rejects it with a reason (the points go back to the member, the stock to the item), through the queues' shared
 * decision. The finance readers see the queue (members' addresses and mobiles: not content editors). The points
 * service decides, and its refusal is shown as it says it. */
import { useState } from "react";
import type { QueueOrder, RedemptionRead, RedemptionStatus } from "@portal/kit";
import { LoadFailure, OutcomeLine, Pager, keepPreviousData, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { useDecision } from "../../../shared/decision";
import { holds, useOps } from "../../../shared/session";
import { PageTitle, ScrollBox } from "../../../shared/ui";
import { t } from "../texts";
import { QueueFilter } from "./QueueFilter";
import { RedemptionRow } from "./RedemptionRow";
import "../loyalty.css";

export const STATUSES: readonly RedemptionStatus[] = ["IN_PROCESS", "APPROVED", "REJECTED"];
export const PAGE_SIZE = 20;

interface Filter {
  status: RedemptionStatus | "";
  account: string;
  sort: QueueOrder;
  pageNo: number;
}

export function Redemptions() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const maker = holds(ops.session, "finance-maker");
  const [filter, setFilter] = useState<Filter>({ status: "IN_PROCESS", account: "", sort: "newest", pageNo: 1 });
  const list = useQuery({
    queryKey: ["ops", "points", "redemptions", ops.brand, filter],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () =>
      ops.call("opsMallRedemptions", {
        path: { code: ops.brand },
        query: { status: filter.status || null, accountId: filter.account || null, sort: filter.sort, pageNo: filter.pageNo, pageSize: PAGE_SIZE },
      }),
  });
  const decide = useDecision(
    (input: Verdict<"approve">) =>
      input.action === "approve"
        ? ops.call("opsApproveRedemption", { path: { code: ops.brand, redemptionId: Number(input.id) }, body: {} })
        : ops.call("opsRejectRedemption", { path: { code: ops.brand, redemptionId: Number(input.id) }, body: { reason: input.reason ?? "" } }),
    {
      doneText: t(language, "done"),
      onDone: () =>
        Promise.all([
          queries.invalidateQueries({ queryKey: ["ops", "points", "redemptions", ops.brand] }),
          queries.invalidateQueries({ queryKey: ["ops", "points", "mall", ops.brand] }), // a rejection gives the stock back
        ]),
    },
  );

  // a page emptied by decisions (its last row decided): back to the last page that has rows
  const lastPage = list.data?.totalPages ?? 0;
  if (lastPage > 0 && filter.pageNo > lastPage && !list.isPlaceholderData) setFilter({ ...filter, pageNo: lastPage });
  const rows: RedemptionRead[] = list.data?.list ?? [];
  const stale = list.isPlaceholderData; // the rows of the page before, shown while the next loads: not to act on

  return (
    <section aria-labelledby="oc-redemptions">
      <PageTitle>
        <span id="oc-redemptions">{t(language, "mallRedemptions")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      <p className="kit-field__hint">{t(language, "redemptionsHint")}</p>
      <QueueFilter statuses={STATUSES} initial="IN_PROCESS" onSearch={(next, account, sort) => setFilter({ status: next, account, sort, pageNo: 1 })} />
      <OutcomeLine outcome={decide.outcome} />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "mallRedemptions")}>
          <table className="oc-table" data-testid="mall-redemptions">
            <thead>
              <tr>
                <th scope="col">{t(language, "number")}</th>
                <th scope="col">{t(language, "item")}</th>
                <th scope="col" className="num">{t(language, "quantity")}</th>
                <th scope="col" className="num">{t(language, "points")}</th>
                <th scope="col" className="num">{t(language, "money")}</th>
                <th scope="col">{t(language, "payment")}</th>
                <th scope="col">{t(language, "delivery")}</th>
                <th scope="col">{t(language, "status")}</th>
                <th scope="col">{t(language, "actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <RedemptionRow key={row.transactionNo} row={row} decide={decide} maker={maker} stale={stale} />
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {list.data && list.data.totalPages > 1 ? (
        <Pager label={t(language, "mallRedemptions")} pageNo={filter.pageNo} totalPages={list.data.totalPages} shown={list.data.pageNum} onPage={(pageNo) => setFilter({ ...filter, pageNo })} previous={t(language, "previous")} next={t(language, "nextPage")} />
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
    </section>
  );
}
