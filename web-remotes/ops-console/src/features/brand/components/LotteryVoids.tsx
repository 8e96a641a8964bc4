/** Voiding a lottery issue that still takes bets, by two people: a finance maker proposes (game code, issue,
 * reason); a finance checker other than the proposer approves (the issue is voided and its bets refunded) or
 * rejects with a reason. The proposals are paged, filtered (state, game, proposer) and ordered on the server. Issues are every brand's, so each call needs the role for every brand. Each button shows
 * only to a role that may press it; the lottery decides (the proposer deciding their own is refused), and its
 * refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { VoidRequestOrder, VoidRequestRead } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, Pager, keepPreviousData, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { DecisionCell, useDecision } from "../../../shared/decision";
import { allBrands, holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import "../brand.css";

const STATUSES = ["pending", "approved", "rejected", "lapsed"] as const;
type Status = (typeof STATUSES)[number];
const ORDERS: readonly VoidRequestOrder[] = ["newest", "oldest"];
const PAGE_SIZE = 20;

export interface VoidFilters {
  status: Status | "";
  gameCode: string;
  requestedBy: string;
  sort: VoidRequestOrder;
}

export const FIRST_VOIDS: VoidFilters = { status: "pending", gameCode: "", requestedBy: "", sort: "newest" };

/** The query of a page of proposals: only the filters given. */
export function voidsQuery(filters: VoidFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: PAGE_SIZE,
    sort: filters.sort,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.gameCode.trim() ? { gameCode: filters.gameCode.trim() } : {}),
    ...(filters.requestedBy.trim() ? { requestedBy: filters.requestedBy.trim() } : {}),
  };
}

