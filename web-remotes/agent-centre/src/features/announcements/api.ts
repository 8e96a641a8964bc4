/** The site's announcements, the call the shell's announcement popup uses, one page at a time. */
import { api, keepPreviousData, useLanguage, useQuery } from "@portal/kit";

export const PAGE_SIZE = 8;

export function useAnnouncements(pageNo: number) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["agent-announcements", pageNo, language],
    queryFn: () => api("listAnnouncements", language, { query: { pageNo, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
