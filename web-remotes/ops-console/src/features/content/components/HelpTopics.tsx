/** The brand's help centre topics: the list in the order the site shows them, a form that adds one or edits the one
 * picked (its key, its title and content per language, its order), and delete after a confirmation. The content is
 * HTML the site service cleans when it is written; the list shows its words as text, never as HTML. Anyone of the
 * console reads them; only the content role (or an admin) sees the form and the buttons. The site service decides,
 * and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import type { HelpTopicBody, HelpTopicOpsRead } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, SUPPORTED, useLanguage } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { PageTitle, ScrollBox } from "../../../shared/ui";
import { t } from "../texts";
import type { Texts } from "./parts";
import { NO_TEXTS, RowActions, TextArea, givenTexts, inLanguage, plainText, textsOf } from "./parts";
import { useItemEditor } from "./editor";
import { FIRST_FILTERS, ListControls, ListPager, commonQuery, useListing } from "./listing";
import "../content.css";

/** The key the site takes (its address in the help centre). */
export const TOPIC_KEY = /^[a-z0-9][a-z0-9-]{0,49}$/;

interface Draft {
  key: string;
  title: Texts;
  content: Texts;
  sort: string;
}

const EMPTY: Draft = { key: "", title: NO_TEXTS, content: NO_TEXTS, sort: "0" };

function draftOf(row: HelpTopicOpsRead): Draft {
  return { key: row.key, title: textsOf(row.title), content: textsOf(row.content), sort: String(row.sort) };
}

/** The body the site takes: the texts given (an empty one left out). */
export function bodyOf(draft: Draft): HelpTopicBody {
  return { key: draft.key.trim(), title: givenTexts(draft.title), content: givenTexts(draft.content), sort: Number(draft.sort) };
}

export function HelpTopics() {
  const { language } = useLanguage();
  const ops = useOps();
  const writer = holds(ops.session, "content");
  const listing = useListing();
  const { filters, pageNo } = listing;
  const { list, draft, editing, removing, setRemoving, save, remove, change, send, startEdit, cancelEdit } = useItemEditor({
    key: ["ops", "helpTopics", ops.brand],
    shown: [filters, pageNo],
    enabled: !!ops.brand,
    calls: {
      list: () => ops.call("opsListHelpTopics", { path: { code: ops.brand }, query: commonQuery(filters, pageNo) }),
      create: (body: HelpTopicBody) => ops.call("opsCreateHelpTopics", { path: { code: ops.brand }, body }),
      update: (id: number, body: HelpTopicBody) => ops.call("opsUpdateHelpTopics", { path: { code: ops.brand, item_id: id }, body }),
      remove: (id: number) => ops.call("opsDeleteHelpTopics", { path: { code: ops.brand, item_id: id } }),
    },
    empty: EMPTY,
    draftOf,
    texts: { created: t(language, "helpCreated"), saved: t(language, "helpSaved"), removed: t(language, "helpRemoved") },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.reset();
    if (!TOPIC_KEY.test(draft.key.trim())) return save.refuse(t(language, "topicKeyRule"));
    if (!draft.title.TR.trim() || !draft.content.TR.trim()) return save.refuse(t(language, "turkishNeeded"));
    const sort = Number(draft.sort);
    if (!/^\d+$/.test(draft.sort.trim()) || sort > 10000) return save.refuse(t(language, "sortRule"));
    send(bodyOf(draft));
  };
  const rows: HelpTopicOpsRead[] = list.data?.list ?? [];
  const filtered = filters !== FIRST_FILTERS;

  return (
    <section aria-labelledby="oc-help-topics">
      <PageTitle>
        <span id="oc-help-topics">{t(language, "help")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : null}
      {!writer ? <p className="kit-field__hint">{t(language, "helpReadOnly")}</p> : null}
      <ListControls listing={listing} searchLabel="searchHelp" withActive={false} />
      <OutcomeLine outcome={remove.outcome} />
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, filtered ? "noMatch" : "helpEmpty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "help")}>
          <table className="oc-table" data-testid="help-topics">
            <thead>
              <tr>
                <th scope="col" className="num">{t(language, "sort")}</th>
                <th scope="col">{t(language, "topicKey")}</th>
                <th scope="col">{t(language, "title")}</th>
                <th scope="col">{t(language, "content")}</th>
                {writer ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-topic={row.id} aria-current={editing === row.id ? "true" : undefined}>
                  <td className="num">{row.sort}</td>
                  <td className="oc-id">{row.key}</td>
                  <td className="oc-content-cut">{inLanguage(row.title, language) || "—"}</td>
                  <td className="oc-content-cut" data-content>
                    {plainText(inLanguage(row.content, language)) || "—"}
                  </td>
                  {writer ? (
                    <td>
                      <RowActions
                        confirming={removing === row.id}
                        pending={remove.pending}
                        question={t(language, "helpRemoveQuestion")}
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
        <form className="oc-banner-form" onSubmit={submit} aria-labelledby="oc-help-form" noValidate>
          <h2 id="oc-help-form" className="oc-banner-form__title">
            {editing === null ? t(language, "helpAddTitle") : t(language, "helpEditTitle", { id: editing })}
          </h2>
          <div className="oc-row">
            <Field label={t(language, "topicKey")} value={draft.key} onChange={(text) => change({ key: text })} maxLength={50} required />
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
