/** The brand's wallet settings and its second-person amount (money actions above it need a second person). An
 * admin proposes a new amount: a lowering applies at once, a raise is a request that another admin of the brand
 * approves or rejects (with a reason; its maker may withdraw it so). The requests are paged, filtered (state,
 * maker) and ordered on the server. Every role reads; the wallet decides, and its
 * refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { DualControlRequestOrder, DualControlRequestRead, Language, Outcome, WalletSettingsRead } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { Field, LoadFailure, OutcomeLine, Pager, formatMoney, keepPreviousData, parseMoney, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { DecisionCell, useDecision } from "../../../shared/decision";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import "../finance.css";

const STATUSES = ["pending", "approved", "rejected", "superseded"] as const;
type Status = (typeof STATUSES)[number];
const ORDERS: readonly DualControlRequestOrder[] = ["newest", "oldest"];
const PAGE_SIZE = 20;

export interface RaiseFilters {
  status: Status | "";
  requestedBy: string;
  sort: DualControlRequestOrder;
}

export const FIRST_RAISES: RaiseFilters = { status: "pending", requestedBy: "", sort: "newest" };

/** The query of a page of the raises: only the filters given. */
export function raisesQuery(filters: RaiseFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: PAGE_SIZE,
    sort: filters.sort,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.requestedBy.trim() ? { requestedBy: filters.requestedBy.trim() } : {}),
  };
}

/** What the wallet's answer to a proposed amount means: applied now, or a raise waiting for a second admin. */
export function proposedText(language: Language, read: WalletSettingsRead, asked: number): string {
  const request = read.dualControlRequest;
  return request?.status === "pending" && request.dualControlAbove === asked && read.dualControlAbove !== asked
    ? t(language, "raiseAsked")
    : t(language, "applied");
}

export function DualControl() {
  const { language } = useLanguage();
  const ops = useOps();
  const settings = useQuery({
    queryKey: ["ops", "wallet-settings", ops.brand],
    enabled: !!ops.brand,
    queryFn: () => ops.call("opsWalletSettings", { path: { code: ops.brand } }),
  });
  const read = settings.data;
  const waiting = read?.dualControlRequest?.status === "pending" ? read.dualControlRequest : null;

  return (
    <section aria-labelledby="oc-dual-control">
      <PageTitle>
        <span id="oc-dual-control">{t(language, "dualControl")}</span>
      </PageTitle>
      <p className="kit-field__hint">{t(language, "dualControlHint")}</p>
      <LoadFailure error={settings.error} />
      {settings.isLoading ? <p>{t(language, "loading")}</p> : null}
      {read ? (
        <div className="fin-block" role="group" aria-labelledby="oc-wallet-settings">
          <h2 id="oc-wallet-settings" className="fin-subtitle">
            {t(language, "settings")}
          </h2>
          <dl className="fin-settings" data-testid="wallet-settings">
            <dt>{t(language, "dualControlAbove")}</dt>
            <dd>
              <strong>{formatMoney(read.dualControlAbove)}</strong>
            </dd>
            <dt>{t(language, "mode")}</dt>
            <dd>{named(language, read.mode)}</dd>
            <dt>{t(language, "vendors")}</dt>
            <dd>{read.vendors.length > 0 ? read.vendors.join(", ") : "—"}</dd>
            <dt>{t(language, "depositLimits")}</dt>
            <dd>
              {formatMoney(read.depositMin)} / {formatMoney(read.depositMax)}
            </dd>
            <dt>{t(language, "withdrawalLimits")}</dt>
            <dd>
              {formatMoney(read.withdrawalMin)} / {formatMoney(read.withdrawalMax)}
            </dd>
            <dt>{t(language, "confirmMinutes")}</dt>
            <dd>{read.confirmMinutes}</dd>
          </dl>
          {waiting ? (
            <p className="fin-note" role="note">
              {t(language, "pendingRaise", { before: formatMoney(waiting.before), after: formatMoney(waiting.dualControlAbove), name: waiting.requestedBy })}
            </p>
          ) : null}
        </div>
      ) : null}
      {holds(ops.session, "admin") ? <ThresholdForm /> : null}
      <DualControlRequests />
    </section>
  );
}

