/** The redeem dialog's parts: the item with its price, what the quantity costs (the points, and the money taken from
 * the main balance for an item that costs money too), and the redemption received. */
import type { ItemRead, Language, RedemptionRead } from "@portal/kit";
import { moneyText, priceText } from "../rules";
import { pointsText } from "../texts";

export function RedeemItem({ language, item, currency }: { language: Language; item: ItemRead; currency: string }) {
  return (
    <div className="pm-form__item">
      <img src={item.picture} alt="" width={72} height={72} />
      <div>
        <strong>{item.name}</strong>
        <span className="muted">{priceText(language, item, currency)}</span>
      </div>
    </div>
  );
}

/** The money the redemption takes from the main balance (nothing for a points-only item). */
export function RedeemMoney({ language, item, quantity, currency }: { language: Language; item: ItemRead; quantity: number; currency: string }) {
  if (item.money <= 0) return null;
  return (
    <p role="note" data-testid="redeem-money">
      {pointsText(language, "moneyTotal", { amount: moneyText(item.money * quantity, currency, language) })}
    </p>
  );
}

export function RedeemDone({ language, done, onClose }: { language: Language; done: RedemptionRead; onClose: () => void }) {
  return (
    <div className="pm-form">
      <p className="kit-ok" role="status" data-testid="redeem-done">
        {pointsText(language, "redeemed", { no: done.transactionNo })}
      </p>
      <div className="dialog-actions">
        <button type="button" className="kit-button" onClick={onClose}>
          {pointsText(language, "close")}
        </button>
      </div>
    </div>
  );
}
