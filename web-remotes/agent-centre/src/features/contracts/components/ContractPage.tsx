import { useState } from "react";
import { LoadFailure, OutcomeLine, Pager, useAction, useLanguage, useQueryClient, useSession } from "@portal/kit";
import { TermsLines, useOpenContract } from "../../../shared/ContractModal";
import { CONTRACTS_KEY, useContracts, useContractState, useHistory, useTeam, withdrawOffer } from "../../../shared/contracts";
import type { KindKey } from "../../../shared/rules";
import { formatRate, kindOf } from "../../../shared/rules";
import { named, t } from "../../../shared/texts";
import { ScrollBox } from "../../../shared/ui";

/** One contract kind (dividend, daily wage, hourly or real-time salary): the agent's contract and the request
 * waiting for its answer, its offers waiting for a downline's, its direct downlines' contracts, and the history. */
export function ContractPage({ kindKey }: { kindKey: KindKey }) {
  const { language } = useLanguage();
  const session = useSession();
  const kind = kindOf(kindKey);
  const me = session.member?.id;
  const openContract = useOpenContract();
  const state = useContractState(kind);
  const contracts = useContracts();
  const team = useTeam();
  const queries = useQueryClient();
  const withdraw = useAction((requestId: number) => withdrawOffer(language, kind, requestId), {
    onDone: () => queries.invalidateQueries({ queryKey: CONTRACTS_KEY }),
  });
  const [pageNo, setPageNo] = useState(1);
  const history = useHistory(kind, pageNo);
  const names = new Map((team.data?.members ?? []).map((member) => [member.accountId, member.username ?? member.accountId]));
  const nameOf = (id: string | null) => (id === null ? "—" : id === me ? t(language, "you") : (names.get(id) ?? id));
  const contract = state.data?.contract ?? null;
  const pending = state.data?.pending ?? null;
  const myOffers = (contracts.data?.pending ?? []).filter((request) => request.kind === kind && request.uplineId === me);
  const downlines = (contracts.data?.downlines ?? []).filter((item) => item.kind === kind);

  return (
    <>
      <section className="ac-panel" data-testid={`contract-${kindKey}`}>
        <h2>{t(language, kindKey)}</h2>
        <LoadFailure error={state.error ?? contracts.error} />
        <h3>{t(language, "currentContract")}</h3>
        {contract ? (
          <div className="ac-contract" data-testid="own-contract">
            <p>
              <span className="ac-status ac-status--ok" data-testid="own-contract-status">{named(language, contract.status)}</span> · {t(language, "startedAt")}{" "}
              {new Date(contract.startedAt).toLocaleString()} · {formatRate(contract.ratio)}
            </p>
            <TermsLines terms={contract.terms} />
          </div>
        ) : (
          state.data && <p className="ac-muted">{t(language, "noContract")}</p>
        )}
        {pending && pending.accountId === me && (
          <div className="ac-callout" data-testid="pending-for-me">
            <p>
              <strong>{t(language, pending.requestType === "TERMINATION" ? "requestTERMINATION" : "requestNEW")}</strong> · {t(language, "pendingBadge")}
            </p>
            <button type="button" className="kit-button" onClick={() => openContract({ mode: "answer", kind, requestId: pending.id })}>
              {t(language, "open")}
            </button>
          </div>
        )}
        <div className="ac-row">
          <button type="button" className="kit-button kit-button--ghost" onClick={() => openContract({ mode: "offer", kind })}>
            {t(language, "offerContract")}
          </button>
        </div>
      </section>
      <section className="ac-panel">
        <h3>{t(language, "downlineContracts")}</h3>
        <OutcomeLine outcome={withdraw.outcome} />
        {myOffers.length === 0 && downlines.length === 0 ? (
          <p className="ac-muted">{t(language, "empty")}</p>
        ) : (
          <ScrollBox label={t(language, "downlineContracts")} testId="downline-contracts">
            <table className="ac-table">
              <thead>
                <tr>
                  <th>{t(language, "downline")}</th>
                  <th>{t(language, "status")}</th>
                  <th className="num">{t(language, "ratio")}</th>
                  <th>{t(language, "startedAt")}</th>
                  <th>{t(language, "actions")}</th>
                </tr>
              </thead>
              <tbody>
                {myOffers.map((request) => (
                  <tr key={`request-${request.id}`}>
                    <td>{nameOf(request.accountId)}</td>
                    <td>
                      <span className="ac-status">{t(language, request.requestType === "TERMINATION" ? "requestTERMINATION" : "requestNEW")}</span> {t(language, "waitingDownline")}
                    </td>
                    <td className="num">{request.ratio === null ? "—" : formatRate(request.ratio)}</td>
                    <td>{new Date(request.createdAt).toLocaleString()}</td>
                    <td>
                      <button type="button" className="kit-button kit-button--ghost ac-small" disabled={withdraw.pending} onClick={() => void withdraw.submit(request.id)}>
                        {t(language, "withdrawOffer")}
                      </button>
                    </td>
                  </tr>
                ))}
                {downlines.map((item) => (
                  <tr key={`contract-${item.id}`}>
                    <td>{nameOf(item.accountId)}</td>
                    <td>
                      <span className="ac-status ac-status--ok">{named(language, item.status)}</span>
                    </td>
                    <td className="num">{formatRate(item.ratio)}</td>
                    <td>{new Date(item.startedAt).toLocaleString()}</td>
                    <td>
                      {item.uplineId === me && (
                        <button type="button" className="kit-button kit-button--ghost ac-small" onClick={() => openContract({ mode: "offer", kind, downlineId: item.accountId })}>
                          {t(language, "offerContract")}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </section>
      <section className="ac-panel">
        <h3>{t(language, "history")}</h3>
        <LoadFailure error={history.error} />
        {history.data && history.data.list.length === 0 && <p className="ac-muted">{t(language, "empty")}</p>}
        {history.data && history.data.list.length > 0 && (
          <ScrollBox label={t(language, "history")} testId="contract-history">
            <table className="ac-table">
              <thead>
                <tr>
                  <th>{t(language, "time")}</th>
                  <th>{t(language, "member")}</th>
                  <th>{t(language, "action")}</th>
                  <th>{t(language, "actor")}</th>
                  <th className="num">{t(language, "ratio")}</th>
                </tr>
              </thead>
              <tbody>
                {history.data.list.map((row) => (
                  <tr key={row.id}>
                    <td>{new Date(row.at).toLocaleString()}</td>
                    <td>{nameOf(row.accountId)}</td>
                    <td>{named(language, row.action)}</td>
                    <td>{row.actor.startsWith("auto:") ? `auto · ${nameOf(row.actor.slice(5))}` : nameOf(row.actor)}</td>
                    <td className="num">{row.ratio === null ? "—" : formatRate(row.ratio)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
        {history.data && <Pager label={t(language, "history")} previous={t(language, "previous")} next={t(language, "next")} pageNo={pageNo} shown={history.data.pageNum} totalPages={history.data.totalPages} onPage={setPageNo} />}
      </section>
    </>
  );
}
