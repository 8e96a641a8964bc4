/** Voiding a lottery issue that still takes bets, by two people: a finance maker proposes (game code, issue,
 * reason); a finance checker other than the proposer approves (the issue is voided and its bets refunded) or
 * rejects with a reason. Issues are every brand's, so each call needs the role for every brand. Each button shows
 * only to a role that may press it; the lottery decides (the proposer deciding their own is refused), and its
 * refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { VoidRequestRead } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, keepPreviousData, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { DecisionCell, useDecision } from "../../../shared/decision";
import { allBrands, holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import "../brand.css";

const STATUSES = ["pending", "approved", "rejected", "lapsed"] as const;
type Status = (typeof STATUSES)[number];
const PAGE_SIZE = 20;

function isStatus(value: string): value is Status {
  return (STATUSES as readonly string[]).includes(value);
}

export function LotteryVoids() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const everywhere = allBrands(ops.session);
  const maker = everywhere && holds(ops.session, "finance-maker");
  const checker = everywhere && holds(ops.session, "finance-checker");
  const [status, setStatus] = useState<Status | "">("pending");
  const [filter, setFilter] = useState<{ status: Status | ""; pageNo: number }>({ status: "pending", pageNo: 1 });
  const [proposal, setProposal] = useState({ gameCode: "", issue: "", reason: "" });
  const key = ["ops", "lottery-voids"] as const;
  const list = useQuery({
    queryKey: [...key, filter],
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsLotteryVoidRequests", { query: { status: filter.status || null, pageNo: filter.pageNo, pageSize: PAGE_SIZE } }),
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
    setFilter({ status, pageNo: 1 });
  };
  const decided = decide.latest;
  const decideOutcome =
    decide.outcome ??
    (decide.done && decided
      ? { ok: true, text: decided.status === "approved" ? t(language, "approvedDone", { count: decided.betsToRefund ?? 0 }) : t(language, "rejectedDone") }
      : null);
  const rows: VoidRequestRead[] = list.data ?? [];
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
          <select className="oc-select" value={status} onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : "")}>
            <option value="">{t(language, "all")}</option>
            {STATUSES.map((value) => (
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
          <table className="oc-table" data-testid="void-requests">
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
      <div className="oc-row">
        <button type="button" className="kit-button kit-button--ghost" disabled={filter.pageNo <= 1} onClick={() => setFilter({ ...filter, pageNo: filter.pageNo - 1 })}>
          {t(language, "previous")}
        </button>
        <button type="button" className="kit-button kit-button--ghost" disabled={rows.length < PAGE_SIZE} onClick={() => setFilter({ ...filter, pageNo: filter.pageNo + 1 })}>
          {t(language, "nextPage")}
        </button>
        <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
          {t(language, "refresh")}
        </button>
      </div>
    </section>
  );
}
