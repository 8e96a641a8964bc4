/** The raffles of the brand, a page at a time, with their turnover condition and their review by a second person
 * (PrizeCheck), and (for the content role) the form that adds one: its seed's hash is shown as soon as it is made,
 * and whether it waits for a second person (its prizes together above the brand's dual-control amount). */
import type { FormEvent } from "react";
import { useState } from "react";
import type { Language, OpsRaffleRead } from "@portal/kit";
import { Field, keepPreviousData, LoadFailure, OutcomeLine, Pager, SUPPORTED, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { pt } from "../prizeTexts";
import type { PrizeFilters } from "./PrizeFilter";
import { FIRST_PRIZES, PrizeFilter, prizeQuery } from "./PrizeFilter";
import type { RaffleDraft } from "./prizeForms";
import { EMPTY_RAFFLE, raffleBody } from "./prizeForms";
import { PrizeCheckDialog, usePrizeCheck } from "./PrizeCheck";
import { RafflesTable } from "./RaffleRow";

const PAGE_SIZE = 10;

export function RafflesPanel({ writer }: { writer: boolean }) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [filters, setFilters] = useState<PrizeFilters>(FIRST_PRIZES);
  const [draft, setDraft] = useState<RaffleDraft>(EMPTY_RAFFLE);
  const key = ["ops", "points", "raffles", ops.brand];
  const list = useQuery({
    queryKey: [...key, filters, pageNo],
    queryFn: () => ops.call("opsRaffles", { path: { code: ops.brand }, query: prizeQuery(filters, pageNo, PAGE_SIZE) }),
    placeholderData: keepPreviousData,
  });
  const check = usePrizeCheck("raffle", key);
  const save = useAction((body: Exclude<ReturnType<typeof raffleBody>, string>) => ops.call("opsCreateRaffle", { path: { code: ops.brand }, body }), {
    onDone: () => {
      setDraft(EMPTY_RAFFLE);
      return queries.invalidateQueries({ queryKey: key });
    },
  });
  const change = (patch: Partial<RaffleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = raffleBody(draft);
    if (typeof body === "string") return save.refuse(pt(language, body));
    void save.submit(body);
  };
  const rows = list.data?.list ?? [];
  return (
    <section aria-labelledby="oc-raffles" className="pz-part">
      <h2 id="oc-raffles" className="ly-form__title">{pt(language, "raffles")}</h2>
      <PrizeFilter
        label={pt(language, "raffles")}
        onSearch={(next) => {
          setFilters(next);
          setPageNo(1);
        }}
      />
      <LoadFailure error={list.error} />
      {list.isSuccess && rows.length === 0 ? <p>{pt(language, "noRaffles")}</p> : null}
      {rows.length > 0 ? (
        <RafflesTable rows={rows} check={check} disabled={list.isPlaceholderData} />
      ) : null}
      <PrizeCheckDialog check={check} />
      {list.data ? <Pager label={pt(language, "raffles")} pageNo={pageNo} totalPages={list.data.totalPages} shown={list.data.pageNum} onPage={setPageNo} previous={pt(language, "previous")} next={pt(language, "next")} /> : null}
      {save.done && save.latest ? <p className="kit-ok" role="status" data-testid="raffle-created">{createdText(language, save.latest)}</p> : null}
      {writer ? (
        <form className="ly-form" onSubmit={submit} aria-labelledby="oc-raffle-form" noValidate>
          <h3 id="oc-raffle-form" className="ly-form__title">{pt(language, "addRaffle")}</h3>
          <div className="oc-row">
            {SUPPORTED.map((code) => (
              <Field key={code} label={pt(language, "nameIn", { language: code })} value={draft.names[code]} onChange={(text) => change({ names: { ...draft.names, [code]: text } })} maxLength={80} required={code === "TR"} />
            ))}
          </div>
          <div className="oc-row ly-window">
            <Field label={pt(language, "opensAt")} type="datetime-local" value={draft.opensAt} onChange={(opensAt) => change({ opensAt })} required />
            <Field label={pt(language, "closesAt")} type="datetime-local" value={draft.closesAt} onChange={(closesAt) => change({ closesAt })} required />
          </div>
          <Field label={pt(language, "prizesField")} value={draft.prizes} onChange={(prizes) => change({ prizes })} inputMode="decimal" required />
          <Field label={pt(language, "minTurnoverField")} value={draft.minTurnover} onChange={(minTurnover) => change({ minTurnover })} inputMode="decimal" />
          <Field label={pt(language, "auditReason")} value={draft.reason} onChange={(reason) => change({ reason })} maxLength={500} required />
          {save.done ? null : <OutcomeLine outcome={save.outcome} />}
          <div className="oc-row">
            <button type="submit" className="kit-button" disabled={save.pending}>{pt(language, "add")}</button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

/** What adding a raffle did: its seed's hash published, and whether it waits for a second person. */
function createdText(language: Language, raffle: OpsRaffleRead): string {
  const text = pt(language, "raffleCreated", { hash: raffle.seedHash });
  return raffle.review === "AWAITING" ? `${text} ${pt(language, "awaitingSecond")}` : text;
}
