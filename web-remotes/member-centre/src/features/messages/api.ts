/** Platform information (messageV2): the member's inbox a page at a time; marking read and deleting refresh
 * the list and the unread badges. */
import { useCallback } from "react";
import { api, keepPreviousData, useLanguage, useQuery, useQueryClient } from "@portal/kit";

export const PAGE_SIZE = 10;

export function useMessages(pageNo: number) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["inbox", pageNo],
    queryFn: () => api("inboxMessages", language, { query: { pageNo, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useInboxReload(): () => void {
  const queries = useQueryClient();
  return useCallback(() => {
    void queries.invalidateQueries({ queryKey: ["inbox"] });
    void queries.invalidateQueries({ queryKey: ["unread"] });
  }, [queries]);
}

export function markRead(language: string, ids: number[] | "all") {
  return api("markMessagesRead", language, { body: ids === "all" ? { all: true } : { ids } });
}

export function deleteMessage(language: string, messageId: number) {
  return api("deleteMessage", language, { path: { messageId } });
}
