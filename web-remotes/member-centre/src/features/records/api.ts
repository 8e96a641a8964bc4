/** The account record, one page at a time, filtered by type and dates. */
import { api, keepPreviousData, useLanguage, useQuery } from "@portal/kit";
import type { PageRead_PointRecordRead, PageRead_RecordRead } from "@portal/kit";

export interface RecordFilter {
  type: string;
  startDate: string;
  endDate: string;
}

export const PAGE_SIZE = 20;

/** The money lines: the call answers the points record instead only for `type=points`, which this filter never asks. */
function moneyLines(page: PageRead_RecordRead | PageRead_PointRecordRead): PageRead_RecordRead {
  return page.list.every((row) => "wallet" in row) ? (page as PageRead_RecordRead) : { ...page, list: [] };
}

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
      }).then(moneyLines),
    placeholderData: keepPreviousData,
  });
}
