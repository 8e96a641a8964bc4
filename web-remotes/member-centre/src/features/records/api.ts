/** The account record, one page at a time, filtered by type and dates. */
import { api, keepPreviousData, moneyRecords, useLanguage, useQuery } from "@portal/kit";

export interface RecordFilter {
  type: string;
  startDate: string;
  endDate: string;
}

export const PAGE_SIZE = 20;

export function useRecords(filter: RecordFilter, pageNo: number) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["records", filter, pageNo, language],
    queryFn: () =>
      api("transactionRecords", language, {
        query: {
          pageNo,
          pageSize: PAGE_SIZE,
          type: filter.type === "all" ? null : filter.type,
          startDate: filter.startDate || null,
          endDate: filter.endDate || null,
        },
      }).then(moneyRecords), // the money lines: this filter never asks for type=points
    placeholderData: keepPreviousData,
  });
}
