/** The feedback inbox: what the brand's members (and visitors) wrote, a page at a time, filtered and sorted by the
 * site (status new or handled, the writer's account, words of the text; newest or oldest first), each text shown as
 * the text it is (never as HTML). Finance makers (and admins) work it: a row is marked handled (or new again), audited
 * by the site. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { FeedbackOrder, FeedbackRead, FeedbackStatus } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, Pager, keepPreviousData, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { t } from "../texts";
import "../messages.css";

export const FEEDBACK_PAGE_SIZE = 20;
const STATUSES: readonly FeedbackStatus[] = ["new", "handled"];
const ORDERS: readonly FeedbackOrder[] = ["newest", "oldest"];

export interface FeedbackFilters {
  status: FeedbackStatus | "";
  accountId: string;
  text: string;
  sort: FeedbackOrder;
}

/** The inbox opens on what is still to be dealt with, newest first. */
export const FIRST_FEEDBACK: FeedbackFilters = { status: "new", accountId: "", text: "", sort: "newest" };

/** The query of a page of the inbox: only the filters given. */
export function feedbackQuery(filters: FeedbackFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: FEEDBACK_PAGE_SIZE,
    sort: filters.sort,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.accountId.trim() ? { accountId: filters.accountId.trim() } : {}),
    ...(filters.text.trim() ? { text: filters.text.trim() } : {}),
  };
}

const STATUS_TEXT = { new: "fbNew", handled: "fbHandled" } as const;

export function Feedback() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [draft, setDraft] = useState<FeedbackFilters>(FIRST_FEEDBACK);
  const [filters, setFilters] = useState<FeedbackFilters>(FIRST_FEEDBACK);
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ["ops", "feedback", ops.brand, filters, pageNo],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsListFeedback", { path: { code: ops.brand }, query: feedbackQuery(filters, pageNo) }),
  });
  const works = holds(ops.session, "finance-maker"); // a viewer reads the inbox; makers (and admins) work it
  const mark = useAction(
    (input: { id: number; status: FeedbackStatus }) => ops.call("opsMarkFeedback", { path: { code: ops.brand, feedback_id: input.id }, body: { status: input.status } }),
    { doneText: t(language, "fbMarked"), onDone: () => queries.invalidateQueries({ queryKey: ["ops", "feedback", ops.brand] }) },
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    mark.reset();
    setFilters(draft);
    setPageNo(1);
  };
  const page = list.data;
  // a page emptied by marking its last rows: back to the last page that has rows
  if (page && page.totalPages > 0 && pageNo > page.totalPages && !list.isPlaceholderData) setPageNo(page.totalPages);
  const rows: FeedbackRead[] = page?.list ?? [];
  const stale = list.isPlaceholderData; // the rows of the page before, shown while the next loads: not to act on
  const filtered = filters.status !== "" || !!filters.accountId.trim() || !!filters.text.trim();

  return (
    <section aria-labelledby="oc-feedback">
      <PageTitle>
        <span id="oc-feedback">{t(language, "feedback")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : <p className="kit-field__hint">{t(language, "feedbackIntro")}</p>}
      <form className="oc-row" onSubmit={apply} aria-label={t(language, "filter")}>
        <label className="kit-field">
          {t(language, "fbStatus")}
          <select className="oc-select" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as FeedbackFilters["status"] })}>
            <option value="">{t(language, "anyAudience")}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(language, STATUS_TEXT[value])}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "fbWriterFilter")} value={draft.accountId} onChange={(accountId) => setDraft({ ...draft, accountId })} maxLength={64} autoComplete="off" />
        <Field label={t(language, "fbTextFilter")} value={draft.text} onChange={(text) => setDraft({ ...draft, text })} maxLength={140} autoComplete="off" />
        <label className="kit-field">
          {t(language, "sort")}
          <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as FeedbackOrder })}>
            {ORDERS.map((value) => (
              <option key={value} value={value}>
                {t(language, value)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="kit-button">
          {t(language, "filter")}
        </button>
      </form>
      <OutcomeLine outcome={mark.outcome} />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, filtered ? "fbFilterEmpty" : "feedbackEmpty")}</p> : null}
      {page && page.total > 0 ? <p>{t(language, "feedbackTotal", { total: page.total })}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "feedback")}>
          <table className="oc-table" data-testid="feedback" aria-busy={stale || undefined}>
            <thead>
              <tr>
                <th scope="col" className="num">{t(language, "number")}</th>
                <th scope="col">{t(language, "received")}</th>
                <th scope="col">{t(language, "writer")}</th>
                <th scope="col">{t(language, "clientIp")}</th>
                <th scope="col">{t(language, "text")}</th>
                <th scope="col">{t(language, "fbStatus")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-feedback={row.id}>
                  <td className="num">{row.id}</td>
                  <td>{when(row.createdAt, language)}</td>
                  <td className="oc-id">{row.accountId ?? t(language, "visitor")}</td>
                  <td>{row.clientIp ?? "—"}</td>
                  <td className="oc-message-text">{row.content}</td>
                  <td>
                    <div className="oc-row">
                      <Badge value={row.status} text={t(language, STATUS_TEXT[row.status])} />
                      {works ? (
                        <button
                          type="button"
                          className="kit-button kit-button--ghost"
                          disabled={stale || mark.pending}
                          onClick={() => void mark.submit({ id: row.id, status: row.status === "new" ? "handled" : "new" })}
                        >
                          {t(language, row.status === "new" ? "fbMarkHandled" : "fbMarkNew")}
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? (
        <Pager
          label={t(language, "pages")}
          previous={t(language, "previous")}
          next={t(language, "nextPage")}
          pageNo={pageNo}
          shown={page.pageNum}
          totalPages={page.totalPages}
          onPage={setPageNo}
        />
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
    </section>
  );
}
