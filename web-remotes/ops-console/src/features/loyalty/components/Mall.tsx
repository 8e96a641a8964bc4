/** The brand's points mall: every item (on sale or off) with its picture, names, points, stock and order. Every role
 * of the console reads it; the content role (or an admin) adds an item, edits one in place, and changes an item's
 * stock by a signed amount (never set outright: redemptions made meanwhile stay counted). The points service
 * decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { ItemRead, ItemWrite, Language, NewItem } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, SUPPORTED, useLanguage } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox } from "../../../shared/ui";
import type { AnyTextKey } from "../texts";
import { t } from "../texts";
import { useMallEditor } from "./editor";
import "../loyalty.css";

export const MAX_ITEM_POINTS = 100_000_000;
export const MAX_STOCK = 1_000_000;
/** As the service takes it: an https address with a path, or a path on the portal's own site. */
const PICTURE = /^(https:\/\/[^\s/]+\/\S{0,470}|\/[^/\s]\S{0,480})$/;

export interface Draft {
  names: Record<Language, string>;
  picture: string;
  points: string;
  stock: string;
  sort: string;
  active: boolean;
  reason: string;
}

export const EMPTY: Draft = { names: { TR: "", EN: "", CN: "" }, picture: "", points: "", stock: "0", sort: "0", active: true, reason: "" };

function draftOf(row: ItemRead): Draft {
  return {
    names: { TR: row.names["TR"] ?? "", EN: row.names["EN"] ?? "", CN: row.names["CN"] ?? "" },
    picture: row.picture,
    points: String(row.points),
    stock: String(row.stock),
    sort: String(row.sort),
    active: row.active,
    reason: "",
  };
}

