/** The audit log of every service for the brand, one tab a service: who did what to which target, the state before
 * and after (compact JSON), and when; a page at a time, filtered (by actor, by action or the start of one, by UTC
 * days from / to) and sorted (newest or oldest first) by the service. Every role of the console may read it (the
 * lottery's, shared by every brand, only someone with a role for every brand). Each service answers its log in its
 * own shape; ``useAuditPage`` reads them all as one. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { AuditSort } from "@portal/kit";
import { Field, LoadFailure, Pager, Tabs, keepPreviousData, useLanguage, useQuery } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { PageTitle, ScrollBox, when } from "../../../shared/ui";
import { compact } from "../json";
import { t } from "../texts";
import "../audit.css";

export type AuditService = "auth" | "site" | "wallet" | "notifications" | "lottery" | "agentContracts" | "games" | "points";

export const SERVICES: readonly AuditService[] = ["auth", "site", "wallet", "notifications", "lottery", "agentContracts", "games", "points"];
export const PAGE_SIZE = 50;
/** The logs whose service does not filter or sort them yet: their tab shows no filter form and asks only for pages. */

type State = Record<string, unknown>;

export interface AuditRow {
  who: string;
  what: string;
  reason: string | null;
  target: string;
  before: State | null;
  after: State | null;
  at: string | null;
}

/** One page of a log: its rows, the page it is, how many pages and rows pass the filters. */
export interface AuditPage {
  rows: AuditRow[];
  pageNo: number;
  totalPages: number;
  total: number;
}

/** What a log is narrowed to (empty: not narrowed) and its order. */
export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
  sort: AuditSort;
}

export const NO_FILTERS: AuditFilters = { actor: "", action: "", from: "", to: "", sort: "newest" };

