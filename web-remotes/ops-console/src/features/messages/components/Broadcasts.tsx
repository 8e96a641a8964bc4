/** The brand's broadcasts (platform messages in its members' inboxes): a page at a time, filtered (audience, writer,
 * words of the title, UTC days from / to) and sorted (newest or oldest first) by the service, each one's audience
 * and state, a form that writes one to every member, to one member or to a pasted list of account ids
 * (``AudiencePicker``), and withdraw after a confirmation. There is no text per language, and a withdrawn one is
 * deleted, so every one listed is in the inboxes it went to. Anyone of the console reads them; only the content role
 * (or an admin) sees the form and the buttons. The service decides, and its refusal is shown as it says it. */
import type { ChangeEvent, FormEvent } from "react";
import { useId, useState } from "react";
import type { BroadcastAudience, BroadcastOrder, BroadcastRead, BroadcastWrite } from "@portal/kit";
import { Field, LoadFailure, OutcomeLine, Pager, keepPreviousData, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { Badge, PageTitle, ScrollBox, when } from "../../../shared/ui";
import { t } from "../texts";
import type { Chosen } from "./Audience";
import { AudiencePicker, EVERYONE, audienceIds, audienceText } from "./Audience";
import "../messages.css";

export const TITLE_MAX = 200;
export const BODY_MAX = 4000;
export const PAGE_SIZE = 20;

/** What the list is narrowed to (empty: not narrowed) and its order. */
export interface BroadcastFilters {
  audience: "" | BroadcastAudience;
  writtenBy: string;
  search: string;
  from: string;
  to: string;
  sort: BroadcastOrder;
}

export const NO_FILTERS: BroadcastFilters = { audience: "", writtenBy: "", search: "", from: "", to: "", sort: "newest" };

/** The query of a page of broadcasts: only the filters given. */
export function broadcastsQuery(filters: BroadcastFilters, pageNo: number) {
  return {
    pageNo,
    pageSize: PAGE_SIZE,
    sort: filters.sort,
    ...(filters.audience ? { audience: filters.audience } : {}),
    ...(filters.writtenBy.trim() ? { writtenBy: filters.writtenBy.trim() } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

interface Draft {
  title: string;
  body: string;
}

const EMPTY: Draft = { title: "", body: "" };

/** The body the service takes: the title and the text, trimmed (it trims them too), and whom it is for. */
export function bodyOf(draft: Draft, chosen: Chosen = EVERYONE, accountIds: string[] = []): BroadcastWrite {
  const body: BroadcastWrite = { title: draft.title.trim(), body: draft.body.trim(), audience: chosen.audience };
  return chosen.audience === "all" ? body : { ...body, accountIds };
}

export function Broadcasts() {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const writer = holds(ops.session, "content");
  const bodyId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [chosen, setChosen] = useState<Chosen>(EVERYONE);
  const [withdrawing, setWithdrawing] = useState<number | null>(null);
  const [filterDraft, setFilterDraft] = useState<BroadcastFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<BroadcastFilters>(NO_FILTERS);
  const [pageNo, setPageNo] = useState(1);
  const key = ["ops", "broadcasts", ops.brand] as const;
  const list = useQuery({
    queryKey: [...key, filters, pageNo],
    enabled: !!ops.brand,
    placeholderData: keepPreviousData,
    queryFn: () => ops.call("opsBroadcasts", { path: { code: ops.brand }, query: broadcastsQuery(filters, pageNo) }),
  });
  const applyFilters = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filterDraft);
    setPageNo(1);
  };
  const refresh = () => queries.invalidateQueries({ queryKey: key });
  const write = useAction((body: BroadcastWrite) => ops.call("opsWriteBroadcast", { path: { code: ops.brand }, body }), {
    doneText: t(language, "sentDone"),
    onDone: () => {
      setDraft(EMPTY);
      setChosen(EVERYONE);
      return refresh();
    },
  });
  const withdraw = useAction((messageId: number) => ops.call("opsWithdrawBroadcast", { path: { code: ops.brand, messageId } }), {
    doneText: t(language, "withdrawn"),
    onDone: () => {
      setWithdrawing(null);
      return refresh();
    },
  });

  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    withdraw.reset();
    const audience = audienceIds(chosen);
    if ("problem" in audience) return write.refuse(t(language, audience.problem, { ids: (audience.ids ?? []).join(", ") }));
    const body = bodyOf(draft, chosen, audience.ids);
    if (!body.title || !body.body) return write.refuse(t(language, "required"));
    if (body.title.length > TITLE_MAX || body.body.length > BODY_MAX) return write.refuse(t(language, "tooLong"));
    void write.submit(body);
  };
  const page = list.data;
  const rows: BroadcastRead[] = page?.list ?? [];

  return (
    <section aria-labelledby="oc-broadcasts">
      <PageTitle>
        <span id="oc-broadcasts">{t(language, "broadcasts")}</span>
      </PageTitle>
      {!ops.brand ? <p>{t(language, "noBrand")}</p> : <p className="kit-field__hint">{t(language, "broadcastsIntro")}</p>}
      {!writer ? <p className="kit-field__hint">{t(language, "readOnly")}</p> : null}
      <OutcomeLine outcome={withdraw.outcome} />
      <form className="oc-row" onSubmit={applyFilters} aria-label={t(language, "filter")}>
        <label className="kit-field">
          <span>{t(language, "audience")}</span>
          <select className="oc-select" value={filterDraft.audience} onChange={(event) => setFilterDraft({ ...filterDraft, audience: event.target.value as BroadcastFilters["audience"] })}>
            <option value="">{t(language, "anyAudience")}</option>
            <option value="all">{t(language, "audienceAll")}</option>
            <option value="member">{t(language, "audienceOne")}</option>
            <option value="list">{t(language, "audienceList")}</option>
          </select>
        </label>
        <Field label={t(language, "writtenBy")} value={filterDraft.writtenBy} onChange={(writtenBy) => setFilterDraft({ ...filterDraft, writtenBy })} maxLength={64} />
        <Field label={t(language, "searchTitle")} value={filterDraft.search} onChange={(search) => setFilterDraft({ ...filterDraft, search })} maxLength={200} />
        <Field label={t(language, "from")} type="date" value={filterDraft.from} onChange={(from) => setFilterDraft({ ...filterDraft, from })} />
        <Field label={t(language, "to")} type="date" value={filterDraft.to} onChange={(to) => setFilterDraft({ ...filterDraft, to })} />
        <label className="kit-field">
          <span>{t(language, "sort")}</span>
          <select className="oc-select" value={filterDraft.sort} onChange={(event) => setFilterDraft({ ...filterDraft, sort: event.target.value as BroadcastOrder })}>
            <option value="newest">{t(language, "newest")}</option>
            <option value="oldest">{t(language, "oldest")}</option>
          </select>
        </label>
        <button type="submit" className="kit-button">
          {t(language, "filter")}
        </button>
      </form>
      <LoadFailure error={list.error} />
      {list.isLoading ? <p>{t(language, "loading")}</p> : null}
      {list.isSuccess && rows.length === 0 ? <p>{t(language, "broadcastsEmpty")}</p> : null}
      {rows.length > 0 ? (
        <ScrollBox label={t(language, "broadcasts")}>
          <table className="oc-table" data-testid="broadcasts" aria-busy={list.isPlaceholderData || undefined}>
            <thead>
              <tr>
                <th scope="col" className="num">{t(language, "number")}</th>
                <th scope="col">{t(language, "sent")}</th>
                <th scope="col">{t(language, "title")}</th>
                <th scope="col">{t(language, "body")}</th>
                <th scope="col">{t(language, "audience")}</th>
                <th scope="col">{t(language, "writtenBy")}</th>
                <th scope="col">{t(language, "state")}</th>
                {writer ? <th scope="col">{t(language, "actions")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-broadcast={row.id}>
                  <td className="num">{row.id}</td>
                  <td>{when(row.occurredAt, language)}</td>
                  <td className="oc-message-text">{row.title}</td>
                  <td className="oc-message-text">{row.body}</td>
                  <td className="oc-message-recipients" data-audience={row.audience}>{audienceText(language, row.audience, row.audienceCount, row.accountId)}</td>
                  <td>{row.writtenBy || "—"}</td>
                  <td>
                    <Badge value="live" text={t(language, "live")} />
                  </td>
                  {writer ? (
                    <td>
                      {withdrawing === row.id ? (
                        <div className="oc-row" role="group" aria-label={t(language, "withdrawQuestion")}>
                          <span>{t(language, "withdrawQuestion")}</span>
                          <button type="button" className="kit-button" disabled={withdraw.pending} onClick={() => void withdraw.submit(row.id)}>
                            {t(language, "confirmWithdraw")}
                          </button>
                          <button type="button" className="kit-button kit-button--ghost" onClick={() => setWithdrawing(null)}>
                            {t(language, "cancel")}
                          </button>
                        </div>
                      ) : (
                        <button
                          type="button"
                          className="kit-button kit-button--ghost"
                          onClick={() => {
                            withdraw.reset();
                            setWithdrawing(row.id);
                          }}
                        >
                          {t(language, "withdraw")}
                        </button>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      ) : null}
      {page ? <p className="kit-field__hint">{t(language, "broadcastsTotal", { total: page.total })}</p> : null}
      {page ? <Pager label={t(language, "pages")} pageNo={pageNo} totalPages={page.totalPages} shown={page.pageNum} onPage={setPageNo} previous={t(language, "previous")} next={t(language, "nextPage")} /> : null}
      <button type="button" className="kit-button kit-button--ghost" onClick={() => void list.refetch()}>
        {t(language, "refresh")}
      </button>
      {writer && ops.brand ? (
        <form className="oc-message-form" onSubmit={submit} aria-labelledby="oc-broadcast-form" noValidate>
          <h2 id="oc-broadcast-form" className="oc-message-form__title">
            {t(language, "writeTitle")}
          </h2>
          <AudiencePicker chosen={chosen} onChange={setChosen} />
          <p className="kit-field__hint">{t(language, "audienceNote")}</p>
          <Field label={t(language, "title")} value={draft.title} onChange={(title) => change({ title })} maxLength={TITLE_MAX} required />
          <div className="kit-field">
            <label htmlFor={bodyId}>{t(language, "body")}</label>
            <textarea
              id={bodyId}
              className="oc-message-textarea"
              value={draft.body}
              rows={5}
              maxLength={BODY_MAX}
              required
              aria-describedby={`${bodyId}-hint`}
              onChange={(event: ChangeEvent<HTMLTextAreaElement>) => change({ body: event.target.value })}
            />
            <p id={`${bodyId}-hint`} className="kit-field__hint">
              {t(language, "plainText")}
            </p>
          </div>
          <OutcomeLine outcome={write.outcome} />
          <div className="oc-row">
            <button type="submit" className="kit-button" disabled={write.pending}>
              {t(language, "send")}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
