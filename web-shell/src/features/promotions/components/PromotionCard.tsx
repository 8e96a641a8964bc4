/** A promotion as a card (picture, kind, name, headline, terms, the join button and the full terms), and its terms as
 * a list the dialog shows too. */
import type { Language, PromotionRead } from "@portal/kit";
import { useLanguage } from "@portal/kit";
import { headline, termRows } from "../rules";
import type { PromotionTextKey } from "../texts";
import { promoText } from "../texts";
import { JoinButton } from "./JoinButton";

export function Terms({ language, promotion, currency }: { language: Language; promotion: PromotionRead; currency: string }) {
  return (
    <dl className="promo-terms">
      {termRows(language, promotion, currency).map(([key, value]) => (
        <div key={key}>
          <dt>{promoText(language, key)}</dt>
          <dd data-term={key}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PromotionCard({ promotion, currency, onTerms }: { promotion: PromotionRead; currency: string; onTerms: () => void }) {
  const { language } = useLanguage();
  const titleId = `promo-${promotion.promotionId}-title`;
  return (
    <li className="promo-card" data-testid="promotion" data-kind={promotion.kind} aria-labelledby={titleId}>
      <div className="promo-card__picture">
        <img src={promotion.picture} alt={promotion.name} loading="lazy" width={640} height={360} />
        <span className="promo-badge promo-badge--kind">{promoText(language, promotion.kind as PromotionTextKey)}</span>
      </div>
      <div className="promo-card__body">
        <h2 id={titleId}>{promotion.name}</h2>
        <p className="promo-card__headline">{headline(language, promotion, currency)}</p>
        <Terms language={language} promotion={promotion} currency={currency} />
        <div className="promo-card__actions">
          <JoinButton promotion={promotion} />
          <button type="button" className="kit-button kit-button--ghost" onClick={onTerms} aria-haspopup="dialog">
            {promoText(language, "terms")}
          </button>
        </div>
      </div>
    </li>
  );
}
