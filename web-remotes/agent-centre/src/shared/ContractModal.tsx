/** The contract dialog (spec §2 "contract", §4 "contract request"): a request addressed to the signed-in agent
 * with its terms and the automatic-cancellation warning, answered by sign / terminate / refuse; or the upline's
 * offer of a new contract or a termination to a direct downline. */
import type { FormEvent } from "react";
import { createContext, useContext, useState } from "react";
import type { Kind, RequestRead } from "@portal/kit";
import { AGENT_TYPES, Dialog, OutcomeLine, useAction, useLanguage, useQueryClient, useSession } from "@portal/kit";
import type { Decision } from "./contracts";
import { CONTRACTS_KEY, decide, offer, useContracts, useContractState, useTeam } from "./contracts";
import type { AnyTerms, TermsForm } from "./rules";
import { EMPTY_TERMS, KINDS, checkTerms, describeTerms, keyOf } from "./rules";
import { TermsFields } from "./TermsFields";
import { t } from "./texts";

export type ContractTarget = { mode: "answer"; kind: Kind; requestId: number } | { mode: "offer"; kind?: Kind; downlineId?: string };

export const ContractModalContext = createContext<(target: ContractTarget) => void>(() => undefined);

/** Open the contract dialog from any page of the agent centre. */
export function useOpenContract() {
  return useContext(ContractModalContext);
}

function useTermsLabel() {
  const { language } = useLanguage();
  return (key: Parameters<Parameters<typeof describeTerms>[1]>[0]) => t(language, key === "ratio" ? "ratio" : key);
}

