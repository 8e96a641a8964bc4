/** The mall's items as cards: picture, name, price (points, and money from the main balance when the item costs
 * money too), stock, and why it cannot be redeemed now (sold out, short of points, short of money); the redeem
 * dialog of the item chosen. */
import { useState } from "react";
import type { ItemRead, Language } from "@portal/kit";
import { LoadFailure, useSession } from "@portal/kit";
import { usePointItems } from "../api";
import type { ItemState } from "../rules";
import { itemState, mainBalance, moneyText, priceText } from "../rules";
import { pointsText } from "../texts";
import { RedeemDialog } from "./RedeemDialog";

function note(language: Language, item: ItemRead, state: ItemState, currency: string): string {
  const stock = pointsText(language, "stock", { n: item.stock });
  if (state === "soldOut") return pointsText(language, "soldOut");
  if (state === "notEnough") return `${stock} · ${pointsText(language, "notEnough")}`;
  if (state === "noMoney") return `${stock} · ${pointsText(language, "noMoney", { amount: moneyText(item.money, currency, language) })}`;
  return stock;
}

function ItemCard({ language, item, state, currency, onRedeem }: { language: Language; item: ItemRead; state: ItemState; currency: string; onRedeem: () => void }) {
  const noteId = `pm-item-${item.itemId}-note`;
  return (
    <li className={state === "soldOut" ? "pm-item pm-item--sold-out" : "pm-item"} data-testid={`mall-item-${item.itemId}`}>
      <div className="pm-item__picture">
        <img src={item.picture} alt={item.name} loading="lazy" />
        {state === "soldOut" && <span className="pm-badge pm-badge--sold-out">{pointsText(language, "soldOut")}</span>}
      </div>
      <div className="pm-item__body">
        <h3>{item.name}</h3>
        <p className="pm-item__points" data-testid={`mall-price-${item.itemId}`}>
          {priceText(language, item, currency)}
        </p>
        <p id={noteId} className={state === "available" ? "muted" : "pm-item__note"}>
          {note(language, item, state, currency)}
        </p>
        <button type="button" className="kit-button kit-button--block" disabled={state !== "available"} aria-describedby={noteId} onClick={onRedeem}>
          {pointsText(language, "redeem")}
        </button>
      </div>
    </li>
  );
}

export function ShopPanel({ language, balance }: { language: Language; balance: number | null }) {
  const session = useSession();
  const items = usePointItems();
  const [chosen, setChosen] = useState<ItemRead | null>(null);
  const currency = session.balance?.currency ?? "";
  const money = mainBalance(session.balance);
  if (items.error) return <LoadFailure error={items.error} />;
  if (!items.data) return <p className="muted" aria-busy="true">…</p>;
  if (items.data.length === 0) return <p className="pm-empty">{pointsText(language, "noItems")}</p>;
  return (
    <>
      <ul className="pm-items" aria-label={pointsText(language, "shop")}>
        {items.data.map((item) => (
          <ItemCard key={item.itemId} language={language} item={item} state={itemState(item, balance, money)} currency={currency} onRedeem={() => setChosen(item)} />
        ))}
      </ul>
      {chosen && <RedeemDialog key={chosen.itemId} item={chosen} balance={balance} onClose={() => setChosen(null)} />}
    </>
  );
}
