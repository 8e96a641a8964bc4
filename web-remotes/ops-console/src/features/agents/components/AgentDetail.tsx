/** One agent: its details, upline chain and team size, its contracts (type, terms, state, who gave it and when),
 * the requests waiting for its answer, and its settlement lines (paged). The brand's admin grants a top agent a
 * contract here and moves the account under another upline; everyone else reads. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { IncomeLineRead, Kind, LineOrder, LineStatus, OpsAgentContractRead, OpsAgentDetailRead } from "@portal/kit";
import { LoadFailure, Pager, formatMoney, useLanguage } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import type { LineFilters } from "../reads";
import { FIRST_LINES, percent, termsText, useAgent, useSettlements } from "../reads";
import type { TextKey } from "../texts";
import { named, t } from "../texts";
import { GrantContract } from "./GrantContract";
import { MoveMember } from "./MoveMember";

export function AgentDetail({ accountId, onBack }: { accountId: string; onBack: () => void }) {
  const { language } = useLanguage();
  const ops = useOps();
  const admin = holds(ops.session, "admin");
  const read = useAgent(accountId);
  const value = read.data;
  const name = value?.agent.username ?? accountId;
  return (
    <section aria-labelledby="ag-detail" className="ag">
      <PageTitle>
        <span id="ag-detail">{t(language, "detail", { name })}</span>
      </PageTitle>
      <div className="oc-row">
        <button type="button" className="kit-button kit-button--ghost" onClick={onBack}>
          {t(language, "back")}
        </button>
      </div>
      <LoadFailure error={read.error} />
      {read.isLoading ? <p>{t(language, "loading")}</p> : null}
      {value ? <Facts value={value} /> : null}
      {value ? <Contracts contracts={value.contracts} /> : null}
      {value && value.pending.length > 0 ? (
        <>
          <h2 className="ag-subtitle">{t(language, "pending")}</h2>
          <ul className="ag-list" data-testid="agent-pending">
            {value.pending.map((request) => (
              <li key={request.id}>
                {named(language, request.kind)}: {t(language, "requestFrom", { type: named(language, request.requestType), upline: request.uplineId })} — {termsText(language, request.terms)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Settlements accountId={accountId} />
      {value && admin ? <AdminForms value={value} /> : null}
    </section>
  );
}

function Facts({ value }: { value: OpsAgentDetailRead }) {
  const { language } = useLanguage();
  const agent = value.agent;
  const facts: [TextKey, string][] = [
    ["username", agent.username ?? "—"], ["accountId", agent.accountId],
    ["type", agent.accountType === null ? "—" : t(language, "typeN", { type: agent.accountType })],
    ["upline", agent.topAgent ? t(language, "topAgent") : (agent.uplineUsername ?? agent.uplineId ?? "—")],
    ["depth", String(agent.depth)], ["downlines", String(agent.downlines)], ["teamSize", String(value.teamSize)],
    ["registered", when(agent.registeredAt, language)],
  ];
  return (
    <>
      <h2 className="ag-subtitle">{t(language, "facts")}</h2>
      <dl className="oc-facts" data-testid="agent-facts">
        {facts.map(([key, text]) => (
          <div key={key}>
            <dt>{t(language, key)}</dt>
            <dd>{text}</dd>
          </div>
        ))}
      </dl>
      <h2 className="ag-subtitle">{t(language, "uplines")}</h2>
      {value.uplines.length ? (
        <ol className="ag-list" data-testid="agent-uplines">
          {value.uplines.map((upline) => (
            <li key={upline.accountId}>
              {upline.username ?? upline.accountId} <span className="ag-muted">({t(language, "levelsUp", { levels: upline.levelsUp })})</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="ag-muted">{t(language, "noUplines")}</p>
      )}
    </>
  );
}

function givenBy(language: Parameters<typeof t>[0], contract: OpsAgentContractRead): string {
  const who = contract.grantedBy ?? "—";
  return t(language, contract.origin === "OPS" ? "byOps" : "byUpline", { name: who });
}

function Contracts({ contracts }: { contracts: OpsAgentContractRead[] }) {
  const { language } = useLanguage();
  return (
    <>
      <h2 className="ag-subtitle">{t(language, "contracts")}</h2>
      {contracts.length === 0 ? (
        <p className="ag-muted">{t(language, "noContracts")}</p>
      ) : (
        <ScrollBox label={t(language, "contracts")}>
          <table className="oc-table" data-testid="agent-contracts">
            <thead>
              <tr>
                <th scope="col">{t(language, "kind")}</th>
                <th scope="col">{t(language, "terms")}</th>
                <th scope="col">{t(language, "ratio")}</th>
                <th scope="col">{t(language, "state")}</th>
                <th scope="col">{t(language, "grantedBy")}</th>
                <th scope="col">{t(language, "grantedAt")}</th>
                <th scope="col">{t(language, "ended")}</th>
              </tr>
            </thead>
            <tbody>
              {contracts.map((contract) => (
                <tr key={contract.id} data-contract={contract.kind} data-status={contract.status}>
                  <td>{named(language, contract.kind)}</td>
                  <td className="ag-wrap">{termsText(language, contract.terms)}</td>
                  <td>{percent(contract.ratio)} %</td>
                  <td>
                    <Badge value={contract.status.toLowerCase()} text={contract.endReason ? named(language, contract.endReason) : named(language, contract.status)} />
                  </td>
                  <td>{givenBy(language, contract)}</td>
                  <td>{when(contract.grantedAt, language)}</td>
                  <td>{when(contract.endedAt, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </>
  );
}

const LINE_KINDS: readonly Kind[] = ["DIVIDEND", "DAILY_WAGE", "HOURLY_SALARY", "REALTIME_SALARY"];
const LINE_STATES: readonly LineStatus[] = ["PENDING", "PAID", "REFUSED"];

function Settlements({ accountId }: { accountId: string }) {
  const { language } = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const [draft, setDraft] = useState<LineFilters>(FIRST_LINES);
  const [filters, setFilters] = useState<LineFilters>(FIRST_LINES);
  const read = useSettlements(accountId, pageNo, filters);
  const page = read.data;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPageNo(1);
  };
  return (
    <>
      <h2 className="ag-subtitle">{t(language, "settlements")}</h2>
      <form className="oc-row" onSubmit={apply} aria-label={t(language, "filterLines")}>
        <label className="kit-field">
          {t(language, "lineKindFilter")}
          <select className="oc-select" value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value as LineFilters["kind"] })}>
            <option value="">{t(language, "anyLine")}</option>
            {LINE_KINDS.map((value) => (
              <option key={value} value={value}>
                {named(language, value)}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          {t(language, "lineStateFilter")}
          <select className="oc-select" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as LineFilters["status"] })}>
            <option value="">{t(language, "anyLine")}</option>
            {LINE_STATES.map((value) => (
              <option key={value} value={value}>
                {named(language, value)}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          {t(language, "sort")}
          <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as LineOrder })}>
            <option value="newest">{t(language, "linesNewest")}</option>
            <option value="oldest">{t(language, "linesOldest")}</option>
          </select>
        </label>
        <button type="submit" className="kit-button kit-button--ghost">
          {t(language, "filterLines")}
        </button>
      </form>
      <LoadFailure error={read.error} />
      {page && page.list.length === 0 ? <p className="ag-muted">{t(language, "noSettlements")}</p> : null}
      {page && page.list.length > 0 ? (
        <ScrollBox label={t(language, "settlements")}>
          <table className="oc-table" data-testid="agent-settlements">
            <thead>
              <tr>
                <th scope="col">{t(language, "kind")}</th>
                <th scope="col">{t(language, "period")}</th>
                <th scope="col">{t(language, "lineType")}</th>
                <th scope="col">{t(language, "amount")}</th>
                <th scope="col">{t(language, "status")}</th>
              </tr>
            </thead>
            <tbody>
              {page.list.map((line: IncomeLineRead) => (
                <tr key={line.id}>
                  <td>{named(language, line.kind)}</td>
                  <td>
                    {when(line.periodStart, language)} – {when(line.periodEnd, language)}
                  </td>
                  <td>{named(language, line.lineType)}</td>
                  <td>
                    {formatMoney(line.amount)} {line.currency}
                  </td>
                  <td>
                    <Badge value={line.status.toLowerCase()} text={named(language, line.status)} />
                    {line.errorCode ? <span className="ag-muted"> {line.errorCode}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? <Pager label={t(language, "settlements")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "next")} /> : null}
    </>
  );
}

/** The admin's forms: a grant, only to a top agent (the server's rule: anyone else gets theirs from its upline),
 * and the move of this account. */
function AdminForms({ value }: { value: OpsAgentDetailRead }) {
  const { language } = useLanguage();
  const agent = value.agent;
  return (
    <>
      {agent.isAgent && agent.topAgent ? <GrantContract accountId={agent.accountId} /> : <p className="ag-muted">{t(language, agent.isAgent ? "grantNotTop" : "grantNotAgent")}</p>}
      <MoveMember accountId={agent.accountId} />
    </>
  );
}
