/** The filter bar and the pager the content lists share: the server pages, filters and sorts each list (text in
 * the titles, shown or switched off, a banner's place or an announcement's type, the members' order or the newest
 * or oldest added first); a new filter goes back to the first page. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { ContentOrder } from "@portal/kit";
import { Field, Pager, useLanguage } from "@portal/kit";
import type { TextKey } from "../texts";
import { t } from "../texts";
import type { ListPage } from "./editor";

export const ORDERS: readonly ContentOrder[] = ["display", "newest", "oldest"];
export const PAGE_SIZE = 50;

export interface ListFilters {
  text: string;
  /** "" every row, "true" shown to members, "false" switched off. */
  active: "" | "true" | "false";
  /** A banner's place or an announcement's type ("" any). */
  kind: string;
  sort: ContentOrder;
}

export const FIRST_FILTERS: ListFilters = { text: "", active: "", kind: "", sort: "display" };

/** The common part of a list's query: only the filters given. */
export function commonQuery(filters: ListFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: PAGE_SIZE,
    sort: filters.sort,
    ...(filters.text.trim() ? { text: filters.text.trim() } : {}),
    ...(filters.active ? { active: filters.active === "true" } : {}),
  };
}

/** The filters being typed, the ones applied, and the page shown. */
export function useListing() {
  const [draft, setDraft] = useState<ListFilters>(FIRST_FILTERS);
  const [filters, setFilters] = useState<ListFilters>(FIRST_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  return {
    draft,
    setDraft,
    filters,
    pageNo,
    setPageNo,
    apply: (event: FormEvent) => {
      event.preventDefault();
      setFilters(draft);
      setPageNo(1);
    },
  };
}

function isOrder(value: string): value is ContentOrder {
  return (ORDERS as readonly string[]).includes(value);
}

export function ListControls(props: {
  listing: ReturnType<typeof useListing>;
  /** The text field's label (banners and announcements: titles; help: keys and titles). */
  searchLabel: TextKey;
  /** Whether rows are shown or switched off (help topics have no such state). */
  withActive: boolean;
  /** The kind filter: its label and its values with their words. */
  kinds?: { label: string; options: ReadonlyArray<readonly [string, string]> };
}) {
  const { language } = useLanguage();
  const { draft, setDraft, apply } = props.listing;
  return (
    <form className="oc-row" onSubmit={apply} aria-label={t(language, "filters")}>
      <Field label={t(language, props.searchLabel)} value={draft.text} onChange={(text) => setDraft({ ...draft, text })} maxLength={100} autoComplete="off" />
      {props.withActive ? (
        <label className="kit-field">
          {t(language, "stateFilter")}
          <select className="oc-select" value={draft.active} onChange={(event) => setDraft({ ...draft, active: event.target.value as ListFilters["active"] })}>
            <option value="">{t(language, "all")}</option>
            <option value="true">{t(language, "active")}</option>
            <option value="false">{t(language, "inactive")}</option>
          </select>
        </label>
      ) : null}
      {props.kinds ? (
        <label className="kit-field">
          {props.kinds.label}
          <select className="oc-select" value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value })}>
            <option value="">{t(language, "all")}</option>
            {props.kinds.options.map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="kit-field">
        {t(language, "order")}
        <select className="oc-select" value={draft.sort} onChange={(event) => isOrder(event.target.value) && setDraft({ ...draft, sort: event.target.value })}>
          {ORDERS.map((value) => (
            <option key={value} value={value}>
              {t(language, value)}
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

/** The pager under a list; a page emptied by deletions goes back to the last page that has rows. */
export function ListPager<Read>(props: { listing: ReturnType<typeof useListing>; page: ListPage<Read> | undefined; stale: boolean }) {
  const { language } = useLanguage();
  const { pageNo, setPageNo } = props.listing;
  const page = props.page;
  if (!page) return null;
  if (page.totalPages > 0 && pageNo > page.totalPages && !props.stale) setPageNo(page.totalPages);
  return <Pager label={t(language, "pages")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "nextPage")} />;
}