export function TermsLines({ terms }: { terms: AnyTerms | null }) {
  const label = useTermsLabel();
  const { language } = useLanguage();
  const lines = describeTerms(terms, label).map((line) => line.replace(/^(.*: )([DWHM])$/, (_, head: string, period: "D" | "W" | "H" | "M") => head + t(language, `period${period}`)));
  return (
    <ul className="ac-terms">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function Answer({ kind, requestId, onClose }: { kind: Kind; requestId: number; onClose: () => void }) {
  const { language } = useLanguage();
  const queries = useQueryClient();
  const state = useContractState(kind);
  const contracts = useContracts();
  const request: RequestRead | undefined =
    (state.data?.pending?.id === requestId ? state.data.pending : undefined) ?? contracts.data?.pending.find((item) => item.id === requestId);
  const answer = useAction((decision: Decision) => decide(language, kind, decision, requestId), {
    onDone: () => queries.invalidateQueries({ queryKey: CONTRACTS_KEY }),
    doneText: t(language, "decided"),
  });
  const cancels = state.data?.cancels ?? [];
  const kindKey = keyOf(kind);
  return (
    <div className="ac-modal" data-testid="contract-request">
      <p className="ac-modal__kind">
        <strong>{kindKey ? t(language, kindKey) : kind}</strong> · {request ? t(language, request.requestType === "TERMINATION" ? "requestTERMINATION" : "requestNEW") : ""}
      </p>
      <p className="ac-muted">{t(language, "requestFrom")}</p>
      {request && request.requestType !== "TERMINATION" && <TermsLines terms={request.terms} />}
      {state.data?.contract && (
        <div>
          <p className="ac-muted">{t(language, "currentContract")}</p>
          <TermsLines terms={state.data.contract.terms} />
        </div>
      )}
      {request?.requestType !== "TERMINATION" && (
        <p className={cancels.length ? "ac-warning" : "ac-muted"} role={cancels.length ? "alert" : undefined} data-testid="cancels-warning">
          {cancels.length ? t(language, "cancelsWarning", { n: cancels.length }) : t(language, "cancelsNone")}
        </p>
      )}
      <OutcomeLine outcome={answer.outcome} />
      {request && request.status === "PENDING" && !answer.done ? (
        <div className="ac-actions">
          {request.requestType === "TERMINATION" ? (
            <button type="button" className="kit-button" disabled={answer.pending} onClick={() => void answer.submit("terminate")}>
              {t(language, "terminate")}
            </button>
          ) : (
            <button type="button" className="kit-button" disabled={answer.pending} onClick={() => void answer.submit("sign")}>
              {t(language, "sign")}
            </button>
          )}
          <button type="button" className="kit-button kit-button--ghost" disabled={answer.pending} onClick={() => void answer.submit("refuse")}>
            {t(language, "refuse")}
          </button>
        </div>
      ) : (
        <div className="ac-actions">
          <button type="button" className="kit-button kit-button--ghost" onClick={onClose}>
            {t(language, "close")}
          </button>
        </div>
      )}
    </div>
  );
}

function Offer({ initialKind, initialDownline }: { initialKind?: Kind | undefined; initialDownline?: string | undefined }) {
  const { language } = useLanguage();
  const session = useSession();
  const queries = useQueryClient();
  const team = useTeam();
  const contracts = useContracts();
  const me = session.member?.id;
  const directAgents = (team.data?.members ?? []).filter((member) => member.uplineId === me && member.accountId !== me && AGENT_TYPES.includes(member.accountType ?? -1));
  const held = new Set((contracts.data?.own ?? []).map((contract) => contract.kind));
  const [kind, setKind] = useState<Kind>(initialKind ?? KINDS.find((item) => held.has(item.kind))?.kind ?? "REALTIME_SALARY");
  const [downlineId, setDownlineId] = useState(initialDownline ?? "");
  const [requestType, setRequestType] = useState<"NEW" | "TERMINATION">("NEW");
  const own = contracts.data?.own.find((contract) => contract.kind === kind) ?? null;
  const [form, setForm] = useState<TermsForm>(EMPTY_TERMS);
  const chosen = downlineId || directAgents[0]?.accountId || "";
  const send = useAction((terms: AnyTerms | null) => offer(language, kind, chosen, terms), {
    onDone: () => queries.invalidateQueries({ queryKey: CONTRACTS_KEY }),
    doneText: t(language, "offerSent"),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return send.refuse(t(language, "required"));
    if (requestType === "TERMINATION") return void send.submit(null);
    const checked = checkTerms(kind, form);
    if ("problem" in checked) return send.refuse(t(language, checked.problem));
    void send.submit(checked.terms);
  };

  return (
    <form className="ac-modal" onSubmit={submit} noValidate aria-label={t(language, "offerContract")} data-testid="contract-offer">
      <div className="ac-terms-row">
        <label className="kit-field">
          {t(language, "offerTo")}
          <select className="ac-select" value={chosen} onChange={(event) => setDownlineId(event.target.value)} name="downline">
            {directAgents.map((member) => (
              <option key={member.accountId} value={member.accountId}>
                {member.username ?? member.accountId}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          {t(language, "kind")}
          <select className="ac-select" value={kind} onChange={(event) => setKind(event.target.value as Kind)} name="kind">
            {KINDS.map((item) => (
              <option key={item.kind} value={item.kind}>
                {t(language, item.key)}
              </option>
            ))}
          </select>
        </label>
        <label className="kit-field">
          {t(language, "type")}
          <select className="ac-select" value={requestType} onChange={(event) => setRequestType(event.target.value as "NEW" | "TERMINATION")} name="requestType">
            <option value="NEW">{t(language, "typeNew")}</option>
            <option value="TERMINATION">{t(language, "typeTermination")}</option>
          </select>
        </label>
      </div>
      {directAgents.length === 0 && team.data && <p className="ac-muted">{t(language, "noDownlines")}</p>}
      {own ? (
        <div>
          <p className="ac-muted">{t(language, "currentContract")}</p>
          <TermsLines terms={own.terms} />
        </div>
      ) : (
        <p className="ac-muted">{t(language, "noContract")}</p>
      )}
      {requestType === "NEW" && <TermsFields kind={kind} form={form} onChange={setForm} />}
      <p className="ac-muted">{t(language, "rateRange")}</p>
      <OutcomeLine outcome={send.outcome} />
      <div className="ac-actions">
        <button type="submit" className="kit-button" disabled={send.pending}>
          {requestType === "NEW" ? t(language, "offerNew") : t(language, "offerTermination")}
        </button>
      </div>
    </form>
  );
}

export function ContractModal({ target, onClose }: { target: ContractTarget; onClose: () => void }) {
  const { language } = useLanguage();
  return (
    <Dialog title={t(language, target.mode === "answer" ? "pendingRequest" : "offerContract")} onClose={onClose} closeLabel={t(language, "close")} wide>
      {target.mode === "answer" ? (
        <Answer kind={target.kind} requestId={target.requestId} onClose={onClose} />
      ) : (
        <Offer initialKind={target.kind} initialDownline={target.downlineId} />
      )}
    </Dialog>
  );
}

