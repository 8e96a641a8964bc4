/** The feedback inbox: what the brand's members (and visitors) wrote, newest first, a page at a time, each text shown
 * as the text it is (never as HTML). Any role of the console may read it; nothing here changes anything. */
import { useState } from "react";
import type { FeedbackRead } from "@portal/kit";
import { LoadFailure, Pager, keepPreviousData, useLanguage, useQuery } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { PageTitle, ScrollBox, when } from "../../../shared/ui";
import { t } from "../texts";
import "../messages.css";

export const FEEDBACK_PAGE_SIZE = 20;

export function Feedback() {
  const { language } = useLanguage();
  const ops = useOps();
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ["ops", "feedback", ops.brand, pageNo],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsListFeedback", { path: { code: ops.brand }, query: { pageNo, pageSize: FEEDBACK_PAGE_SIZE } }),
  });
  const page = list.data;
  // the site answers newest first; kept so whatever the order of a page
  const rows: FeedbackRead[] = [...(page?.list ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

  return (
    <section aria-labelledby="oc-feedback">
      <PageTitle>
        <span id="oc-feedback">{t(language, "feedback")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : <p className="kit-field__hint">{t(language, "feedbackIntro")}</p>}
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "feedbackEmpty")}</p> : null}
      {page && page.total > 0 ? <p>{t(language, "feedbackTotal", { total: page.total })}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "feedback")}>
          <table className="oc-table" data-testid="feedback" aria-busy={list.isPlaceholderData || undefined}>
            <thead>
              <tr>
                <th scope="col" className="num">{t(language, "number")}</th>
                <th scope="col">{t(language, "received")}</th>
                <th scope="col">{t(language, "writer")}</th>
                <th scope="col">{t(language, "clientIp")}</th>
                <th scope="col">{t(language, "text")}</th>
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
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? (
        <Pager
          label={t(language, "feedback")}
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
