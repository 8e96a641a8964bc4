/** The stock change of one mall item: a signed amount (never set outright: redemptions made meanwhile stay counted)
 * with the audit reason, checked before calling. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { Action, ItemRead } from "@portal/kit";
import { Field, OutcomeLine, useLanguage } from "@portal/kit";
import { t } from "../texts";
import { itemName, stockChange } from "./mallItem";

type StockInput = { id: number; change: number; reason: string };

export function MallStockForm({ row, stock, onCancel }: { row: ItemRead; stock: Action<StockInput, ItemRead>; onCancel: () => void }) {
  const { language } = useLanguage();
  const [text, setText] = useState("");
  const [reason, setReason] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = stockChange(text);
    if (amount === null) return stock.refuse(t(language, "stockChangeInvalid"));
    if (!reason.trim()) return stock.refuse(t(language, "required"));
    void stock.submit({ id: row.itemId, change: amount, reason: reason.trim() }).then((done) => {
      if (done) {
        setText("");
        setReason("");
      }
    });
  };
  return (
    <form className="ly-form" onSubmit={submit} aria-labelledby="oc-stock-form" noValidate>
      <h2 id="oc-stock-form" className="ly-form__title">
        {t(language, "stockOf", { item: itemName(row, language), stock: row.stock })}
      </h2>
      <div className="oc-row">
        <Field label={t(language, "stockChange")} value={text} onChange={setText} inputMode="numeric" size={10} autoFocus />
        <Field label={t(language, "auditReason")} value={reason} onChange={setReason} maxLength={500} />
      </div>
      <OutcomeLine outcome={stock.outcome} />
      <div className="oc-row">
        <button type="submit" className="kit-button" disabled={stock.pending}>
          {t(language, "apply")}
        </button>
        <button type="button" className="kit-button kit-button--ghost" onClick={onCancel}>
          {t(language, "cancel")}
        </button>
      </div>
    </form>
  );
}
