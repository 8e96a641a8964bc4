/** The red envelopes of the brand, a page at a time, with their review by a second person (PrizeCheck), and (for the
 * content role) the form that adds one: its pool is split at random into its shares by the service when it is made,
 * and it waits for a second person when its pool is above the brand's dual-control amount. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { Language, OpsRedEnvelopeRead } from "@portal/kit";
import { Field, keepPreviousData, LoadFailure, OutcomeLine, Pager, SUPPORTED, useAction, useLanguage, useQuery, useQueryClient } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { pt } from "../prizeTexts";
import type { PrizeFilters } from "./PrizeFilter";
import { FIRST_PRIZES, PrizeFilter, prizeQuery } from "./PrizeFilter";
import type { EnvelopeDraft } from "./prizeForms";
import { EMPTY_ENVELOPE, envelopeBody } from "./prizeForms";
import { EnvelopesTable } from "./EnvelopeRow";
import { PrizeCheckDialog, usePrizeCheck } from "./PrizeCheck";

const PAGE_SIZE = 10;

export function EnvelopesPanel({ writer }: { writer: boolean }) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [filters, setFilters] = useState<PrizeFilters>(FIRST_PRIZES);
  const [draft, setDraft] = useState<EnvelopeDraft>(EMPTY_ENVELOPE);
  const key = ["ops", "points", "red-envelopes", ops.brand];
  const list = useQuery({
    queryKey: [...key, filters, pageNo],
    queryFn: () => ops.call("opsRedEnvelopes", { path: { code: ops.brand }, query: prizeQuery(filters, pageNo, PAGE_SIZE) }),
    placeholderData: keepPreviousData,
  });
  const check = usePrizeCheck("envelope", key);
  const save = useAction((body: Exclude<ReturnType<typeof envelopeBody>, string>) => ops.call("opsCreateRedEnvelope", { path: { code: ops.brand }, body }), {
    onDone: () => queries.invalidateQueries({ queryKey: key }),
  });
  const change = (patch: Partial<EnvelopeDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = envelopeBody(draft);
    if (typeof body === "string") return save.refuse(pt(language, body));
    void save.submit(body);
  };
  const rows = list.data?.list ?? [];
  return (
    <section aria-labelledby="oc-envelopes" className="pz-part">
      <h2 id="oc-envelopes" className="ly-form__title">{pt(language, "envelopes")}</h2>
      <PrizeFilter
        label={pt(language, "envelopes")}
        onSearch={(next) => {
          setFilters(next);
          setPageNo(1);
        }}
      />
      <LoadFailure error={list.error} />
      {list.isSuccess && rows.length === 0 ? <p>{pt(language, "noEnvelopes")}</p> : null}
      {rows.length > 0 ? (
        <EnvelopesTable rows={rows} check={check} disabled={list.isPlaceholderData} />
      ) : null}
      <PrizeCheckDialog check={check} />
      {list.data ? <Pager label={pt(language, "envelopes")} pageNo={pageNo} totalPages={list.data.totalPages} shown={list.data.pageNum} onPage={setPageNo} previous={pt(language, "previous")} next={pt(language, "next")} /> : null}
      {writer ? (
        <form className="ly-form" onSubmit={submit} aria-labelledby="oc-envelope-form" noValidate>
          <h3 id="oc-envelope-form" className="ly-form__title">{pt(language, "addEnvelope")}</h3>
          <div className="oc-row">
            {SUPPORTED.map((code) => (
              <Field key={code} label={pt(language, "nameIn", { language: code })} value={draft.names[code]} onChange={(text) => change({ names: { ...draft.names, [code]: text } })} maxLength={80} required={code === "TR"} />
            ))}
          </div>
          <div className="oc-row">
            <Field label={pt(language, "poolField")} value={draft.pool} onChange={(pool) => change({ pool })} inputMode="decimal" size={14} required />
            <Field label={pt(language, "shares")} value={draft.shares} onChange={(shares) => change({ shares })} inputMode="numeric" size={8} required />
          </div>
          <div className="oc-row ly-window">
            <Field label={pt(language, "opensAt")} type="datetime-local" value={draft.opensAt} onChange={(opensAt) => change({ opensAt })} required />
            <Field label={pt(language, "endsAt")} type="datetime-local" value={draft.closesAt} onChange={(closesAt) => change({ closesAt })} required />
          </div>
          <Field label={pt(language, "auditReason")} value={draft.reason} onChange={(reason) => change({ reason })} maxLength={500} required />
          {save.done && save.latest ? <p className="kit-ok" role="status">{createdText(language, save.latest)}</p> : <OutcomeLine outcome={save.outcome} />}
          <div className="oc-row">
            <button type="submit" className="kit-button" disabled={save.pending}>{pt(language, "add")}</button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

/** What adding an envelope did: its pool split into its shares, and whether it waits for a second person. */
function createdText(language: Language, envelope: OpsRedEnvelopeRead): string {
  const text = pt(language, "envelopeCreated", { shares: envelope.shares });
  return envelope.review === "AWAITING" ? `${text} ${pt(language, "awaitingSecond")}` : text;
}
