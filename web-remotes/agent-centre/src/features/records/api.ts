/** The account record the member centre shows (transactionHistory), for the agent's own wallet. */
import { api, keepPreviousData, moneyRecords, useLanguage, useQuery, useSession } from "@portal/kit";

export const PAGE_SIZE = 20;

export interface RecordFilter {
  type: string;
  startDate: string;
  endDate: string;
}

export function useRecords(filter: RecordFilter, pageNo: number) {
  const { language } = useLanguage();
  const { token } = useSession();
  return useQuery({
    queryKey: ["agent-records", filter, pageNo, token, language],
    queryFn: () =>
      api("transactionRecords", language, {
        query: { pageNo, pageSize: PAGE_SIZE, type: filter.type === "all" ? null : filter.type, startDate: filter.startDate || null, endDate: filter.endDate || null },
      }).then(moneyRecords), // the money lines: this filter never asks for type=points
    placeholderData: keepPreviousData,
  });
}
