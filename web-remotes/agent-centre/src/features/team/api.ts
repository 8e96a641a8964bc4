/** The team's reads: the overview, the figures by hour, the members (search, direct only, paged), team betting and
 * user loss over a date range; and the transfer to a downline (sealed: it carries the payment password). */
import type { Language, Period } from "@portal/kit";
import { api, apiSealed, keepPreviousData, useLanguage, useQuery, useSession } from "@portal/kit";

export const PAGE_SIZE = 20;

export function useOverview() {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({ queryKey: ["agent-overview", token, language], queryFn: () => api("agentTeamOverview", language) });
}

export function useFigures(period: Period, date: string) {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({
    queryKey: ["agent-figures", period, date, token, language],
    queryFn: () => api("agentTeamFigures", language, { query: { period, date: date || null, pageNo: 1, pageSize: 1 } }),
    placeholderData: keepPreviousData,
  });
}

export function useHourly(date: string) {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({
    queryKey: ["agent-hourly", date, token, language],
    queryFn: () => api("agentTeamHourlyFigures", language, { query: { date: date || null } }),
    placeholderData: keepPreviousData,
  });
}

export interface MemberFilter {
  search: string;
  directOnly: boolean;
}

export function useMembers(filter: MemberFilter, pageNo: number) {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({
    queryKey: ["agent-members", filter, pageNo, token, language],
    queryFn: () =>
      api("agentTeamMembers", language, { query: { search: filter.search.trim() || null, directOnly: filter.directOnly, pageNo, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export interface ReportFilter {
  from: string;
  to: string;
  search: string;
}

export function useReport(report: "betting" | "losses", filter: ReportFilter, pageNo: number) {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({
    queryKey: ["agent-report", report, filter, pageNo, token, language],
    queryFn: () => {
      const query = { from: filter.from || null, to: filter.to || null, search: filter.search.trim() || null, pageNo, pageSize: PAGE_SIZE };
      return report === "betting" ? api("agentTeamBetting", language, { query }) : api("agentTeamLosses", language, { query });
    },
    placeholderData: keepPreviousData,
  });
}

export function newRequestId(): string {
  return crypto.randomUUID();
}

/** The agent's main wallet to a downline's (any depth), sealed like the member's transfer to its upline. The caller
 * keeps ``requestId`` for one transfer: a retry after a lost answer is the same transfer, not a second one. */
export function transferToDownline(
  language: Language,
  downlineId: string,
  amount: number,
  paymentPassword: string,
  requestId: string,
) {
  return apiSealed("transferToDownline", language, { downlineId, amount, paymentPassword, requestId });
}
