/** The reward centre: the member's VIP level with its progress and perks, the level-up bonuses and (from the
 * referrals) the invitation rewards. */
import { api, useLanguage, useQuery } from "@portal/kit";

export function useVip() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["vipInfo", language], queryFn: () => api("vipInfo", language) });
}

/** The member's invitations (the same call as the invite page's, one cache): the rewards they earned. */
export function useReferralRewards() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["referralInfo", language], queryFn: () => api("referralInfo", language) });
}
