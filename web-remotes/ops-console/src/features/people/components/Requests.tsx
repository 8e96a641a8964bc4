/** The maker–checker requests of the console's people (admins only): invitations, role and brand changes, address
 * ranges. A second admin approves or rejects a pending one; the maker may withdraw (reject) their own but never
 * approve it: the auth service refuses, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { OperationQuery, OpsRequestRead } from "@portal/kit";
import { LoadFailure, OutcomeLine, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import type { Verdict } from "../../../shared/decision";
import { DecisionCell, useDecision } from "../../../shared/decision";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { compact } from "../json";
import { named, t } from "../texts";
import "../people.css";

type RequestStatus = NonNullable<OperationQuery["opsRequests"]["status"]>;

export const REQUEST_STATUSES: readonly RequestStatus[] = ["pending", "approved", "rejected", "stale"];

function isStatus(value: string): value is RequestStatus {
  return (REQUEST_STATUSES as readonly string[]).includes(value);
}

export function Requests() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const admin = holds(ops.session, "admin");
  const me = ops.session?.username ?? "";
  const [status, setStatus] = useState<RequestStatus | "">("pending");
  const [filter, setFilter] = useState<RequestStatus | "">("pending");
  const list = useQuery({
    queryKey: ["ops", "requests", filter],
    enabled: admin,
    queryFn: () => ops.call("opsRequests", { query: { status: filter || null } }),
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
    setFilter(status);
  };
  const rows: OpsRequestRead[] = list.data ?? [];

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
              <select className="oc-select" value={status} onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : "")}>
                <option value="">{t(language, "all")}</option>
                {REQUEST_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {named(language, value)}
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
              <table className="oc-table" data-testid="requests">
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
                        <DecisionCell decision={decide} id={row.id} actions={row.status === "pending" ? ["approve", "reject"] : null} own={row.maker === me} />
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
        </>
      )}
    </section>
  );
}
