/** The contract calls every part of the agent centre uses (the menu, the modal, the contract pages, team
 * management): reads as query hooks, the four POST actions through one typed function. */
import type { ContractStateRead, DividendTerms, Kind, Language, RealTimeTerms, WageTerms } from "@portal/kit";
import { api, useLanguage, useQuery, useSession } from "@portal/kit";
import type { AnyTerms } from "./rules";

export const CONTRACTS_KEY = ["agent-contracts"] as const;

/** The agent's active contracts, its direct downlines', and the requests waiting on either side. */
export function useContracts() {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({ queryKey: [...CONTRACTS_KEY, "all", token, language], queryFn: () => api("agentContracts", language) });
}

/** One kind's state for the agent (or a direct downline's): contract, pending request, what agreeing cancels. */
export function useContractState(kind: Kind, downlineId: string | null = null, enabled = true) {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({
    queryKey: [...CONTRACTS_KEY, "state", kind, downlineId, token, language],
    queryFn: () => readState(language, kind, downlineId),
    enabled,
  });
}

function readState(language: Language, kind: Kind, downlineId: string | null): Promise<ContractStateRead> {
  const query = downlineId ? { downlineId } : {};
  switch (kind) {
    case "DIVIDEND":
      return api("dividendContract", language, { query });
    case "DAILY_WAGE":
      return api("dailyWageContract", language, { query });
    case "HOURLY_SALARY":
      return api("hourlySalaryContract", language, { query });
    case "REALTIME_SALARY":
      return api("realTimeSalaryContract", language, { query });
  }
}

/** The team tree: the agent first, then each depth below it. */
export function useTeam() {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({ queryKey: ["agent-team", token, language], queryFn: () => api("agentTeam", language) });
}

export function useHistory(kind: Kind, pageNo: number) {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({
    queryKey: [...CONTRACTS_KEY, "history", kind, pageNo, token, language],
    queryFn: () => api("agentContractHistory", language, { query: { kind, pageNo, pageSize: 10 } }),
  });
}

export type Decision = "sign" | "terminate" | "refuse";

/** The upline takes back its own request while it waits. */
export function withdrawOffer(language: Language, kind: Kind, requestId: number): Promise<ContractStateRead> {
  return act(language, kind, { action: "withdraw", requestId });
}

/** The downline's answer to a request addressed to it. */
export function decide(language: Language, kind: Kind, action: Decision, requestId: number): Promise<ContractStateRead> {
  return act(language, kind, { action, requestId });
}

/** The upline's offer to a direct downline: a new contract with ``terms``, or the termination of the one it holds. */
export function offer(language: Language, kind: Kind, downlineId: string, terms: AnyTerms | null): Promise<ContractStateRead> {
  return act(language, kind, terms ? { action: "offer", downlineId, requestType: "NEW", terms } : { action: "offer", downlineId, requestType: "TERMINATION" });
}

interface Call {
  action: "offer" | "withdraw" | Decision;
  downlineId?: string;
  requestType?: "NEW" | "TERMINATION";
  requestId?: number;
  terms?: AnyTerms;
}

function act(language: Language, kind: Kind, call: Call): Promise<ContractStateRead> {
  const { terms, ...rest } = call;
  switch (kind) {
    case "DIVIDEND":
      return api("dividendContractAction", language, { body: { ...rest, ...(terms ? { terms: terms as DividendTerms } : {}) } });
    case "DAILY_WAGE":
      return api("dailyWageContractAction", language, { body: { ...rest, ...(terms ? { terms: terms as WageTerms } : {}) } });
    case "HOURLY_SALARY":
      return api("hourlySalaryContractAction", language, { body: { ...rest, ...(terms ? { terms: terms as WageTerms } : {}) } });
    case "REALTIME_SALARY":
      return api("realTimeSalaryContractAction", language, { body: { ...rest, ...(terms ? { terms: terms as RealTimeTerms } : {}) } });
  }
}
