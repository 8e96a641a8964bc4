/** Banners, notices and announcements (queries), and feedback. */
import type { QueryClient } from "@portal/kit";
import { api, useLanguage, useQuery } from "@portal/kit";
import type { AnnouncementRead, BannerGroup } from "@portal/kit";

function bannersQuery(group: BannerGroup, language: string) {
  return { queryKey: ["banners", group, language], queryFn: () => api("banners", language, { query: { group } }) };
}

function noticesQuery(types: "B" | "PU", firstLogin: boolean, language: string) {
  return {
    queryKey: ["notices", types, firstLogin, language],
    queryFn: () => api("notices", language, { query: { types, platform: "W", ...(firstLogin ? { firstLogin } : {}) } }),
  };
}

export function useBanners(group: BannerGroup) {
  const { language } = useLanguage();
  return useQuery(bannersQuery(group, language));
}

/** Notices of ``types`` (``B`` the system notices, ``PU`` the public popup) for the caller's audience. */
export function useNotices(types: "B" | "PU", firstLogin = false) {
  const { language } = useLanguage();
  return useQuery(noticesQuery(types, firstLogin, language));
}

/** Start the home page's own reads while the site configuration is still loading, instead of after it; with
 * ``popup``, also the public popup's notices (a visitor who has not closed it this session will see it). */
export function prefetchHome(client: QueryClient, language: string, popup: boolean) {
  void client.prefetchQuery(bannersQuery("w_home", language));
  void client.prefetchQuery(bannersQuery("w_video", language));
  void client.prefetchQuery(noticesQuery("B", false, language));
  if (popup) void client.prefetchQuery(noticesQuery("PU", false, language));
}

/** The public popup's notices that the page's first paint (src/firstPopup.ts) already fetched: the shell's popup shows
 * them at its first render instead of asking again. */
export function seedPopupNotices(client: QueryClient, language: string, notices: AnnouncementRead[]) {
  client.setQueryData(noticesQuery("PU", false, language).queryKey, notices);
}

export function sendFeedback(language: string, content: string) {
  return api("feedback", language, { body: { content } });
}
