/** Join a promotion (or, for an activity promotion, apply to it): a visitor gets the login dialog, a trial account the
 * real-account notice, a member joins (once) and sees "Joined" with the way to their bonuses; a refusal is shown in
 * the server's words. */
import { useState } from "react";
import type { PromotionRead } from "@portal/kit";
import { Link, OutcomeLine, useAction, useLanguage, useQueryClient, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { joinPromotion } from "../api";
import { joinable } from "../rules";
import { promoText } from "../texts";
import { ApplyDialog } from "./ApplyDialog";

export function JoinButton({ promotion }: { promotion: PromotionRead }) {
  const { language } = useLanguage();
  const session = useSession();
  const modal = useModal();
  const queries = useQueryClient();
  const [applying, setApplying] = useState(false);
  const join = useAction(() => joinPromotion(language, promotion.promotionId), {
    onDone: () => queries.invalidateQueries({ queryKey: ["promotions"] }),
  });
  if (promotion.joined) {
    return (
      <div className="promo-join">
        <span className="promo-badge promo-badge--joined" data-testid="promotion-joined">
          ✓ {promoText(language, "joined")}
        </span>
        <Link className="promo-link" to="/member/bonusDetails">
          {promoText(language, "myBonuses")}
        </Link>
        {join.done && (
          <p className="kit-ok promo-join__note" role="status">
            {promoText(language, "joinedNow")}
          </p>
        )}
      </div>
    );
  }
  const signedIn = (): boolean => {
    if (session.token && !session.isTrial) return true;
    modal.open({ name: session.token ? "trial" : "login" });
    return false;
  };
  if (!joinable(promotion)) {
    return (
      <div className="promo-join">
        <button type="button" className="kit-button" onClick={() => signedIn() && setApplying(true)} data-testid="promotion-apply-open">
          {promoText(language, "apply")}
        </button>
        {applying && <ApplyDialog promotion={promotion} onClose={() => setApplying(false)} />}
      </div>
    );
  }
  const press = () => {
    if (signedIn()) void join.submit(undefined);
  };
  return (
    <div className="promo-join">
      <button type="button" className="kit-button" onClick={press} disabled={join.pending} aria-busy={join.pending} data-testid="promotion-join">
        {promoText(language, "join")}
      </button>
      {!session.token && <span className="muted promo-join__hint">{promoText(language, "loginToJoin")}</span>}
      <OutcomeLine outcome={join.outcome} />
    </div>
  );
}
