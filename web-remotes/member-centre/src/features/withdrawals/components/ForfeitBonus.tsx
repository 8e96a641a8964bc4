/** A withdrawal the wallet refused because a bonus is not yet wagered: how much the bonus holds, and the choice to
 * withdraw anyway and forfeit it, after an explicit confirmation. */
import { useState } from "react";
import { Dialog, formatMoney, useLanguage } from "@portal/kit";
import { wdt } from "../texts";

export function ForfeitBonus({ held, amount, pending, onForfeit }: { held: number; amount: number; pending: boolean; onForfeit: () => void }) {
  const { language } = useLanguage();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="mc-forfeit" data-testid="bonus-unmet">
      <p>
        <strong data-testid="bonus-held">{wdt(language, "bonusHeld", { amount: formatMoney(held, "", language) })}</strong>
      </p>
      <button type="button" className="kit-button kit-button--ghost" onClick={() => setConfirming(true)} disabled={pending} aria-haspopup="dialog">
        {wdt(language, "forfeit")}
      </button>
      {confirming && (
        <Dialog title={wdt(language, "forfeitTitle")} onClose={() => setConfirming(false)} closeLabel={wdt(language, "close")}>
          <p>{wdt(language, "forfeitBody", { bonus: formatMoney(held, "", language), amount: formatMoney(amount, "", language) })}</p>
          <div className="dialog-actions">
            <button type="button" className="kit-button kit-button--ghost" onClick={() => setConfirming(false)}>
              {wdt(language, "keep")}
            </button>
            <button
              type="button"
              className="kit-button"
              onClick={() => {
                setConfirming(false);
                onForfeit();
              }}
            >
              {wdt(language, "forfeitConfirm")}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
