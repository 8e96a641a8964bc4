/** The brand's wallet settings and its second-person amount (money actions above it need a second person). An
 * admin proposes a new amount: a lowering applies at once, a raise is a request that another admin of the brand
 * approves or rejects (with a reason; its maker may withdraw it so). Every role reads; the wallet decides, and its
 * refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { DualControlRequestRead, Language, Outcome, WalletSettingsRead } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { Field, LoadFailure, OutcomeLine, formatMoney, parseMoney, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { DecisionCell, useDecision } from "../../../shared/decision";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import "../finance.css";

const STATUSES = ["pending", "approved", "rejected", "superseded"] as const;
type Status = (typeof STATUSES)[number];

function isStatus(value: string): value is Status {
  return (STATUSES as readonly string[]).includes(value);
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
  const [status, setStatus] = useState<Status | "">("pending");
  const admin = holds(ops.session, "admin");
  const list = useQuery({
    queryKey: ["ops", "dual-control", ops.brand, status],
    enabled: !!ops.brand,
    queryFn: () => ops.call("opsDualControlRequests", { path: { code: ops.brand }, query: { status: status || null } }),
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

  const rows: DualControlRequestRead[] = list.data ?? [];

  return (
    <div className="fin-block" role="group" aria-labelledby="oc-dual-control-requests">
      <h2 id="oc-dual-control-requests" className="fin-subtitle">
        {t(language, "changeRequests")}
      </h2>
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
        <ScrollBox label={t(language, "changeRequests")}>
          <table className="oc-table" data-testid="dual-control-requests">
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
                      />
                    </td>
                  </tr>
                );
              })}
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
