/** The brand's banners: the list with each one's state (live or off), a form that adds one or edits the one
 * picked, and delete after a confirmation. Anyone of the console reads them; only the content role (or an admin)
 * sees the form and the buttons. The site service decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import type { BannerBody, BannerGroup, BannerOpsRead, Language } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, SUPPORTED, useLanguage } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox } from "../../../shared/ui";
import type { TextKey } from "../texts";
import { t } from "../texts";
import { useItemEditor } from "./editor";
import { FIRST_FILTERS, ListControls, ListPager, commonQuery, useListing } from "./listing";
import "../content.css";

type LinkageType = NonNullable<BannerBody["linkageType"]>;

export const GROUPS: readonly BannerGroup[] = ["w_home", "w_video", "w_register", "w_forget", "w_login"];
export const LINKAGE_TYPES: readonly LinkageType[] = ["NONE", "URL", "ROUTE", "GAME", "PROMOTION"];

interface Draft {
  groupName: BannerGroup;
  url: string;
  title: Record<Language, string>;
  linkageType: LinkageType;
  linkage: string;
  sort: string;
  active: boolean;
}

const EMPTY: Draft = { groupName: "w_home", url: "", title: { TR: "", EN: "", CN: "" }, linkageType: "NONE", linkage: "", sort: "0", active: true };

function isGroup(value: string): value is BannerGroup {
  return (GROUPS as readonly string[]).includes(value);
}

function isLinkageType(value: string): value is LinkageType {
  return (LINKAGE_TYPES as readonly string[]).includes(value);
}

function draftOf(row: BannerOpsRead): Draft {
  return {
    groupName: isGroup(row.groupName) ? row.groupName : "w_home",
    url: row.url,
    title: { TR: row.title["TR"] ?? "", EN: row.title["EN"] ?? "", CN: row.title["CN"] ?? "" },
    linkageType: isLinkageType(row.linkageType) ? row.linkageType : "NONE",
    linkage: row.linkage,
    sort: String(row.sort),
    active: row.active,
  };
}

/** The body the site takes: the titles given (an empty one left out), no target without a link type. */
export function bodyOf(draft: Draft): BannerBody {
  const title: Record<string, string> = {};
  for (const language of SUPPORTED) {
    const text = draft.title[language].trim();
    if (text) title[language] = text;
  }
  return {
    groupName: draft.groupName,
    url: draft.url.trim(),
    title,
    linkageType: draft.linkageType,
    linkage: draft.linkageType === "NONE" ? "" : draft.linkage.trim(),
    sort: Number(draft.sort),
    active: draft.active,
  };
}

const NAMED: ReadonlySet<string> = new Set<string>([...GROUPS, ...LINKAGE_TYPES]);

/** A place or a link type in words, the value itself when the console does not know it. */
function named(language: Language, value: string): string {
  return NAMED.has(value) ? t(language, value as TextKey) : value;
}

