/** The VIP page's reads: the brand's levels (anyone) and, for a member, their own level. */
import { api, useLanguage, useQuery } from "@portal/kit";

export function useVipLevels() {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["vipLevels", language], queryFn: () => api("vipLevels", language) });
}

export function useMyVip(enabled: boolean) {
  const { language } = useLanguage();
  return useQuery({ queryKey: ["vipInfo", language], queryFn: () => api("vipInfo", language), enabled });
}