function ThresholdForm() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [amount, setAmount] = useState("");
  const propose = useAction(
    (asked: number) => ops.call("opsChangeWalletSettings", { path: { code: ops.brand }, body: { dualControlAbove: asked } }),
    {
      onDone: (read) => {
        setAmount("");
        queries.setQueryData(["ops", "wallet-settings", ops.brand], read);
        return queries.invalidateQueries({ queryKey: ["ops", "dual-control", ops.brand] });
      },
    },
  );
  const [asked, setAsked] = useState<number | null>(null);
  const outcome: Outcome | null =
    propose.outcome ?? (propose.done && propose.latest && asked !== null ? { ok: true, text: proposedText(language, propose.latest, asked) } : null);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (propose.pending) return;
    const minor = parseMoney(amount);
    if (!amount.trim()) return propose.refuse(t(language, "required"));
    if (minor === null) return propose.refuse(t(language, "amountInvalid"));
    setAsked(minor);
    void propose.submit(minor);
  };

  return (
    <form className="fin-form" onSubmit={send} aria-labelledby="oc-new-threshold" noValidate>
      <h2 id="oc-new-threshold" className="fin-subtitle">
        {t(language, "changeThreshold")}
      </h2>
      <Field label={t(language, "newThreshold")} value={amount} onChange={setAmount} inputMode="decimal" hint={t(language, "thresholdHint")} required />
      <div className="oc-row">
        <button type="submit" className="kit-button" disabled={propose.pending}>
          {t(language, "propose")}
        </button>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}

function DualControlRequests() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [draft, setDraft] = useState<RaiseFilters>(FIRST_RAISES);
  const [filters, setFilters] = useState<RaiseFilters>(FIRST_RAISES);
  const [pageNo, setPageNo] = useState(1);
  const admin = holds(ops.session, "admin");
  const list = useQuery({
    queryKey: ["ops", "dual-control", ops.brand, filters, pageNo],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsDualControlRequests", { path: { code: ops.brand }, query: raisesQuery(filters, pageNo) }),
  });
  const decide = useDecision(
    (input: Verdict<"approve">) =>
      ops.call("opsDecideDualControl", {
        path: { code: ops.brand, request_id: input.id, action: input.action },
        body: input.reason ? { reason: input.reason } : {},
      }),
    {
      doneText: t(language, "done"),
      onDone: () =>
        Promise.all([
          queries.invalidateQueries({ queryKey: ["ops", "dual-control", ops.brand] }),
          queries.invalidateQueries({ queryKey: ["ops", "wallet-settings", ops.brand] }),
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
  const rows: DualControlRequestRead[] = page?.list ?? [];
  const stale = list.isPlaceholderData; // the rows of the page before, shown while the next loads: not to act on

  return (
    <div className="fin-block" role="group" aria-labelledby="oc-dual-control-requests">
      <h2 id="oc-dual-control-requests" className="fin-subtitle">
        {t(language, "changeRequests")}
      </h2>
      <form className="oc-row" onSubmit={apply} aria-label={t(language, "filter")}>
        <label className="kit-field">
          {t(language, "status")}
          <select className="oc-select" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as RaiseFilters["status"] })}>
            <option value="">{t(language, "all")}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(language, value)}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "requestedByFilter")} value={draft.requestedBy} onChange={(requestedBy) => setDraft({ ...draft, requestedBy })} maxLength={64} autoComplete="off" />
        <label className="kit-field">
          {t(language, "sort")}
          <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as DualControlRequestOrder })}>
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
        <ScrollBox label={t(language, "changeRequests")}>
          <table className="oc-table" data-testid="dual-control-requests" aria-busy={stale || undefined}>
            <thead>
              <tr>
                <th scope="col">{t(language, "created")}</th>
                <th scope="col" className="num">{t(language, "before")}</th>
                <th scope="col" className="num">{t(language, "asked")}</th>
                <th scope="col">{t(language, "status")}</th>
                <th scope="col">{t(language, "requestedBy")}</th>
                <th scope="col">{t(language, "decidedBy")}</th>
                <th scope="col">{t(language, "decidedAt")}</th>
                <th scope="col">{t(language, "reason")}</th>
                <th scope="col">{t(language, "actions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const own = row.requestedBy === ops.session?.username;
                return (
                  <tr key={row.requestId} data-request={row.requestId}>
                    <td>{when(row.createdAt, language)}</td>
                    <td className="num">{formatMoney(row.before)}</td>
                    <td className="num">{formatMoney(row.dualControlAbove)}</td>
                    <td>
                      <Badge value={row.status} text={named(language, row.status)} />
                    </td>
                    <td>{row.requestedBy}</td>
                    <td>{row.decidedBy ?? "—"}</td>
                    <td>{when(row.decidedAt, language)}</td>
                    <td>{row.reason ?? "—"}</td>
                    <td>
                      <DecisionCell
                        decision={decide}
                        id={row.requestId}
                        actions={admin && row.status === "pending" ? ["approve", "reject"] : null}
                        own={own}
                        disabled={stale}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? <p className="kit-field__hint">{t(language, "total", { total: page.total })}</p> : null}
      {page ? <Pager label={t(language, "changeRequests")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "nextPage")} /> : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
    </div>
  );
}
