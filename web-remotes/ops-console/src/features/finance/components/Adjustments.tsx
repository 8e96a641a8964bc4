/** Balance adjustments: a maker credits or debits a member's main wallet with a reason; above the brand's
 * second-person amount nothing moves yet and a request waits in the queue below (paged, filtered by state, member
 * and maker, and ordered on the server), where a checker who is not its maker approves (the money moves) or
 * rejects it (with a reason). A form's request id is made once and kept until
 * the wallet accepts it, so a second press (or a retry after a lost answer) never adjusts twice. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { AdjustmentRead, AdjustmentRequestOrder, AdjustmentRequestRead, Language, Outcome } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { Field, LoadFailure, OutcomeLine, Pager, formatMoney, keepPreviousData, parseMoney, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { DecisionCell, useDecision } from "../../../shared/decision";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import "../finance.css";

const STATUSES = ["pending", "approved", "rejected"] as const;
type Status = (typeof STATUSES)[number];
type Direction = "credit" | "debit";
const ORDERS: readonly AdjustmentRequestOrder[] = ["newest", "oldest"];
const PAGE_SIZE = 20;

export interface AdjustmentFilters {
  status: Status | "";
  accountId: string;
  requestedBy: string;
  sort: AdjustmentRequestOrder;
}

export const FIRST_ADJUSTMENTS: AdjustmentFilters = { status: "pending", accountId: "", requestedBy: "", sort: "newest" };

/** The query of a page of adjustment requests: only the filters given. */
export function adjustmentsQuery(filters: AdjustmentFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: PAGE_SIZE,
    sort: filters.sort,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.accountId.trim() ? { accountId: filters.accountId.trim() } : {}),
    ...(filters.requestedBy.trim() ? { requestedBy: filters.requestedBy.trim() } : {}),
  };
}

/** What the wallet's answer to an adjustment means to the person who asked for it. */
export function adjustedText(language: Language, read: AdjustmentRead): string {
  if (read.status === "pending") return t(language, "adjustmentPending");
  if (read.status === "rejected") return t(language, "adjustmentRejected");
  return t(language, "adjusted", { balance: formatMoney(read.balance), currency: read.currency });
}

export function Adjustments() {
  const { language } = useLanguage();
  const ops = useOps();
  return (
    <section aria-labelledby="oc-adjustments">
      <PageTitle>
        <span id="oc-adjustments">{t(language, "adjustments")}</span>
      </PageTitle>
      {holds(ops.session, "finance-maker") ? <AdjustmentForm /> : null}
      <AdjustmentRequests />
    </section>
  );
}

function AdjustmentForm() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [account, setAccount] = useState("");
  const [direction, setDirection] = useState<Direction>("credit");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  // One id per adjustment: kept through refusals and repeated presses, a new one only once the wallet accepted it.
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const adjust = useAction(
    (input: { accountId: string; amount: number; reason: string; requestId: string }) =>
      ops.call("opsAdjustBalance", {
        path: { code: ops.brand, account_id: input.accountId },
        body: { amount: input.amount, reason: input.reason, requestId: input.requestId },
      }),
    {
      onDone: (_read, input) => {
        setRequestId(crypto.randomUUID());
        setAmount("");
        setReason("");
        return Promise.all([
          queries.invalidateQueries({ queryKey: ["ops", "adjustments", ops.brand] }),
          queries.invalidateQueries({ queryKey: ["ops", "journal", ops.brand, input.accountId] }),
        ]);
      },
    },
  );
  const outcome: Outcome | null = adjust.outcome ?? (adjust.done && adjust.latest ? { ok: adjust.latest.status !== "rejected", text: adjustedText(language, adjust.latest) } : null);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (adjust.pending) return;
    const accountId = account.trim();
    const minor = parseMoney(amount);
    if (!accountId || !reason.trim()) return adjust.refuse(t(language, "required"));
    if (minor === null || minor <= 0) return adjust.refuse(t(language, "amountInvalid"));
    void adjust.submit({ accountId, amount: direction === "debit" ? -minor : minor, reason: reason.trim(), requestId });
  };

  return (
    <form className="fin-form" onSubmit={send} aria-labelledby="oc-new-adjustment" noValidate>
      <h2 id="oc-new-adjustment" className="fin-subtitle">
        {t(language, "newAdjustment")}
      </h2>
      <Field label={t(language, "accountFilter")} value={account} onChange={setAccount} maxLength={64} required />
      <label className="kit-field">
        {t(language, "direction")}
        <select className="oc-select" value={direction} onChange={(event) => setDirection(event.target.value === "debit" ? "debit" : "credit")}>
          <option value="credit">{t(language, "credit")}</option>
          <option value="debit">{t(language, "debit")}</option>
        </select>
      </label>
      <Field label={t(language, "amount")} value={amount} onChange={setAmount} inputMode="decimal" hint={t(language, "amountHint")} required />
      <Field label={t(language, "reason")} value={reason} onChange={setReason} maxLength={500} required />
      <p className="kit-field__hint">{t(language, "dualControlHint")}</p>
      <div className="oc-row">
        <button type="submit" className="kit-button" disabled={adjust.pending}>
          {t(language, "send")}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}

