/** The brand's points mall: every item (on sale or off) with its picture, names, points, money (paid from the
 * member's main balance with the points; none: points only), stock and order. Every role of the console reads it; the
 * content role (or an admin) adds an item, edits one in place, and changes an item's stock by a signed amount (never
 * set outright: redemptions made meanwhile stay counted). The points service decides, and its refusal is shown as it
 * says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { ItemRead, ItemWrite, NewItem } from "@portal/kit";
import { LoadFailure, Pager, useLanguage } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { PageTitle, ScrollBox } from "../../../shared/ui";
import { t } from "../texts";
import type { CatalogueFilters } from "./CatalogueFilter";
import { CatalogueFilter, FIRST_CATALOGUE, catalogueQuery } from "./CatalogueFilter";
import { useMallEditor } from "./editor";
import { MallItemForm } from "./MallItemForm";
import { MallRow } from "./MallRow";
import { MallStockForm } from "./MallStockForm";
import { EMPTY, draftOf, itemBody } from "./mallItem";
import "../loyalty.css";

export { EMPTY, MAX_ITEM_MONEY, MAX_ITEM_POINTS, MAX_STOCK, itemBody, stockChange } from "./mallItem";
export type { Draft } from "./mallItem";

export const MALL_PAGE_SIZE = 50;

export function Mall() {
  const { language } = useLanguage();
  const ops = useOps();
  const writer = holds(ops.session, "content");
  const [filters, setFilters] = useState<CatalogueFilters>(FIRST_CATALOGUE);
  const [pageNo, setPageNo] = useState(1);
  const editor = useMallEditor({
    key: ["ops", "points", "mall", ops.brand],
    shown: [filters, pageNo],
    enabled: !!ops.brand,
    calls: {
      list: () =>
        ops.call("opsMallItems", {
          path: { code: ops.brand },
          query: { ...catalogueQuery(filters, pageNo, MALL_PAGE_SIZE), ...(filters.text ? { text: filters.text } : {}) },
        }),
      create: (body: NewItem) => ops.call("opsCreateMallItem", { path: { code: ops.brand }, body }),
      update: (id: number, body: ItemWrite) => ops.call("opsChangeMallItem", { path: { code: ops.brand, itemId: id }, body }),
      stock: (id: number, body: { change: number; reason: string }) => ops.call("opsChangeMallStock", { path: { code: ops.brand, itemId: id }, body }),
    },
    empty: EMPTY,
    draftOf,
    texts: { created: t(language, "itemCreated"), saved: t(language, "itemSaved"), stocked: (row) => t(language, "stockChanged", { stock: row.stock }) },
  });
  const { list, draft, editing, save, stocking } = editor;
  const page = list.data;
  if (page && page.totalPages > 0 && pageNo > page.totalPages && !list.isPlaceholderData) setPageNo(page.totalPages);
  const rows: ItemRead[] = page?.list ?? [];
  const filtered = filters !== FIRST_CATALOGUE;
  const stocked = rows.find((row) => row.itemId === stocking) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = itemBody(draft, editing === null);
    if (typeof body === "string") return save.refuse(t(language, body));
    if (editing === null) editor.create(body as NewItem);
    else editor.update(editing, body);
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
      <CatalogueFilter
        withText
        onSearch={(next) => {
          setFilters(next);
          setPageNo(1);
        }}
      />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, filtered ? "noMatch" : "mallEmpty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "pointsMall")}>
          <table className="oc-table" data-testid="mall-items">
            <thead>
              <tr>
                <th scope="col">{t(language, "picture")}</th>
                <th scope="col">{t(language, "name")}</th>
                <th scope="col" className="num">{t(language, "points")}</th>
                <th scope="col" className="num">{t(language, "money")}</th>
                <th scope="col" className="num">{t(language, "stock")}</th>
                <th scope="col" className="num">{t(language, "sort")}</th>
                <th scope="col">{t(language, "itemState")}</th>
                {writer ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <MallRow key={row.itemId} row={row} writer={writer} current={editing === row.itemId || stocking === row.itemId} onEdit={() => editor.startEdit(row)} onStock={() => editor.startStock(row)} />
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? <Pager label={t(language, "listPages")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "nextPage")} /> : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
      {writer && stocked ? <MallStockForm key={stocked.itemId} row={stocked} stock={editor.stock} onCancel={editor.cancelStock} /> : null}
      {writer && ops.brand ? <MallItemForm draft={draft} editing={editing} change={editor.change} save={save} onSubmit={submit} onCancel={editor.cancelEdit} /> : null}
    </section>
  );
}
