/** The mall's redemptions of the brand, newest first, a page at a time, filtered by state and by member: what each
 * member redeemed, for how many points, where it goes. A finance maker (or an admin) approves one in process, or
 * rejects it with a reason (the points go back to the member, the stock to the item), through the queues' shared
 * decision. The finance readers see the queue (members' addresses and mobiles: not content editors). The points
 * service decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { RedemptionRead, RedemptionStatus } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, Pager, keepPreviousData, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { DecisionCell, useDecision } from "../../../shared/decision";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import "../loyalty.css";

export const STATUSES: readonly RedemptionStatus[] = ["IN_PROCESS", "APPROVED", "REJECTED"];
export const PAGE_SIZE = 20;

interface Filter {
  status: RedemptionStatus | "";
  account: string;
  pageNo: number;
}

export function Redemptions() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const maker = holds(ops.session, "finance-maker");
  const [status, setStatus] = useState<RedemptionStatus | "">("IN_PROCESS");
  const [account, setAccount] = useState("");
  const [filter, setFilter] = useState<Filter>({ status: "IN_PROCESS", account: "", pageNo: 1 });
  const list = useQuery({
    queryKey: ["ops", "points", "redemptions", ops.brand, filter],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () =>
      ops.call("opsMallRedemptions", {
        path: { code: ops.brand },
        query: { status: filter.status || null, accountId: filter.account || null, pageNo: filter.pageNo, pageSize: PAGE_SIZE },
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

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ status, account: account.trim(), pageNo: 1 });
  };
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
      <form className="oc-row" onSubmit={search} aria-label={t(language, "filter")}>
        <label className="kit-field">
          {t(language, "status")}
          <select className="oc-select" value={status} onChange={(event) => setStatus(event.target.value as RedemptionStatus | "")}>
            <option value="">{t(language, "all")}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {named(language, value)}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "accountFilter")} value={account} onChange={setAccount} maxLength={64} />
        <button type="submit" className="kit-button">
          {t(language, "filter")}
        </button>
      </form>
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
                <th scope="col">{t(language, "delivery")}</th>
                <th scope="col">{t(language, "status")}</th>
                <th scope="col">{t(language, "actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.transactionNo} data-redemption={row.transactionNo}>
                  <td>
                    <span className="oc-id">{row.transactionNo}</span>
                    <span className="ly-sub">{when(row.createdAt, language)}</span>
                    <span className="ly-sub oc-id" title={row.accountId}>{row.accountId}</span>
                  </td>
                  <td>{row.itemName}</td>
                  <td className="num">{row.quantity}</td>
                  <td className="num">{row.points.toLocaleString("en-US")}</td>
                  <td className="ly-cut">
                    {row.deliveryAddress}
                    <span className="ly-sub">
                      {t(language, "mobile")}: {row.mobileNum}
                    </span>
                  </td>
                  <td className="ly-cut">
                    <Badge value={row.status} text={named(language, row.status)} />
                    {row.decidedBy ? <span className="ly-sub">{t(language, "decidedBy", { name: row.decidedBy, when: when(row.decidedAt, language) })}</span> : null}
                    {row.reason ? <span className="ly-sub">{row.reason}</span> : null}
                  </td>
                  <td>
                    <DecisionCell decision={decide} id={String(row.transactionNo)} actions={maker && row.status === "IN_PROCESS" ? ["approve", "reject"] : null} disabled={stale} maxLength={500} />
                  </td>
                </tr>
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
