/** The filter of what a brand offers (mall items, missions, promotions): on or off (or both), a kind, words of the name
 * (each where the list has it) and the order (the members' order, or the newest or oldest made first), all applied by
 * the server when the operator asks (the list's first page). */
import type { FormEvent } from "react";
import { useState } from "react";
import type { CatalogueOrder } from "@portal/kit";
import { Field, useLanguage } from "@portal/kit";
import { t } from "../texts";

export const CATALOGUE_ORDERS: readonly CatalogueOrder[] = ["display", "newest", "oldest"];
const ORDER_TEXT = { display: "orderDisplay", newest: "orderNewest", oldest: "orderOldest" } as const;

export interface CatalogueFilters {
  /** "" both, "true" on only, "false" off only. */
  active: "" | "true" | "false";
  kind: string;
  text: string;
  sort: CatalogueOrder;
}

export const FIRST_CATALOGUE: CatalogueFilters = { active: "", kind: "", text: "", sort: "display" };

/** The query of a page: only the filters given (the kind and the text by the page, where its list has them). */
export function catalogueQuery(filters: CatalogueFilters, pageNo: number, pageSize: number) {
  return { pageNo, pageSize, sort: filters.sort, ...(filters.active ? { active: filters.active === "true" } : {}) };
}

interface Props {
  onSearch: (filters: CatalogueFilters) => void;
  /** The kinds the list has, with their words (none: no kind filter). */
  kinds?: ReadonlyArray<readonly [string, string]>;
  /** Whether the list is filtered by words of the name. */
  withText?: boolean;
}

export function CatalogueFilter({ onSearch, kinds, withText = false }: Props) {
  const { language } = useLanguage();
  const [draft, setDraft] = useState<CatalogueFilters>(FIRST_CATALOGUE);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...draft, text: draft.text.trim() });
  };
  return (
    <form className="oc-row" onSubmit={search} aria-label={t(language, "filter")}>
      {withText ? <Field label={t(language, "nameFilter")} value={draft.text} onChange={(text) => setDraft({ ...draft, text })} maxLength={100} autoComplete="off" /> : null}
      <label className="kit-field">
        {t(language, "shownFilter")}
        <select className="oc-select" value={draft.active} onChange={(event) => setDraft({ ...draft, active: event.target.value as CatalogueFilters["active"] })}>
          <option value="">{t(language, "all")}</option>
          <option value="true">{t(language, "shownOnly")}</option>
          <option value="false">{t(language, "hiddenOnly")}</option>
        </select>
      </label>
      {kinds ? (
        <label className="kit-field">
          {t(language, "kindFilter")}
          <select className="oc-select" value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value })}>
            <option value="">{t(language, "all")}</option>
            {kinds.map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="kit-field">
        {t(language, "listOrder")}
        <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as CatalogueOrder })}>
          {CATALOGUE_ORDERS.map((value) => (
            <option key={value} value={value}>
              {t(language, ORDER_TEXT[value])}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="kit-button">
        {t(language, "filter")}
      </button>
    </form>
  );
}
