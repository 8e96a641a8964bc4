/** Balance adjustments: a maker credits or debits a member's main wallet with a reason; above the brand's
 * second-person amount nothing moves yet and a request waits in the queue below, where a checker who is not its
 * maker approves (the money moves) or rejects it (with a reason). A form's request id is made once and kept until
 * the wallet accepts it, so a second press (or a retry after a lost answer) never adjusts twice. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { AdjustmentRead, AdjustmentRequestRead, Language, Outcome } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { Field, LoadFailure, OutcomeLine, formatMoney, parseMoney, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { DecisionCell, useDecision } from "../../../shared/decision";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import "../finance.css";

const STATUSES = ["pending", "approved", "rejected"] as const;
type Status = (typeof STATUSES)[number];
type Direction = "credit" | "debit";

function isStatus(value: string): value is Status {
  return (STATUSES as readonly string[]).includes(value);
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
  const [status, setStatus] = useState<Status | "">("pending");
  const checker = holds(ops.session, "finance-checker");
  const list = useQuery({
    queryKey: ["ops", "adjustments", ops.brand, status],
    enabled: !!ops.brand,
    queryFn: () => ops.call("opsAdjustmentRequests", { path: { code: ops.brand }, query: { status: status || null } }),
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

  const rows: AdjustmentRequestRead[] = list.data ?? [];

  return (
    <div className="fin-block" role="group" aria-labelledby="oc-adjustment-requests">
      <h2 id="oc-adjustment-requests" className="fin-subtitle">
        {t(language, "requests")}
      </h2>
      <p className="kit-field__hint">{t(language, "checkerHint")}</p>
      <div className="oc-row">
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
      </div>
      <OutcomeLine outcome={decide.outcome} />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "requests")}>
          <table className="oc-table" data-testid="adjustment-requests">
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
                    <DecisionCell decision={decide} id={row.adjustmentId} actions={checker && row.status === "pending" ? ["approve", "reject"] : null} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
    </div>
  );
}
