/** Banners, notices and announcements (queries), and feedback. */
import { useQuery } from "@tanstack/react-query";
import { api, useLanguage } from "@portal/kit";
import type { BannerGroup } from "@portal/kit";

export function useBanners(group: BannerGroup) {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["banners", group, language], queryFn: () => api("banners", language, { query: { group } }) });
}

/** Notices of ``types`` (``B`` the system notices, ``PU`` the public popup) for the caller's audience. */
export function useNotices(types: "B" | "PU", firstLogin = false) {
  const { language } = useLanguage();
  return useQuery({
    queryKey: ["notices", types, firstLogin, language],
    queryFn: () => api("notices", language, { query: { types, platform: "W", ...(firstLogin ? { firstLogin } : {}) } }),
  });
}

export function sendFeedback(language: string, content: string) {
  return api("feedback", language, { body: { content } });
}
