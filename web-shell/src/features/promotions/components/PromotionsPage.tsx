/** /promotions: the brand's promotions open now as cards with their terms, the full terms in a dialog, and joining
 * (a visitor is asked to log in; a member joins and sees "Joined", with the way to their bonuses). */
import { useState } from "react";
import type { PromotionRead } from "@portal/kit";
import { Link, LoadFailure, useLanguage, useSession } from "@portal/kit";
import { useSite } from "../../../shared/site";
import { usePromotions } from "../api";
import { promoText } from "../texts";
import { PromotionCard } from "./PromotionCard";
import { PromotionDialog } from "./PromotionDialog";
import "../promotions.css";

export function PromotionsPage() {
  const { language } = useLanguage();
  const session = useSession();
  const { config } = useSite();
  const currency = config.currencySymbol;
  const promotions = usePromotions();
  const [chosen, setChosen] = useState<number | null>(null);
  const list: PromotionRead[] = promotions.data ?? [];
  const open = list.find((promotion) => promotion.promotionId === chosen) ?? null;
  const anyJoined = list.some((promotion) => promotion.joined);
  return (
    <section className="promo" aria-labelledby="promo-title">
      <header className="promo-head">
        <div>
          <h1 id="promo-title">{promoText(language, "title")}</h1>
          <p className="muted">{promoText(language, "lead")}</p>
        </div>
        {session.token && anyJoined && (
          <Link className="kit-button kit-button--ghost" to="/member/bonusDetails" data-testid="my-bonuses">
            {promoText(language, "myBonuses")}
          </Link>
        )}
      </header>
      <LoadFailure error={promotions.error} />
      {promotions.isPending && <p className="muted" aria-busy="true">…</p>}
      {promotions.data && list.length === 0 && <p className="promo-empty">{promoText(language, "empty")}</p>}
      {list.length > 0 && (
        <ul className="promo-list" aria-label={promoText(language, "list")}>
          {list.map((promotion) => (
            <PromotionCard key={promotion.promotionId} promotion={promotion} currency={currency} onTerms={() => setChosen(promotion.promotionId)} />
          ))}
        </ul>
      )}
      {open && <PromotionDialog promotion={open} currency={currency} onClose={() => setChosen(null)} />}
    </section>
  );
}
