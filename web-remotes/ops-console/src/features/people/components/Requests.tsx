/** The maker–checker requests of the console's people (admins only): invitations, role and brand changes, address
 * ranges, paged, filtered (state, kind, maker) and ordered on the server. A second admin approves or rejects a
 * pending one; the maker may withdraw (reject) their own but never approve it: the auth service refuses, and its
 * refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { OperationQuery, OpsRequestOrder, OpsRequestRead } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, Pager, keepPreviousData, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { DecisionCell, useDecision } from "../../../shared/decision";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { compact } from "../json";
import { named, t } from "../texts";
import "../people.css";

type RequestStatus = NonNullable<OperationQuery["opsRequests"]["status"]>;
type RequestKind = NonNullable<OperationQuery["opsRequests"]["kind"]>;

export const REQUEST_STATUSES: readonly RequestStatus[] = ["pending", "approved", "rejected", "stale"];
export const REQUEST_KINDS: readonly RequestKind[] = ["person.invite", "person.grant", "range.add", "range.remove"];
const ORDERS: readonly OpsRequestOrder[] = ["newest", "oldest"];
const PAGE_SIZE = 20;

export interface RequestFilters {
  status: RequestStatus | "";
  kind: RequestKind | "";
  maker: string;
  sort: OpsRequestOrder;
}

export const FIRST_REQUESTS: RequestFilters = { status: "pending", kind: "", maker: "", sort: "newest" };

/** The query of a requests page: only the filters given. */
export function requestsQuery(filters: RequestFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: PAGE_SIZE,
    sort: filters.sort,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.maker.trim() ? { maker: filters.maker.trim() } : {}),
  };
}

export function Requests() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const admin = holds(ops.session, "admin");
  const me = ops.session?.username ?? "";
  const [draft, setDraft] = useState<RequestFilters>(FIRST_REQUESTS);
  const [filters, setFilters] = useState<RequestFilters>(FIRST_REQUESTS);
  const [pageNo, setPageNo] = useState(1);
  const list = useQuery({
    queryKey: ["ops", "requests", filters, pageNo],
    enabled: admin,
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsRequests", { query: requestsQuery(filters, pageNo) }),
  });
  // a request is rejected (or withdrawn by its maker) without a reason: the button sends it at once
  const decide = useDecision(
    (input: Verdict<"approve">) =>
      input.action === "approve" ? ops.call("opsApproveRequest", { path: { request_id: input.id } }) : ops.call("opsRejectRequest", { path: { request_id: input.id } }),
    {
      doneText: t(language, "done"),
      reasoned: false,
      onDone: () => Promise.all([queries.invalidateQueries({ queryKey: ["ops", "requests"] }), queries.invalidateQueries({ queryKey: ["ops", "people"] })]),
    },
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    decide.reset();
    setFilters(draft);
    setPageNo(1);
  };
  const page = list.data;
  // a page emptied by decisions (its last row decided): back to the last page that has rows
  if (page && page.totalPages > 0 && pageNo > page.totalPages && !list.isPlaceholderData) setPageNo(page.totalPages);
  const rows: OpsRequestRead[] = page?.list ?? [];
  const stale = list.isPlaceholderData; // the rows of the page before, shown while the next loads: not to act on

  return (
    <section aria-labelledby="oc-requests">
      <PageTitle>
        <span id="oc-requests">{t(language, "requests")}</span>
      </PageTitle>
      {!admin ? (
        <p>{t(language, "noRole")}</p>
      ) : (
        <>
          <p className="kit-field__hint">{t(language, "makerChecker")}</p>
          <form className="oc-row" onSubmit={search} aria-label={t(language, "filter")}>
            <label className="kit-field">
              {t(language, "status")}
              <select className="oc-select" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as RequestFilters["status"] })}>
                <option value="">{t(language, "all")}</option>
                {REQUEST_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {named(language, value)}
                  </option>
                ))}
              </select>
            </label>
            <label className="kit-field">
              {t(language, "kind")}
              <select className="oc-select" value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value as RequestFilters["kind"] })}>
                <option value="">{t(language, "all")}</option>
                {REQUEST_KINDS.map((value) => (
                  <option key={value} value={value}>
                    {named(language, value)}
                  </option>
                ))}
              </select>
            </label>
            <Field label={t(language, "makerName")} value={draft.maker} onChange={(maker) => setDraft({ ...draft, maker })} maxLength={64} autoComplete="off" />
            <label className="kit-field">
              {t(language, "sort")}
              <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as OpsRequestOrder })}>
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
          <OutcomeLine outcome={decide.outcome} />
          <LoadFailure error={list.error} />
          {list.isLoading ? <p>{t(language, "loading")}</p> : null}
          {list.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
          {rows.length > 0 ? (
            <ScrollBox label={t(language, "requests")}>
              <table className="oc-table" data-testid="requests" aria-busy={stale || undefined}>
                <thead>
                  <tr>
                    <th scope="col">{t(language, "created")}</th>
                    <th scope="col">{t(language, "kind")}</th>
                    <th scope="col">{t(language, "target")}</th>
                    <th scope="col">{t(language, "brands")}</th>
                    <th scope="col">{t(language, "change")}</th>
                    <th scope="col">{t(language, "maker")}</th>
                    <th scope="col">{t(language, "status")}</th>
                    <th scope="col">{t(language, "checker")}</th>
                    <th scope="col">{t(language, "actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id} data-request={row.id}>
                      <td>{when(row.createdAt, language)}</td>
                      <td>{named(language, row.kind)}</td>
                      <td className="oc-id" title={row.target}>
                        {row.target}
                      </td>
                      <td>{row.merchants.join(", ")}</td>
                      <td className="oc-change">
                        <code>{compact(row.before)}</code> → <code>{compact(row.after)}</code>
                      </td>
                      <td>{row.maker}</td>
                      <td>
                        <Badge value={row.status} text={named(language, row.status)} />
                      </td>
                      <td>
                        {row.checker ?? "—"}
                        {row.decidedAt ? ` · ${when(row.decidedAt, language)}` : ""}
                      </td>
                      <td>
                        <DecisionCell decision={decide} id={row.id} actions={row.status === "pending" ? ["approve", "reject"] : null} own={row.maker === me} disabled={stale} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          ) : null}
          {page ? <p className="kit-field__hint">{t(language, "total", { total: page.total })}</p> : null}
          {page ? <Pager label={t(language, "pages")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "next")} /> : null}
          <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
            {t(language, "refresh")}
          </button>
        </>
      )}
    </section>
  );
}