export function Banners() {
  const { language } = useLanguage();
  const ops = useOps();
  const writer = holds(ops.session, "content");
  const listing = useListing();
  const { filters, pageNo } = listing;
  const { list, draft, editing, removing, setRemoving, save, remove, change, send, startEdit, cancelEdit } = useItemEditor({
    key: ["ops", "banners", ops.brand],
    shown: [filters, pageNo],
    enabled: !!ops.brand,
    calls: {
      list: () =>
        ops.call("opsListBanners", {
          path: { code: ops.brand },
          query: { ...commonQuery(filters, pageNo), ...(isGroup(filters.kind) ? { group: filters.kind } : {}) },
        }),
      create: (body: BannerBody) => ops.call("opsCreateBanners", { path: { code: ops.brand }, body }),
      update: (id: number, body: BannerBody) => ops.call("opsUpdateBanners", { path: { code: ops.brand, item_id: id }, body }),
      remove: (id: number) => ops.call("opsDeleteBanners", { path: { code: ops.brand, item_id: id } }),
    },
    empty: EMPTY,
    draftOf,
    texts: { created: t(language, "created"), saved: t(language, "saved"), removed: t(language, "removed") },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.reset();
    if (!draft.url.trim()) return save.refuse(t(language, "required"));
    if (draft.linkageType !== "NONE" && !draft.linkage.trim()) return save.refuse(t(language, "linkageNeeded"));
    const sort = Number(draft.sort);
    if (!/^\d+$/.test(draft.sort.trim()) || sort > 10000) return save.refuse(t(language, "sortRule"));
    send(bodyOf(draft));
  };
  const rows: BannerOpsRead[] = list.data?.list ?? [];
  const filtered = filters !== FIRST_FILTERS;

  return (
    <section aria-labelledby="oc-banners">
      <PageTitle>
        <span id="oc-banners">{t(language, "banners")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      {!writer ? <p className="kit-field__hint">{t(language, "readOnly")}</p> : null}
      <ListControls listing={listing} searchLabel="searchText" withActive kinds={{ label: t(language, "groupFilter"), options: GROUPS.map((value) => [value, named(language, value)] as const) }} />
      <OutcomeLine outcome={remove.outcome} />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, filtered ? "noMatch" : "empty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "banners")}>
          <table className="oc-table" data-testid="banners">
            <thead>
              <tr>
                <th scope="col">{t(language, "group")}</th>
                <th scope="col" className="num">{t(language, "sort")}</th>
                <th scope="col">{t(language, "title")}</th>
                <th scope="col">{t(language, "image")}</th>
                <th scope="col">{t(language, "linkage")}</th>
                <th scope="col">{t(language, "state")}</th>
                {writer ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-banner={row.id} aria-current={editing === row.id ? "true" : undefined}>
                  <td>{named(language, row.groupName)}</td>
                  <td className="num">{row.sort}</td>
                  <td>{row.title[language] || row.title["TR"] || "—"}</td>
                  <td className="oc-banner-url">
                    <a href={row.url} target="_blank" rel="noreferrer noopener">
                      {row.url}
                    </a>
                  </td>
                  <td>{row.linkageType === "NONE" ? named(language, "NONE") : `${named(language, row.linkageType)}: ${row.linkage}`}</td>
                  <td>
                    <Badge value={row.active ? "active" : "inactive"} text={t(language, row.active ? "active" : "inactive")} />
                  </td>
                  {writer ? (
                    <td>
                      {removing === row.id ? (
                        <div className="oc-row" role="group" aria-label={t(language, "removeQuestion")}>
                          <span>{t(language, "removeQuestion")}</span>
                          <button type="button" className="kit-button" disabled={remove.pending} onClick={() => void remove.submit(row.id)}>
                            {t(language, "confirmRemove")}
                          </button>
                          <button type="button" className="kit-button kit-button--ghost" onClick={() => setRemoving(null)}>
                            {t(language, "cancel")}
                          </button>
                        </div>
                      ) : (
                        <div className="oc-row">
                          <button type="button" className="kit-button kit-button--ghost" onClick={() => startEdit(row)}>
                            {t(language, "edit")}
                          </button>
                          <button
                            type="button"
                            className="kit-button kit-button--ghost"
                            onClick={() => {
                              remove.reset();
                              setRemoving(row.id);
                            }}
                          >
                            {t(language, "remove")}
                          </button>
                        </div>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      <ListPager listing={listing} page={list.data} stale={list.isPlaceholderData} />
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
      {writer && ops.brand ? (
        <form className="oc-banner-form" onSubmit={submit} aria-labelledby="oc-banner-form" noValidate>
          <h2 id="oc-banner-form" className="oc-banner-form__title">
            {editing === null ? t(language, "addTitle") : t(language, "editTitle", { id: editing })}
          </h2>
          <div className="oc-row">
            <label className="kit-field">
              {t(language, "group")}
              <select className="oc-select" value={draft.groupName} onChange={(event) => isGroup(event.target.value) && change({ groupName: event.target.value })}>
                {GROUPS.map((value) => (
                  <option key={value} value={value}>
                    {named(language, value)}
                  </option>
                ))}
              </select>
            </label>
            <Field label={t(language, "sort")} value={draft.sort} onChange={(sort) => change({ sort })} inputMode="numeric" size={6} />
          </div>
          <Field label={t(language, "image")} value={draft.url} onChange={(url) => change({ url })} maxLength={500} required />
          <div className="oc-row">
            {SUPPORTED.map((code) => (
              <Field
                key={code}
                label={t(language, "titleIn", { language: code })}
                value={draft.title[code]}
                onChange={(text) => change({ title: { ...draft.title, [code]: text } })}
                maxLength={300}
              />
            ))}
          </div>
          <div className="oc-row">
            <label className="kit-field">
              {t(language, "linkageType")}
              <select className="oc-select" value={draft.linkageType} onChange={(event) => isLinkageType(event.target.value) && change({ linkageType: event.target.value })}>
                {LINKAGE_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {named(language, value)}
                  </option>
                ))}
              </select>
            </label>
            {draft.linkageType !== "NONE" ? <Field label={t(language, "linkageTarget")} value={draft.linkage} onChange={(linkage) => change({ linkage })} maxLength={500} /> : null}
          </div>
          <label className="oc-banner-form__check">
            <input type="checkbox" checked={draft.active} onChange={(event) => change({ active: event.target.checked })} />
            {t(language, "shown")}
          </label>
          <OutcomeLine outcome={save.outcome} />
          <div className="oc-row">
            <button type="submit" className="kit-button" disabled={save.pending}>
              {t(language, editing === null ? "add" : "save")}
            </button>
            {editing !== null ? (
              <button type="button" className="kit-button kit-button--ghost" onClick={cancelEdit}>
                {t(language, "cancel")}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