function AdjustmentRequests() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [draft, setDraft] = useState<AdjustmentFilters>(FIRST_ADJUSTMENTS);
  const [filters, setFilters] = useState<AdjustmentFilters>(FIRST_ADJUSTMENTS);
  const [pageNo, setPageNo] = useState(1);
  const checker = holds(ops.session, "finance-checker");
  const list = useQuery({
    queryKey: ["ops", "adjustments", ops.brand, filters, pageNo],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsAdjustmentRequests", { path: { code: ops.brand }, query: adjustmentsQuery(filters, pageNo) }),
  });
  const decide = useDecision(
    (input: Verdict<"approve">) =>
      ops.call("opsDecideAdjustment", {
        path: { code: ops.brand, adjustment_id: input.id, action: input.action },
        body: input.reason ? { reason: input.reason } : {},
      }),
    {
      doneText: t(language, "done"),
      onDone: (request) =>
        Promise.all([
          queries.invalidateQueries({ queryKey: ["ops", "adjustments", ops.brand] }),
          queries.invalidateQueries({ queryKey: ["ops", "journal", ops.brand, request.accountId] }),
        ]),
    },
  );

  const apply = (event: FormEvent) => {
    event.preventDefault();
    decide.reset();
    setFilters(draft);
    setPageNo(1);
  };
  const page = list.data;
  // a page emptied by decisions (its last row decided): back to the last page that has rows
  if (page && page.totalPages > 0 && pageNo > page.totalPages && !list.isPlaceholderData) setPageNo(page.totalPages);
  const rows: AdjustmentRequestRead[] = page?.list ?? [];
  const stale = list.isPlaceholderData; // the rows of the page before, shown while the next loads: not to act on

  return (
    <div className="fin-block" role="group" aria-labelledby="oc-adjustment-requests">
      <h2 id="oc-adjustment-requests" className="fin-subtitle">
        {t(language, "requests")}
      </h2>
      <p className="kit-field__hint">{t(language, "checkerHint")}</p>
      <form className="oc-row" onSubmit={apply} aria-label={t(language, "filter")}>
        <label className="kit-field">
          {t(language, "status")}
          <select className="oc-select" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as AdjustmentFilters["status"] })}>
            <option value="">{t(language, "all")}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(language, value)}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "memberFilter")} value={draft.accountId} onChange={(accountId) => setDraft({ ...draft, accountId })} maxLength={64} autoComplete="off" />
        <Field label={t(language, "requestedByFilter")} value={draft.requestedBy} onChange={(requestedBy) => setDraft({ ...draft, requestedBy })} maxLength={64} autoComplete="off" />
        <label className="kit-field">
          {t(language, "sort")}
          <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as AdjustmentRequestOrder })}>
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
          <table className="oc-table" data-testid="adjustment-requests" aria-busy={stale || undefined}>
            <thead>
              <tr>
                <th scope="col">{t(language, "created")}</th>
                <th scope="col">{t(language, "account")}</th>
                <th scope="col" className="num">{t(language, "amount")}</th>
                <th scope="col">{t(language, "reason")}</th>
                <th scope="col">{t(language, "status")}</th>
                <th scope="col">{t(language, "requestedBy")}</th>
                <th scope="col">{t(language, "decidedBy")}</th>
                <th scope="col">{t(language, "actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.adjustmentId} data-adjustment={row.adjustmentId}>
                  <td>{when(row.createdAt, language)}</td>
                  <td className="oc-id">{row.accountId}</td>
                  <td className={row.amount < 0 ? "num fin-debit" : "num"}>{formatMoney(row.amount)}</td>
                  <td>{row.reason}</td>
                  <td>
                    <Badge value={row.status} text={named(language, row.status)} />
                  </td>
                  <td>{row.requestedBy}</td>
                  <td>{row.decidedBy ?? "—"}</td>
                  <td>
                    <DecisionCell decision={decide} id={row.adjustmentId} actions={checker && row.status === "pending" ? ["approve", "reject"] : null} disabled={stale} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? <p className="kit-field__hint">{t(language, "total", { total: page.total })}</p> : null}
      {page ? <Pager label={t(language, "requests")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "nextPage")} /> : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
    </div>
  );
}
