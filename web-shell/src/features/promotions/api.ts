/** The promotions calls: the brand's promotions open now (a visitor too; ``joined`` only for a member or agent) and
 * joining one. */
import type { Language } from "@portal/kit";
import { api, useLanguage, useQuery, useSession } from "@portal/kit";

/** The promotions, asked again when the session changes (a visitor who logs in learns what they joined). */
export function usePromotions() {
  const { language } = useLanguage();
  const session = useSession();
  return useQuery({ queryKey: ["promotions", session.token, language], queryFn: () => api("promotions", language) });
}

export function joinPromotion(language: Language, promotionId: number) {
  return api("joinPromotion", language, { body: { promotionId } });
}

export function applyForPromotion(language: Language, body: { promotionId: number; remark: string; images: string[]; requestId: string }) {
  return api("applyForPromotion", language, { body });
}