const whole = (text: string, low: number, high: number): number | null => {
  const value = text.replace(/,/g, "").trim();
  if (!/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= low && number <= high ? number : null;
};

/** The body the service takes (the names given, an empty one left out; the stock only when the item is made), or
 * the key of the text that says what is wrong with the draft. */
export function itemBody(draft: Draft, creating: boolean): NewItem | ItemWrite | AnyTextKey {
  const names: Record<string, string> = {};
  for (const language of SUPPORTED) {
    const text = draft.names[language].trim();
    if (text) names[language] = text;
  }
  if (!names["TR"]) return "turkishName";
  const picture = draft.picture.trim();
  if (!PICTURE.test(picture)) return "pictureInvalid";
  const points = whole(draft.points, 1, MAX_ITEM_POINTS);
  if (points === null) return "pointsInvalid";
  const sort = whole(draft.sort, 0, 10_000);
  if (sort === null) return "sortInvalid";
  const reason = draft.reason.trim();
  if (!reason) return "required";
  const body: ItemWrite = { names, picture, points, active: draft.active, sort, reason };
  if (!creating) return body;
  const stock = whole(draft.stock, 0, MAX_STOCK);
  if (stock === null) return "stockInvalid";
  return { ...body, stock };
}

/** A signed stock change ("+5", "-2", "3"): null when it is not a whole number other than zero within the bounds. */
export function stockChange(text: string): number | null {
  const value = text.replace(/\s|,/g, "");
  if (!/^[+-]?\d+$/.test(value)) return null;
  const number = Number(value);
  return number !== 0 && Math.abs(number) <= MAX_STOCK ? number : null;
}

function itemName(row: ItemRead, language: Language): string {
  return row.names[language] || row.names["TR"] || row.name;
}

export function Mall() {
  const { language } = useLanguage();
  const ops = useOps();
  const writer = holds(ops.session, "content");
  const [stockText, setStockText] = useState("");
  const [stockReason, setStockReason] = useState("");
  const editor = useMallEditor({
    key: ["ops", "points", "mall", ops.brand],
    enabled: !!ops.brand,
    calls: {
      list: () => ops.call("opsMallItems", { path: { code: ops.brand } }),
      create: (body: NewItem) => ops.call("opsCreateMallItem", { path: { code: ops.brand }, body }),
      update: (id: number, body: ItemWrite) => ops.call("opsChangeMallItem", { path: { code: ops.brand, itemId: id }, body }),
      stock: (id: number, body: { change: number; reason: string }) => ops.call("opsChangeMallStock", { path: { code: ops.brand, itemId: id }, body }),
    },
    empty: EMPTY,
    draftOf,
    texts: { created: t(language, "itemCreated"), saved: t(language, "itemSaved"), stocked: (row) => t(language, "stockChanged", { stock: row.stock }) },
  });
  const { list, draft, editing, save, stock, stocking, change } = editor;
  const rows: ItemRead[] = [...(list.data ?? [])].sort((a, b) => a.sort - b.sort || a.itemId - b.itemId);
  const stocked = rows.find((row) => row.itemId === stocking) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = itemBody(draft, editing === null);
    if (typeof body === "string") return save.refuse(t(language, body));
    if (editing === null) editor.create(body as NewItem);
    else editor.update(editing, body);
  };
  const submitStock = (event: FormEvent) => {
    event.preventDefault();
    if (stocking === null) return;
    const amount = stockChange(stockText);
    if (amount === null) return stock.refuse(t(language, "stockChangeInvalid"));
    if (!stockReason.trim()) return stock.refuse(t(language, "required"));
    void stock.submit({ id: stocking, change: amount, reason: stockReason.trim() }).then((done) => {
      if (done) {
        setStockText("");
        setStockReason("");
      }
    });
  };
  const openStock = (row: ItemRead) => {
    setStockText("");
    setStockReason("");
    editor.startStock(row);
  };

  return (
    <section aria-labelledby="oc-mall">
      <PageTitle>
        <span id="oc-mall">{t(language, "pointsMall")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      {!writer ? <p className="kit-field__hint">{t(language, "mallReadOnly")}</p> : null}
      {editor.stockDone ? (
        <p className="kit-ok" role="status">
          {editor.stockDone}
        </p>
      ) : null}
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "mallEmpty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "pointsMall")}>
          <table className="oc-table" data-testid="mall-items">
            <thead>
              <tr>
                <th scope="col">{t(language, "picture")}</th>
                <th scope="col">{t(language, "name")}</th>
                <th scope="col" className="num">{t(language, "points")}</th>
                <th scope="col" className="num">{t(language, "stock")}</th>
                <th scope="col" className="num">{t(language, "sort")}</th>
                <th scope="col">{t(language, "itemState")}</th>
                {writer ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.itemId} data-item={row.itemId} aria-current={editing === row.itemId || stocking === row.itemId ? "true" : undefined}>
                  <td>
                    {/* the name is in the next cell: the picture adds nothing to read */}
                    <img className="ly-thumb" src={row.picture} alt="" loading="lazy" width={56} height={56} />
                  </td>
                  <td className="ly-cut">
                    <strong>{itemName(row, language)}</strong>
                    <span className="ly-sub">
                      {SUPPORTED.filter((code) => row.names[code]).map((code) => `${code}: ${row.names[code]}`).join(" · ")}
                    </span>
                  </td>
                  <td className="num">{row.points.toLocaleString("en-US")}</td>
                  <td className="num">
                    {row.stock.toLocaleString("en-US")}
                    {row.stock === 0 ? <Badge value="soldout" text={t(language, "soldOut")} /> : null}
                  </td>
                  <td className="num">{row.sort}</td>
                  <td>
                    <Badge value={row.active ? "active" : "inactive"} text={t(language, row.active ? "active" : "inactive")} />
                  </td>
                  {writer ? (
                    <td>
                      <div className="oc-row">
                        <button type="button" className="kit-button kit-button--ghost" aria-label={`${t(language, "edit")}: ${itemName(row, language)}`} onClick={() => editor.startEdit(row)}>
                          {t(language, "edit")}
                        </button>
                        <button type="button" className="kit-button kit-button--ghost" aria-label={`${t(language, "changeStock")}: ${itemName(row, language)}`} onClick={() => openStock(row)}>
                          {t(language, "changeStock")}
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
      {writer && stocked ? (
        <form className="ly-form" onSubmit={submitStock} aria-labelledby="oc-stock-form" noValidate>
          <h2 id="oc-stock-form" className="ly-form__title">
            {t(language, "stockOf", { item: itemName(stocked, language), stock: stocked.stock })}
          </h2>
          <div className="oc-row">
            <Field label={t(language, "stockChange")} value={stockText} onChange={setStockText} inputMode="numeric" size={10} autoFocus />
            <Field label={t(language, "auditReason")} value={stockReason} onChange={setStockReason} maxLength={500} />
          </div>
          <OutcomeLine outcome={stock.outcome} />
          <div className="oc-row">
            <button type="submit" className="kit-button" disabled={stock.pending}>
              {t(language, "apply")}
            </button>
            <button type="button" className="kit-button kit-button--ghost" onClick={editor.cancelStock}>
              {t(language, "cancel")}
            </button>
          </div>
        </form>
      ) : null}
      {writer && ops.brand ? (
        <form className="ly-form" onSubmit={submit} aria-labelledby="oc-item-form" noValidate>
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
              <button type="button" className="kit-button kit-button--ghost" onClick={editor.cancelEdit}>
                {t(language, "cancel")}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
