/** "My income": the agent's own settlement lines, newest first, by contract kind. */
import type { Kind } from "@portal/kit";
import { api, keepPreviousData, useLanguage, useQuery, useSession } from "@portal/kit";

export const PAGE_SIZE = 20;

export function useIncome(kind: Kind | "all", pageNo: number) {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({
    queryKey: ["agent-income", kind, pageNo, token, language],
    queryFn: () => api("agentIncome", language, { query: { kind: kind === "all" ? null : kind, pageNo, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
