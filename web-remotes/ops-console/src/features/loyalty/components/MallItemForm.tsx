/** The mall's item form: a new item (with its initial stock) or the one being edited (its stock moves apart): names,
 * picture, points, the money paid from the member's main balance with them (major units; empty: points only), order,
 * on sale, and the audit reason. The page checks the draft and calls. */
import type { FormEvent } from "react";
import type { Action } from "@portal/kit";
import { Field, OutcomeLine, SUPPORTED, useLanguage } from "@portal/kit";
import { t } from "../texts";
import type { Draft } from "./mallItem";

interface Props {
  draft: Draft;
  editing: number | null;
  change: (patch: Partial<Draft>) => void;
  save: Pick<Action<never, unknown>, "outcome" | "pending">;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}

export function MallItemForm({ draft, editing, change, save, onSubmit, onCancel }: Props) {
  const { language } = useLanguage();
  return (
    <form className="ly-form" onSubmit={onSubmit} aria-labelledby="oc-item-form" noValidate>
      <h2 id="oc-item-form" className="ly-form__title">
        {editing === null ? t(language, "addItem") : t(language, "editItem", { id: editing })}
      </h2>
      <div className="oc-row">
        {SUPPORTED.map((code) => (
          <Field key={code} label={t(language, "nameIn", { language: code })} value={draft.names[code]} onChange={(text) => change({ names: { ...draft.names, [code]: text } })} maxLength={80} required={code === "TR"} />
        ))}
      </div>
      <Field label={t(language, "pictureAddress")} value={draft.picture} onChange={(picture) => change({ picture })} maxLength={500} hint={t(language, "pictureHint")} required />
      <div className="oc-row">
        <Field label={t(language, "points")} value={draft.points} onChange={(points) => change({ points })} inputMode="numeric" size={10} required />
        <Field label={t(language, "itemMoney")} value={draft.money} onChange={(money) => change({ money })} inputMode="decimal" size={12} hint={t(language, "itemMoneyHint")} />
        {editing === null ? <Field label={t(language, "initialStock")} value={draft.stock} onChange={(value) => change({ stock: value })} inputMode="numeric" size={10} /> : null}
        <Field label={t(language, "sort")} value={draft.sort} onChange={(sort) => change({ sort })} inputMode="numeric" size={6} />
      </div>
      <label className="ly-form__check">
        <input type="checkbox" checked={draft.active} onChange={(event) => change({ active: event.target.checked })} />
        {t(language, "onSale")}
      </label>
      <Field label={t(language, "auditReason")} value={draft.reason} onChange={(reason) => change({ reason })} maxLength={500} required />
      <OutcomeLine outcome={save.outcome} />
      <div className="oc-row">
        <button type="submit" className="kit-button" disabled={save.pending}>
          {t(language, editing === null ? "add" : "save")}
        </button>
        {editing !== null ? (
          <button type="button" className="kit-button kit-button--ghost" onClick={onCancel}>
            {t(language, "cancel")}
          </button>
        ) : null}
      </div>
    </form>
  );
}