/** The query of a log's page: only the filters given. */
export function auditQuery(filters: AuditFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: PAGE_SIZE,
    sort: filters.sort,
    ...(filters.actor.trim() ? { actor: filters.actor.trim() } : {}),
    ...(filters.action.trim() ? { action: filters.action.trim() } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

function isState(value: unknown): value is State {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A ``detail`` that holds a change (``{before, after}``) split into the two; any other detail is what was done. */
export function splitDetail(detail: State): { before: State | null; after: State | null; id: unknown } {
  if (isState(detail["before"])) {
    return { before: detail["before"], after: isState(detail["after"]) ? detail["after"] : null, id: detail["id"] };
  }
  return { before: null, after: detail, id: undefined };
}

function useAuditPage(service: AuditService, filters: AuditFilters, pageNo: number) {
  const ops = useOps();
  const code = ops.brand;
  const query = auditQuery(filters, pageNo);
  const read = async (): Promise<AuditPage> => {
    switch (service) {
      case "auth": {
        const page = await ops.call("opsAuthAudit", { path: { code }, query });
        const rows = page.list.map((row) => ({ who: row.actor, what: row.action, reason: null, target: row.target, before: row.before, after: row.after, at: row.at }));
        return { rows, pageNo: page.pageNum, totalPages: page.totalPages, total: page.total };
      }
      case "site": {
        const page = await ops.call("opsAudit", { path: { code }, query });
        const rows = page.list.map((row) => {
          const { before, after, id } = splitDetail(row.detail);
          return { who: row.actor, what: row.action, reason: null, target: id === undefined ? "" : String(id), before, after, at: row.at };
        });
        return { rows, pageNo: page.pageNum, totalPages: page.totalPages, total: page.total };
      }
      case "wallet": {
        const page = await ops.call("opsWalletAudit", { path: { code }, query });
        const rows = page.list.map((row) => {
          const { before, after } = splitDetail(row.detail);
          return { who: row.actor, what: row.action, reason: row.reason, target: row.target, before, after, at: row.at };
        });
        return { rows, pageNo: page.pageNum, totalPages: page.totalPages, total: page.total };
      }
      case "notifications": {
        const page = await ops.call("opsNotificationsAudit", { path: { code }, query });
        const rows = page.list.map((row) => ({ who: row.actor, what: row.action, reason: null, target: row.target, before: row.before, after: row.after, at: row.at }));
        return { rows, pageNo: page.pageNum, totalPages: page.totalPages, total: page.total };
      }
      case "lottery": {
        const page = await ops.call("opsLotteryAudit", { query });
        const rows = page.list.map((row) => ({ who: row.actor, what: row.action, reason: row.reason || null, target: row.target, before: row.before, after: row.after, at: row.at }));
        return { rows, pageNo: page.pageNum, totalPages: page.totalPages, total: page.total };
      }
      case "agentContracts":
      case "games":
      case "points": {
        const id = service === "games" ? "opsGamesAudit" : service === "points" ? "opsPointsAudit" : "opsAgentContractsAudit";
        const page = await ops.call(id, { path: { code }, query });
        const rows = page.list.map((row) => ({ who: row.actor, what: row.action, reason: row.reason ?? null, target: row.target, before: row.before ?? null, after: row.after ?? null, at: row.at }));
        return { rows, pageNo: page.pageNum, totalPages: page.totalPages, total: page.total };
      }
    }
  };
  return useQuery({
    queryKey: ["ops", "audit", service, service === "lottery" ? "*" : code, filters, pageNo],
    enabled: service === "lottery" || !!code,
    placeholderData: keepPreviousData,
    queryFn: read,
  });
}

function AuditLog({ service }: { service: AuditService }) {
  const { language } = useLanguage();
  const ops = useOps();
  const [draft, setDraft] = useState<AuditFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  const log = useAuditPage(service, filters, pageNo);
  const page = log.data;
  const rows = page?.rows ?? [];
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPageNo(1);
  };

  return (
    <div role="tabpanel" aria-label={t(language, service)} className="oc-audit" data-service={service}>
      {service === "lottery" ? <p className="kit-field__hint">{t(language, "lotteryShared")}</p> : ops.brand ? <p className="kit-field__hint">{t(language, "brandLog", { brand: ops.brand })}</p> : <p>{t(language, "noBrand")}</p>}
      <form className="oc-row" onSubmit={apply} aria-label={t(language, "filter")}>
        <Field label={t(language, "actor")} value={draft.actor} onChange={(actor) => setDraft({ ...draft, actor })} maxLength={64} />
        <Field label={t(language, "action")} value={draft.action} onChange={(action) => setDraft({ ...draft, action })} maxLength={40} hint={t(language, "actionHint")} />
        <Field label={t(language, "from")} type="date" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
        <Field label={t(language, "to")} type="date" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
        <label className="kit-field">
          <span>{t(language, "sort")}</span>
          <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as AuditSort })}>
            <option value="newest">{t(language, "newest")}</option>
            <option value="oldest">{t(language, "oldest")}</option>
          </select>
        </label>
        <button type="submit" className="kit-button">
          {t(language, "filter")}
        </button>
      </form>
      <LoadFailure error={log.error} />
      {log.isLoading ? <p>{t(language, "loading")}</p> : null}
      {log.isSuccess && rows.length === 0 ? <p>{t(language, "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "audit")}>
          <table className="oc-table" data-testid="audit-log" aria-busy={log.isPlaceholderData || undefined}>
            <thead>
              <tr>
                <th scope="col">{t(language, "who")}</th>
                <th scope="col">{t(language, "what")}</th>
                <th scope="col">{t(language, "target")}</th>
                <th scope="col">{t(language, "before")}</th>
                <th scope="col">{t(language, "after")}</th>
                <th scope="col">{t(language, "when")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={`${row.at ?? ""}-${index}`}>
                  <td>{row.who}</td>
                  <td>
                    {row.what}
                    {row.reason ? <span className="oc-audit__reason">{row.reason}</span> : null}
                  </td>
                  <td className="oc-id" title={row.target}>
                    {row.target || "—"}
                  </td>
                  <td className="oc-audit__state">
                    <code>{compact(row.before)}</code>
                  </td>
                  <td className="oc-audit__state">
                    <code>{compact(row.after)}</code>
                  </td>
                  <td>{when(row.at, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? <p className="kit-field__hint">{t(language, "total", { total: page.total })}</p> : null}
      {page ? <Pager label={t(language, "pages")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNo} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "next")} /> : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void log.refetch()}>
        {t(language, "refresh")}
      </button>
    </div>
  );
}

export function Audit() {
  const { language } = useLanguage();
  const ops = useOps();
  const [service, setService] = useState<AuditService>("auth");
  return (
    <section aria-labelledby="oc-audit">
      <PageTitle>
        <span id="oc-audit">{t(language, "audit")}</span>
      </PageTitle>
      <Tabs label={t(language, "services")} tabs={SERVICES.map((key) => ({ key, title: t(language, key) }))} active={service} onChange={setService} />
      <AuditLog key={`${service}:${ops.brand}`} service={service} />
    </section>
  );
}
