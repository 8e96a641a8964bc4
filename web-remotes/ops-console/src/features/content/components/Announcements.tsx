/** The brand's announcements and popups: the list with each one's kind (and a popup's audience), state (live,
 * scheduled, ended or off) and dates, a form that adds one or edits the one picked, and delete after a
 * confirmation. The content is HTML the site service cleans when it is written; the list shows its words as text,
 * never as HTML. Anyone of the console reads them; only the content role (or an admin) sees the form and the
 * buttons. The site service decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import type { AnnouncementBody, AnnouncementOpsRead, Language, NoticeType, PopupExecution } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, SUPPORTED, useLanguage } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import type { TextKey } from "../texts";
import { t } from "../texts";
import type { Texts } from "./parts";
import { NO_TEXTS, RowActions, TextArea, givenTexts, inLanguage, isoOf, localInput, plainText, textsOf } from "./parts";
import { useItemEditor } from "./editor";
import { FIRST_FILTERS, ListControls, ListPager, commonQuery, useListing } from "./listing";
import "../content.css";

export const KINDS: readonly NoticeType[] = ["B", "PL", "PU", "PR", "H"];
export const AUDIENCES: readonly PopupExecution[] = ["A", "B", "F"];

interface Draft {
  type: NoticeType;
  /** A popup's audience; "" for everyone. */
  popupExecution: PopupExecution | "";
  promotionType: string;
  title: Texts;
  content: Texts;
  startsAt: string;
  endsAt: string;
  sort: string;
  active: boolean;
}

const EMPTY: Draft = { type: "B", popupExecution: "", promotionType: "", title: NO_TEXTS, content: NO_TEXTS, startsAt: "", endsAt: "", sort: "0", active: true };

function isKind(value: string): value is NoticeType {
  return (KINDS as readonly string[]).includes(value);
}

function isAudience(value: string): value is PopupExecution {
  return (AUDIENCES as readonly string[]).includes(value);
}

function draftOf(row: AnnouncementOpsRead): Draft {
  return {
    type: isKind(row.type) ? row.type : "B",
    popupExecution: row.popupExecution && isAudience(row.popupExecution) ? row.popupExecution : "",
    promotionType: row.promotionType ?? "",
    title: textsOf(row.title),
    content: textsOf(row.content),
    startsAt: localInput(row.startsAt),
    endsAt: localInput(row.endsAt),
    sort: String(row.sort),
    active: row.active,
  };
}

/** The body the site takes: the texts given (an empty one left out), an audience for a popup only, a promotion
 * type for a promotion notice only, the times as instants (no start: from now; no end: for good). */
export function bodyOf(draft: Draft): AnnouncementBody {
  return {
    type: draft.type,
    popupExecution: draft.type === "PU" && draft.popupExecution ? draft.popupExecution : null,
    title: givenTexts(draft.title),
    content: givenTexts(draft.content),
    promotionType: draft.type === "PR" && draft.promotionType.trim() ? draft.promotionType.trim() : null,
    startsAt: isoOf(draft.startsAt),
    endsAt: isoOf(draft.endsAt),
    sort: Number(draft.sort),
    active: draft.active,
  };
}

export type AnnouncementState = "active" | "scheduled" | "ended" | "inactive";

/** Off when not shown; else scheduled before its start, ended after its end, live between. */
export function stateOf(row: AnnouncementOpsRead, now = Date.now()): AnnouncementState {
  if (!row.active) return "inactive";
  if (new Date(row.startsAt).getTime() > now) return "scheduled";
  if (row.endsAt && new Date(row.endsAt).getTime() <= now) return "ended";
  return "active";
}

/** A kind in words (a popup with its audience), the value itself when the console does not know it. */
function kindText(language: Language, row: AnnouncementOpsRead): string {
  const kind = isKind(row.type) ? t(language, `kind${row.type}` as TextKey) : row.type;
  if (row.type !== "PU") return kind;
  const audience = row.popupExecution ? (isAudience(row.popupExecution) ? t(language, `popup${row.popupExecution}` as TextKey) : row.popupExecution) : t(language, "popupAll");
  return `${kind} · ${audience}`;
}

