/** Members' applications to the brand's activity promotions, newest first, a page at a time, filtered by state (the
 * waiting ones first) and by member: each with its remark and its images (loaded when asked: they are large; shown
 * as thumbnails that open larger). The finance readers read the queue; a finance maker (or an admin) approves one
 * waiting with the bonus to grant (in money, at most the promotion's maximum: the promotion's wagering applies) or
 * rejects it with a reason, each in a dialog. An amount above the brand's dual-control amount waits for a second
 * person: a finance checker other than its maker confirms it or rejects the application. The points service decides,
 * and its refusal is shown as it says it. */
import { useCallback, useState } from "react";
import type { ApplicationRead, ApplicationStatus, QueueOrder } from "@portal/kit";
import { LoadFailure, Pager, keepPreviousData, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { PageTitle } from "../../../shared/ui";
import { t } from "../texts";
import type { Verdict } from "./ApplicationDialogs";
import { ApplicationLead, ApproveDialog, RejectDialog, decidedText, decisionCall } from "./ApplicationDialogs";
import type { Shown } from "./ApplicationImages";
import { ImageDialog } from "./ApplicationImages";
import type { Asking } from "./ApplicationRow";
import { ApplicationsTable } from "./ApplicationRow";
import { CheckerDialog } from "./CheckerDialog";
import { QueueFilter } from "./QueueFilter";
import "../loyalty.css";
import "./promotions.css";

export type { Verdict } from "./ApplicationDialogs";
export const APPLICATION_STATUSES: readonly ApplicationStatus[] = ["PENDING", "APPROVED", "REJECTED"];
export const PAGE_SIZE = 20;
/** The promotions read to find the one an application names (its maximum bonus): the service's largest page. */
const PROMOTIONS_PAGE = 100;

interface Filter {
  status: ApplicationStatus | "";
  account: string;
  sort: QueueOrder;
  pageNo: number;
}

export function Applications() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const maker = holds(ops.session, "finance-maker");
  const checker = holds(ops.session, "finance-checker");
  const [filter, setFilter] = useState<Filter>({ status: "PENDING", account: "", sort: "newest", pageNo: 1 });
  const [asked, setAsked] = useState<{ verdict: Asking; row: ApplicationRead } | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const list = useQuery({
    queryKey: ["ops", "points", "applications", ops.brand, filter],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () =>
      ops.call("opsPromotionApplications", {
        path: { code: ops.brand },
        query: { status: filter.status || null, accountId: filter.account || null, sort: filter.sort, pageNo: filter.pageNo, pageSize: PAGE_SIZE },
      }),
  });
  // the promotion's maximum bonus, to say it and check it before calling (the service checks it again)
  const approving = asked?.verdict === "approve" ? asked.row : null;
  const promotions = useQuery({
    queryKey: ["ops", "points", "promotions", ops.brand, "all"],
    enabled: !!ops.brand && approving !== null,
    queryFn: () => ops.call("opsPromotions", { path: { code: ops.brand }, query: { pageNo: 1, pageSize: PROMOTIONS_PAGE } }),
  });
  const maxBonus = promotions.data?.list.find((promotion) => promotion.promotionId === approving?.promotionId)?.maxBonus ?? null;
  const decide = useAction((input: Verdict) => decisionCall(ops, input), {
    onDone: () => {
      setAsked(null);
      return Promise.all([
        queries.invalidateQueries({ queryKey: ["ops", "points", "applications", ops.brand] }),
        queries.invalidateQueries({ queryKey: ["ops", "points", "bonuses", ops.brand] }), // an approval grants one
      ]);
    },
  });
  const close = useCallback(() => setAsked(null), []);
  const closeImage = useCallback(() => setShown(null), []);
  const ask = (verdict: Asking, row: ApplicationRead) => {
    decide.reset();
    setAsked({ verdict, row });
  };
  // a page emptied by decisions (its last row decided): back to the last page that has rows
  const lastPage = list.data?.totalPages ?? 0;
  if (lastPage > 0 && filter.pageNo > lastPage && !list.isPlaceholderData) setFilter({ ...filter, pageNo: lastPage });
  const rows: ApplicationRead[] = list.data?.list ?? [];
  const stale = list.isPlaceholderData; // the rows of the page before, shown while the next loads: not to act on
  const decided = !asked && decide.done && decide.latest ? decide.latest : null;
  const checking = asked?.verdict === "confirm" || asked?.verdict === "checkerReject" ? { row: asked.row, approve: asked.verdict === "confirm" } : null;
  return (
    <section aria-labelledby="oc-applications">
      <PageTitle>
        <span id="oc-applications">{t(language, "promotionApplications")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      <p className="kit-field__hint">{t(language, "applicationsHint")}</p>
      <QueueFilter statuses={APPLICATION_STATUSES} initial="PENDING" onSearch={(status, account, sort) => setFilter({ status, account, sort, pageNo: 1 })} />
      {decided ? (
        <p className="kit-ok" role="status">
          {decidedText(language, decided)}
        </p>
      ) : null}
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ApplicationsTable rows={rows} username={ops.session?.username ?? ""} maker={maker} checker={checker} disabled={stale || decide.pending} onAsk={ask} onOpen={setShown} />
      ) : null}
      {list.data && list.data.totalPages > 1 ? (
        <Pager label={t(language, "promotionApplications")} pageNo={filter.pageNo} totalPages={list.data.totalPages} shown={list.data.pageNum} onPage={(pageNo) => setFilter({ ...filter, pageNo })} previous={t(language, "previous")} next={t(language, "nextPage")} />
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
      {asked?.verdict === "approve" ? <ApproveDialog key={asked.row.applicationId} row={asked.row} maxBonus={maxBonus} decide={decide} onClose={close} /> : null}
      {asked?.verdict === "reject" ? <RejectDialog key={asked.row.applicationId} row={asked.row} decide={decide} onClose={close} /> : null}
      {checking ? <CheckerDialog key={checking.row.applicationId} id={checking.row.applicationId} title={t(language, checking.approve ? "confirmTitle" : "checkerRejectTitle", { id: checking.row.applicationId })} approve={checking.approve} decide={decide} onClose={close} testId="checker-application"><ApplicationLead row={checking.row} /></CheckerDialog> : null}
      {shown ? <ImageDialog shown={shown} onClose={closeImage} /> : null}
    </section>
  );
}
