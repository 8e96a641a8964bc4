/** A promotion's full terms: the picture, the terms at a glance, the brand's text, and the join button. */
import type { PromotionRead } from "@portal/kit";
import { Dialog, useLanguage } from "@portal/kit";
import { headline } from "../rules";
import { promoText } from "../texts";
import { JoinButton } from "./JoinButton";
import { Terms } from "./PromotionCard";

export function PromotionDialog({ promotion, currency, onClose }: { promotion: PromotionRead; currency: string; onClose: () => void }) {
  const { language } = useLanguage();
  return (
    <Dialog title={promoText(language, "termsTitle", { name: promotion.name })} onClose={onClose} closeLabel={promoText(language, "close")} wide>
      <div className="promo-dialog" data-testid="promotion-terms">
        <img className="promo-dialog__picture" src={promotion.picture} alt="" width={640} height={360} />
        <p className="promo-card__headline">{headline(language, promotion, currency)}</p>
        <Terms language={language} promotion={promotion} currency={currency} />
        <p className="promo-dialog__details">{promotion.details}</p>
        <div className="dialog-actions">
          <button type="button" className="kit-button kit-button--ghost" onClick={onClose}>
            {promoText(language, "close")}
          </button>
          <JoinButton promotion={promotion} />
        </div>
      </div>
    </Dialog>
  );
}