export function LotteryVoids() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const everywhere = allBrands(ops.session);
  const maker = everywhere && holds(ops.session, "finance-maker");
  const checker = everywhere && holds(ops.session, "finance-checker");
  const [draft, setDraft] = useState<VoidFilters>(FIRST_VOIDS);
  const [filters, setFilters] = useState<VoidFilters>(FIRST_VOIDS);
  const [pageNo, setPageNo] = useState(1);
  const [proposal, setProposal] = useState({ gameCode: "", issue: "", reason: "" });
  const key = ["ops", "lottery-voids"] as const;
  const list = useQuery({
    queryKey: [...key, filters, pageNo],
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsLotteryVoidRequests", { query: voidsQuery(filters, pageNo) }),
  });
  const refresh = () => queries.invalidateQueries({ queryKey: key });
  const propose = useAction(
    (input: { gameCode: string; issue: string; reason: string }) =>
      ops.call("opsProposeLotteryVoid", { path: { gameCode: input.gameCode, issue: input.issue }, body: { reason: input.reason } }),
    {
      doneText: t(language, "proposed"),
      onDone: () => {
        setProposal({ gameCode: "", issue: "", reason: "" });
        return refresh();
      },
    },
  );
  const decide = useDecision(
    (input: Verdict<"approve">) =>
      input.action === "approve"
        ? ops.call("opsApproveLotteryVoid", { path: { requestId: input.id } })
        : ops.call("opsRejectLotteryVoid", { path: { requestId: input.id }, body: { reason: input.reason ?? "" } }),
    { onDone: () => refresh() },
  );

  const sendProposal = (event: FormEvent) => {
    event.preventDefault();
    decide.reset();
    const input = { gameCode: proposal.gameCode.trim(), issue: proposal.issue.trim(), reason: proposal.reason.trim() };
    if (!input.gameCode || !input.issue || !input.reason) return propose.refuse(t(language, "required"));
    void propose.submit(input);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    decide.reset();
    setFilters(draft);
    setPageNo(1);
  };
  const decided = decide.latest;
  const decideOutcome =
    decide.outcome ??
    (decide.done && decided
      ? { ok: true, text: decided.status === "approved" ? t(language, "approvedDone", { count: decided.betsToRefund ?? 0 }) : t(language, "rejectedDone") }
      : null);
  const page = list.data;
  // a page emptied by decisions (its last row decided): back to the last page that has rows
  if (page && page.totalPages > 0 && pageNo > page.totalPages && !list.isPlaceholderData) setPageNo(page.totalPages);
  const rows: VoidRequestRead[] = page?.list ?? [];
  const stale = list.isPlaceholderData; // the rows of the page before, shown while the next loads: not to act on
  const me = ops.session?.username;

  return (
    <section aria-labelledby="oc-lottery-voids">
      <PageTitle>
        <span id="oc-lottery-voids">{t(language, "lotteryVoids")}</span>
      </PageTitle>
      <p className="br-note" data-testid="two-people">
        {t(language, "voidIntro")}
      </p>
      {!everywhere ? <p className="kit-field__hint">{t(language, "everyBrand")}</p> : null}
      {maker ? (
        <form className="br-form br-form--narrow" onSubmit={sendProposal} aria-labelledby="oc-void-propose" noValidate>
          <h2 id="oc-void-propose" className="br-subtitle">
            {t(language, "proposeTitle")}
          </h2>
          <div className="oc-row">
            <Field label={t(language, "gameCode")} value={proposal.gameCode} onChange={(gameCode) => setProposal({ ...proposal, gameCode })} maxLength={40} size={12} />
            <Field label={t(language, "issue")} value={proposal.issue} onChange={(issue) => setProposal({ ...proposal, issue })} maxLength={40} size={16} />
          </div>
          <Field label={t(language, "reason")} value={proposal.reason} onChange={(text) => setProposal({ ...proposal, reason: text })} maxLength={500} />
          <OutcomeLine outcome={propose.outcome} />
          <div className="oc-row">
            <button type="submit" className="kit-button" disabled={propose.pending}>
              {t(language, "propose")}
            </button>
          </div>
        </form>
      ) : null}
      <h2 className="br-subtitle">{t(language, "voidRequests")}</h2>
      {checker ? <p className="kit-field__hint">{t(language, "secondPerson")}</p> : null}
      <form className="oc-row" onSubmit={search} aria-label={t(language, "filter")}>
        <label className="kit-field">
          {t(language, "status")}
          <select className="oc-select" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as VoidFilters["status"] })}>
            <option value="">{t(language, "all")}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(language, value)}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "gameFilter")} value={draft.gameCode} onChange={(gameCode) => setDraft({ ...draft, gameCode })} maxLength={32} size={12} autoComplete="off" />
        <Field label={t(language, "proposerFilter")} value={draft.requestedBy} onChange={(requestedBy) => setDraft({ ...draft, requestedBy })} maxLength={64} autoComplete="off" />
        <label className="kit-field">
          {t(language, "sort")}
          <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as VoidRequestOrder })}>
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
      <OutcomeLine outcome={decideOutcome} />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "voidRequests")}>
          <table className="oc-table" data-testid="void-requests" aria-busy={stale || undefined}>
            <thead>
              <tr>
                <th scope="col">{t(language, "created")}</th>
                <th scope="col">{t(language, "gameCode")}</th>
                <th scope="col">{t(language, "issue")}</th>
                <th scope="col">{t(language, "reason")}</th>
                <th scope="col">{t(language, "requestedBy")}</th>
                <th scope="col">{t(language, "status")}</th>
                <th scope="col">{t(language, "decidedBy")}</th>
                <th scope="col">{t(language, "decisionReason")}</th>
                <th scope="col">{t(language, "decidedAt")}</th>
                {checker ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.requestId} data-request={row.requestId}>
                  <td>{when(row.createdAt, language)}</td>
                  <td className="br-code">{row.gameCode}</td>
                  <td className="br-code">{row.issue}</td>
                  <td className="br-reason">{row.reason}</td>
                  <td>
                    {row.requestedBy} {row.requestedBy === me ? <small className="br-check__hint">{t(language, "yours")}</small> : null}
                  </td>
                  <td>
                    <Badge value={row.status} text={named(language, row.status)} />
                  </td>
                  <td>{row.decidedBy ?? "—"}</td>
                  <td className="br-reason">{row.decisionReason ?? "—"}</td>
                  <td>{when(row.decidedAt, language)}</td>
                  {checker ? (
                    <td>
                      {row.status !== "pending" ? null : (
                        <DecisionCell
                          decision={decide}
                          id={row.requestId}
                          actions={["approve", "reject"]}
                          disabled={stale}
                          onPress={(action) => {
                            if (action !== "reject") propose.reset();
                          }}
                        />
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? <p className="kit-field__hint">{t(language, "total", { total: page.total })}</p> : null}
      {page ? <Pager label={t(language, "voidRequests")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "nextPage")} /> : null}
      <div className="oc-row">
        <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
          {t(language, "refresh")}
        </button>
      </div>
    </section>
  );
}
