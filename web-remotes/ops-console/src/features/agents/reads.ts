/** The agents feature's reads on the agent-contracts ops plane: a page of the brand's agents (filtered and ordered
 * on the server), one agent, a page of its settlement lines. A grant or a move drops them all (``forgetAgents``), so
 * every table shows what the server now holds. */
import type { AgentOrder, AgentType, ContractFilter, DividendTerms, Kind, LineOrder, LineStatus, QueryClient, RealTimeTerms, WageTerms } from "@portal/kit";
import { formatMoney, keepPreviousData, useQuery } from "@portal/kit";
import { useOps } from "../../shared/session";
import type { TextKey } from "./texts";
import { t } from "./texts";

export const PAGE_SIZE = 20;
export const KINDS: Kind[] = ["DAILY_WAGE", "HOURLY_SALARY", "REALTIME_SALARY", "DIVIDEND"];
export const AGENT_TYPE_VALUES: AgentType[] = [1, 2, 41, 42];

export interface AgentFilters {
  search: string;
  agentType: "" | `${AgentType}`;
  contract: "" | Kind | ContractFilter;
  top: "" | "true" | "false";
  sort: AgentOrder;
}

export const NO_FILTERS: AgentFilters = { search: "", agentType: "", contract: "", top: "", sort: "registered" };

export const agentsKey = (brand: string) => ["ops", "agent-contracts", "agents", brand] as const;

/** The query of an agents page: only the filters given. */
export function agentsQuery(filters: AgentFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: PAGE_SIZE,
    sort: filters.sort,
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.agentType ? { agentType: Number(filters.agentType) as AgentType } : {}),
    ...(filters.contract ? { contract: filters.contract } : {}),
    ...(filters.top ? { top: filters.top === "true" } : {}),
  };
}

export function useAgents(filters: AgentFilters, pageNo: number) {
  const ops = useOps();
  return useQuery({
    queryKey: [...agentsKey(ops.brand), "list", filters, pageNo],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsAgents", { path: { code: ops.brand }, query: agentsQuery(filters, pageNo) }),
  });
}

export function useAgent(accountId: string) {
  const ops = useOps();
  return useQuery({
    queryKey: [...agentsKey(ops.brand), "one", accountId],
    enabled: !!ops.brand,
    queryFn: () => ops.call("opsAgent", { path: { code: ops.brand, accountId } }),
  });
}

/** What an agent's settlement lines are narrowed to and their order ("" leaves a filter out). */
export interface LineFilters {
  kind: Kind | "";
  status: LineStatus | "";
  sort: LineOrder;
}

export const FIRST_LINES: LineFilters = { kind: "", status: "", sort: "newest" };

export function useSettlements(accountId: string, pageNo: number, filters: LineFilters = FIRST_LINES) {
  const ops = useOps();
  return useQuery({
    queryKey: [...agentsKey(ops.brand), "settlements", accountId, filters, pageNo],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () =>
      ops.call("opsAgentSettlements", {
        path: { code: ops.brand, accountId },
        query: { pageNo, pageSize: PAGE_SIZE, sort: filters.sort, ...(filters.kind ? { kind: filters.kind } : {}), ...(filters.status ? { status: filters.status } : {}) },
      }),
  });
}

export function forgetAgents(queries: QueryClient, brand: string): void {
  void queries.invalidateQueries({ queryKey: agentsKey(brand) });
}

type Language = Parameters<typeof t>[0];

/** Basis points as a percentage (250 → "2.5"). */
export function percent(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** A contract's terms in one line: its tiers, or its real-time rates. */
export function termsText(language: Language, terms: DividendTerms | WageTerms | RealTimeTerms | null | undefined): string {
  if (!terms) return "—";
  if ("winRate" in terms) return t(language, "realtimeLine", { win: percent(terms.winRate), loss: percent(terms.lossRate), bet: formatMoney(terms.betAmount) });
  if ("period" in terms) {
    const tiers = terms.tiers.map((tier) => t(language, "tierLine", { threshold: formatMoney(tier.minProfitLoss), members: tier.minActiveMembers, ratio: percent(tier.ratio) }));
    return t(language, "dividendLine", { period: t(language, `period${terms.period}` as TextKey), tiers: tiers.join("; ") });
  }
  return terms.tiers.map((tier) => t(language, "tierLine", { threshold: formatMoney(tier.minValidBet), members: tier.minActiveMembers, ratio: percent(tier.ratio) })).join("; ");
}
