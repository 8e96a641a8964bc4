/** Invite friends: the member's invite code and link, the invitations with each invitee's progress, the brand's rule. */
import { api, useLanguage, useQuery } from "@portal/kit";

export function useReferral() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["referralInfo", language], queryFn: () => api("referralInfo", language) });
}

/** The invite link as a friend opens it: the brand's site (where the page is served) and the path the service gave. */
export function absoluteLink(link: string, origin: string): string {
  return /^https?:\/\//.test(link) ? link : `${origin.replace(/\/+$/, "")}${link.startsWith("/") ? "" : "/"}${link}`;
}
