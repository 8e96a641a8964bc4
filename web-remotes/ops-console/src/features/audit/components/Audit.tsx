/** The audit log of every service for the brand, one tab a service: who did what to which target, the state before
 * and after (compact JSON), and when; newest first, a page at a time. Every role of the console may read it (the
 * lottery's, shared by every brand, only someone with a role for every brand). Each service answers its log in its
 * own shape; ``rowsOf`` reads them all as one. */
import { useState } from "react";
import type { Language } from "@portal/kit";
import { LoadFailure, Pager, Tabs, keepPreviousData, useLanguage, useQuery } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { PageTitle, ScrollBox, when } from "../../../shared/ui";
import { compact } from "../json";
import { t } from "../texts";
import "../audit.css";

export type AuditService = "auth" | "site" | "wallet" | "notifications" | "lottery" | "agentContracts" | "games" | "points";

export const SERVICES: readonly AuditService[] = ["auth", "site", "wallet", "notifications", "lottery", "agentContracts", "games", "points"];
export const PAGE_SIZE = 50;

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

/** One page of a log: its rows, and its page count when the service tells it (null for a bare list). */
export interface AuditPage {
  rows: AuditRow[];
  pageNo: number;
  totalPages: number | null;
  total: number | null;
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

function useAuditPage(service: AuditService, pageNo: number) {
  const ops = useOps();
  const code = ops.brand;
  const query = { pageNo, pageSize: PAGE_SIZE };
  const read = async (): Promise<AuditPage> => {
    switch (service) {
      case "auth": {
        const list = await ops.call("opsAuthAudit", { path: { code }, query });
        return { rows: list.map((row) => ({ who: row.actor, what: row.action, reason: null, target: row.target, before: row.before, after: row.after, at: row.at })), pageNo, totalPages: null, total: null };
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
        const list = await ops.call("opsWalletAudit", { path: { code }, query });
        const rows = list.map((row) => {
          const { before, after } = splitDetail(row.detail);
          return { who: row.actor, what: row.action, reason: row.reason, target: row.target, before, after, at: row.at };
        });
        return { rows, pageNo, totalPages: null, total: null };
      }
      case "notifications": {
        const page = await ops.call("opsNotificationsAudit", { path: { code }, query });
        const rows = page.list.map((row) => ({ who: row.actor, what: row.action, reason: null, target: row.target, before: row.before, after: row.after, at: row.at }));
        return { rows, pageNo: page.pageNum, totalPages: page.totalPages, total: page.total };
      }
      case "lottery": {
        const list = await ops.call("opsLotteryAudit", { query });
        return { rows: list.map((row) => ({ who: row.actor, what: row.action, reason: row.reason || null, target: row.target, before: row.before, after: row.after, at: row.at })), pageNo, totalPages: null, total: null };
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
    queryKey: ["ops", "audit", service, service === "lottery" ? "*" : code, pageNo],
    enabled: service === "lottery" || !!code,
    placeholderData: keepPreviousData,
    queryFn: read,
  });
}

/** Previous / next under a log that answers a bare list (no page count): next while a page comes back full. */
function OpenPager({ language, pageNo, shown, full, onPage }: { language: Language; pageNo: number; shown: number; full: boolean; onPage: (pageNo: number) => void }) {
  if (pageNo <= 1 && !full) return null;
  return (
    <nav className="kit-pager" aria-label={t(language, "pages")}>
      <button type="button" className="kit-button kit-button--ghost" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t(language, "previous")}
      </button>
      <span>{t(language, "page", { page: shown })}</span>
      <button type="button" className="kit-button kit-button--ghost" disabled={!full} onClick={() => onPage(pageNo + 1)}>
        {t(language, "next")}
      </button>
    </nav>
  );
}

function AuditLog({ service }: { service: AuditService }) {
  const { language } = useLanguage();
  const ops = useOps();
  const [pageNo, setPageNo] = useState(1);
  const log = useAuditPage(service, pageNo);
  const page = log.data;
  const rows = page?.rows ?? [];

  return (
    <div role="tabpanel" aria-label={t(language, service)} className="oc-audit" data-service={service}>
      {service === "lottery" ? <p className="kit-field__hint">{t(language, "lotteryShared")}</p> : ops.brand ? <p className="kit-field__hint">{t(language, "brandLog", { brand: ops.brand })}</p> : <p>{t(language, "noBrand")}</p>}
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
      {page && page.total !== null ? <p className="kit-field__hint">{t(language, "total", { total: page.total })}</p> : null}
      {page && page.totalPages !== null ? (
        <Pager label={t(language, "pages")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNo} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "next")} />
      ) : page ? (
        <OpenPager language={language} pageNo={pageNo} shown={page.pageNo} full={page.rows.length >= PAGE_SIZE} onPage={setPageNo} />
      ) : null}
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