export function Announcements() {
  const { language } = useLanguage();
  const ops = useOps();
  const writer = holds(ops.session, "content");
  const listing = useListing();
  const { filters, pageNo } = listing;
  const { list, draft, editing, removing, setRemoving, save, remove, change, send, startEdit, cancelEdit } = useItemEditor({
    key: ["ops", "announcements", ops.brand],
    shown: [filters, pageNo],
    enabled: !!ops.brand,
    calls: {
      list: () =>
        ops.call("opsListAnnouncements", {
          path: { code: ops.brand },
          query: { ...commonQuery(filters, pageNo), ...(isKind(filters.kind) ? { type: filters.kind } : {}) },
        }),
      create: (body: AnnouncementBody) => ops.call("opsCreateAnnouncements", { path: { code: ops.brand }, body }),
      update: (id: number, body: AnnouncementBody) => ops.call("opsUpdateAnnouncements", { path: { code: ops.brand, item_id: id }, body }),
      remove: (id: number) => ops.call("opsDeleteAnnouncements", { path: { code: ops.brand, item_id: id } }),
    },
    empty: EMPTY,
    draftOf,
    texts: { created: t(language, "annCreated"), saved: t(language, "annSaved"), removed: t(language, "annRemoved") },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.reset();
    if (!draft.title.TR.trim() || !draft.content.TR.trim()) return save.refuse(t(language, "turkishNeeded"));
    const sort = Number(draft.sort);
    if (!/^\d+$/.test(draft.sort.trim()) || sort > 10000) return save.refuse(t(language, "sortRule"));
    const starts = isoOf(draft.startsAt);
    const ends = isoOf(draft.endsAt);
    if (starts && ends && ends <= starts) return save.refuse(t(language, "endsAfter"));
    send(bodyOf(draft));
  };
  const rows: AnnouncementOpsRead[] = list.data?.list ?? [];
  const filtered = filters !== FIRST_FILTERS;
  const readAt = list.dataUpdatedAt; // the states as of the list's read (Refresh reads them again)

  return (
    <section aria-labelledby="oc-announcements">
      <PageTitle>
        <span id="oc-announcements">{t(language, "announcements")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      {!writer ? <p className="kit-field__hint">{t(language, "annReadOnly")}</p> : null}
      <ListControls listing={listing} searchLabel="searchText" withActive kinds={{ label: t(language, "kindFilter"), options: KINDS.map((value) => [value, t(language, `kind${value}` as TextKey)] as const) }} />
      <OutcomeLine outcome={remove.outcome} />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, filtered ? "noMatch" : "annEmpty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "announcements")}>
          <table className="oc-table" data-testid="announcements">
            <thead>
              <tr>
                <th scope="col">{t(language, "kind")}</th>
                <th scope="col" className="num">{t(language, "sort")}</th>
                <th scope="col">{t(language, "title")}</th>
                <th scope="col">{t(language, "content")}</th>
                <th scope="col">{t(language, "startsAt")}</th>
                <th scope="col">{t(language, "endsAt")}</th>
                <th scope="col">{t(language, "state")}</th>
                {writer ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const state = stateOf(row, readAt);
                return (
                  <tr key={row.id} data-announcement={row.id} aria-current={editing === row.id ? "true" : undefined}>
                    <td>{kindText(language, row)}</td>
                    <td className="num">{row.sort}</td>
                    <td className="oc-content-cut">{inLanguage(row.title, language) || "—"}</td>
                    <td className="oc-content-cut" data-content>
                      {plainText(inLanguage(row.content, language)) || "—"}
                    </td>
                    <td>{when(row.startsAt, language)}</td>
                    <td>{when(row.endsAt, language)}</td>
                    <td>
                      <Badge value={state} text={t(language, state)} />
                    </td>
                    {writer ? (
                      <td>
                        <RowActions
                          confirming={removing === row.id}
                          pending={remove.pending}
                          question={t(language, "annRemoveQuestion")}
                          texts={{ edit: t(language, "edit"), remove: t(language, "remove"), confirm: t(language, "confirmRemove"), cancel: t(language, "cancel") }}
                          onEdit={() => startEdit(row)}
                          onAsk={() => {
                            remove.reset();
                            setRemoving(row.id);
                          }}
                          onConfirm={() => void remove.submit(row.id)}
                          onCancel={() => setRemoving(null)}
                        />
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      <ListPager listing={listing} page={list.data} stale={list.isPlaceholderData} />
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
      {writer && ops.brand ? (
        <form className="oc-banner-form" onSubmit={submit} aria-labelledby="oc-announcement-form" noValidate>
          <h2 id="oc-announcement-form" className="oc-banner-form__title">
            {editing === null ? t(language, "annAddTitle") : t(language, "annEditTitle", { id: editing })}
          </h2>
          <div className="oc-row">
            <label className="kit-field">
              {t(language, "kind")}
              <select className="oc-select" value={draft.type} onChange={(event) => isKind(event.target.value) && change({ type: event.target.value })}>
                {KINDS.map((value) => (
                  <option key={value} value={value}>
                    {t(language, `kind${value}` as TextKey)}
                  </option>
                ))}
              </select>
            </label>
            {draft.type === "PU" ? (
              <label className="kit-field">
                {t(language, "audience")}
                <select
                  className="oc-select"
                  value={draft.popupExecution}
                  onChange={(event) => change({ popupExecution: isAudience(event.target.value) ? event.target.value : "" })}
                >
                  <option value="">{t(language, "popupAll")}</option>
                  {AUDIENCES.map((value) => (
                    <option key={value} value={value}>
                      {t(language, `popup${value}` as TextKey)}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {draft.type === "PR" ? (
              <Field label={t(language, "promotionType")} value={draft.promotionType} onChange={(promotionType) => change({ promotionType })} maxLength={30} size={12} />
            ) : null}
            <Field label={t(language, "sort")} value={draft.sort} onChange={(sort) => change({ sort })} inputMode="numeric" size={6} />
          </div>
          <div className="oc-row">
            {SUPPORTED.map((code) => (
              <Field
                key={code}
                label={t(language, "titleIn", { language: code })}
                value={draft.title[code]}
                onChange={(text) => change({ title: { ...draft.title, [code]: text } })}
                maxLength={300}
                required={code === "TR"}
              />
            ))}
          </div>
          {SUPPORTED.map((code) => (
            <TextArea
              key={code}
              label={t(language, "contentIn", { language: code })}
              value={draft.content[code]}
              onChange={(text) => change({ content: { ...draft.content, [code]: text } })}
              maxLength={20000}
            />
          ))}
          <div className="oc-row">
            <Field label={t(language, "startsAt")} type="datetime-local" value={draft.startsAt} onChange={(startsAt) => change({ startsAt })} hint={editing === null ? t(language, "startsHint") : undefined} />
            <Field label={t(language, "endsAt")} type="datetime-local" value={draft.endsAt} onChange={(endsAt) => change({ endsAt })} hint={t(language, "endsHint")} />
          </div>
          <label className="oc-banner-form__check">
            <input type="checkbox" role="switch" checked={draft.active} onChange={(event) => change({ active: event.target.checked })} />
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
