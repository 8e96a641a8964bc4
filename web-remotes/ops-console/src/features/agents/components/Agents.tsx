/** The agents page (issue #46): the brand's agents, paged, filtered and ordered on the server (the start of a
 * username or an id, agent type, a contract held, top agents), each opened with its button (a keyboard reaches
 * every one) into its detail: contracts, settlements and, for the brand's admin, the grant of a top agent's
 * contract. An admin also moves a team member. Who reads: the finance readers (viewer, finance, admin). */
import type { FormEvent } from "react";
import { useState } from "react";
import type { OpsAgentRead } from "@portal/kit";
import { Field, LoadFailure, Pager, useLanguage } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { PageTitle, ScrollBox, when } from "../../../shared/ui";
import type { AgentFilters } from "../reads";
import { AGENT_TYPE_VALUES, KINDS, NO_FILTERS, percent, useAgents } from "../reads";
import { named, t } from "../texts";
import { AgentDetail } from "./AgentDetail";
import { MoveMember } from "./MoveMember";
import "../agents.css";

export function Agents() {
  const { language } = useLanguage();
  const ops = useOps();
  const admin = holds(ops.session, "admin");
  const [draft, setDraft] = useState<AgentFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<AgentFilters>(NO_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const agents = useAgents(filters, pageNo);
  const page = agents.data;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPageNo(1);
  };
  if (opened) return <AgentDetail accountId={opened} onBack={() => setOpened(null)} />;

  return (
    <section aria-labelledby="oc-agents" className="ag">
      <PageTitle>
        <span id="oc-agents">{t(language, "agents")}</span>
      </PageTitle>
      {admin ? null : <p className="ag-muted">{t(language, "readOnly")}</p>}
      {ops.brand ? null : <p role="status">{t(language, "noBrand")}</p>}
      <form className="oc-row" onSubmit={apply} aria-label={t(language, "filter")}>
        <Field label={t(language, "search")} value={draft.search} onChange={(search) => setDraft({ ...draft, search })} maxLength={64} />
        <label className="kit-field">
          <span>{t(language, "agentType")}</span>
          <select className="oc-select" value={draft.agentType} onChange={(event) => setDraft({ ...draft, agentType: event.target.value as AgentFilters["agentType"] })}>
            <option value="">{t(language, "all")}</option>
            {AGENT_TYPE_VALUES.map((type) => (
              <option key={type} value={String(type)}>
                {t(language, "typeN", { type })}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          <span>{t(language, "contract")}</span>
          <select className="oc-select" value={draft.contract} onChange={(event) => setDraft({ ...draft, contract: event.target.value as AgentFilters["contract"] })}>
            <option value="">{t(language, "all")}</option>
            <option value="ANY">{t(language, "anyContract")}</option>
            <option value="NONE">{t(language, "noContract")}</option>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {named(language, kind)}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          <span>{t(language, "top")}</span>
          <select className="oc-select" value={draft.top} onChange={(event) => setDraft({ ...draft, top: event.target.value as AgentFilters["top"] })}>
            <option value="">{t(language, "all")}</option>
            <option value="true">{t(language, "topOnly")}</option>
            <option value="false">{t(language, "withUpline")}</option>
          </select>
        </label>
        <label className="kit-field">
          <span>{t(language, "sort")}</span>
          <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as AgentFilters["sort"] })}>
            <option value="registered">{t(language, "sortRegistered")}</option>
            <option value="username">{t(language, "sortUsername")}</option>
            <option value="downlines">{t(language, "sortDownlines")}</option>
          </select>
        </label>
        <button type="submit" className="kit-button">
          {t(language, "filter")}
        </button>
      </form>
      <LoadFailure error={agents.error} />
      {agents.isLoading ? <p>{t(language, "loading")}</p> : null}
      {page && page.list.length === 0 ? <p role="status">{t(language, "empty")}</p> : null}
      {page && page.list.length > 0 ? (
        <ScrollBox label={t(language, "agents")}>
          <table className="oc-table" data-testid="agents" aria-busy={agents.isPlaceholderData || undefined}>
            <thead>
              <tr>
                <th scope="col">{t(language, "username")}</th>
                <th scope="col">{t(language, "type")}</th>
                <th scope="col">{t(language, "upline")}</th>
                <th scope="col">{t(language, "downlines")}</th>
                <th scope="col">{t(language, "contracts")}</th>
                <th scope="col">{t(language, "registered")}</th>
                <th scope="col">{t(language, "open")}</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((row) => (
                <AgentRow key={row.accountId} row={row} onOpen={() => setOpened(row.accountId)} />
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? <p className="kit-field__hint">{t(language, "total", { total: page.total })}</p> : null}
      {page ? <Pager label={t(language, "pages")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "next")} /> : null}
      {admin ? <MoveMember /> : null}
    </section>
  );
}

function AgentRow({ row, onOpen }: { row: OpsAgentRead; onOpen: () => void }) {
  const { language } = useLanguage();
  const name = row.username ?? row.accountId;
  return (
    <tr data-agent={row.username ?? ""}>
      <td>
        {name}
        <div className="oc-id ag-muted" title={row.accountId}>
          {row.accountId}
        </div>
      </td>
      <td>{row.accountType === null ? "—" : t(language, "typeN", { type: row.accountType })}</td>
      <td>{row.topAgent ? t(language, "topAgent") : (row.uplineUsername ?? row.uplineId ?? "—")}</td>
      <td>{row.downlines}</td>
      <td>{row.contracts.length ? row.contracts.map((held) => `${named(language, held.kind)} ${percent(held.ratio)} %`).join(", ") : "—"}</td>
      <td>{when(row.registeredAt, language)}</td>
      <td>
        <button type="button" className="kit-button kit-button--ghost" onClick={onOpen} aria-label={t(language, "openAgent", { name })}>
          {t(language, "open")}
        </button>
      </td>
    </tr>
  );
}
