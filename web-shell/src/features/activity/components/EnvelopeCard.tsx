/** One red envelope: its state, window, pool and the shares left; while open and not yet opened by the member, the
 * button (one share: a repeat answers the same share); once opened, the amount won and whether it is in the main
 * wallet (the header's balance is asked again). */
import { useState } from "react";
import type { RedEnvelopeRead } from "@portal/kit";
import { formatMoney, OutcomeLine, useAction, useLanguage, useQueryClient, useSession } from "@portal/kit";
import { claimRedEnvelope, newRequestId } from "../api";
import { activityText, when } from "../texts";

export function EnvelopeCard({ envelope, currency }: { envelope: RedEnvelopeRead; currency: string }) {
  const { language } = useLanguage();
  const session = useSession();
  const queries = useQueryClient();
  const [requestId] = useState(() => newRequestId("envelope"));
  const claim = useAction(() => claimRedEnvelope(language, envelope.envelopeId, requestId), {
    onDone: () => Promise.all([queries.invalidateQueries({ queryKey: ["activity", "envelopes"] }), session.refreshBalance()]),
  });
  const mine = envelope.mine ?? claim.latest ?? null;
  const state = envelope.state === "CLOSED" ? "ENDED" : envelope.state;
  return (
    <li className="act-card act-card--envelope" data-testid={`envelope-${envelope.envelopeId}`}>
      <div className="act-card__top">
        <h3>{envelope.name}</h3>
        <span className={`act-badge act-badge--${state.toLowerCase()}`}>{activityText(language, state)}</span>
      </div>
      <p className="muted act-card__when">
        {envelope.state === "UPCOMING" ? activityText(language, "opens", { date: when(envelope.opensAt, language) }) + " · " : ""}
        {activityText(language, "ends", { date: when(envelope.closesAt, language) })}
      </p>
      <p className="act-envelope__pool">
        <strong>{activityText(language, "pool", { amount: formatMoney(envelope.pool, currency, language) })}</strong>
        <span className="muted"> · {activityText(language, "sharesLeft", { left: envelope.sharesLeft, total: envelope.shares })}</span>
      </p>
      {mine ? (
        <div className="act-envelope__won" data-testid="envelope-won">
          <strong>{activityText(language, "got", { amount: formatMoney(mine.amount, currency, language) })}</strong>
          <span className="muted">{activityText(language, mine.status)}</span>
        </div>
      ) : envelope.state === "OPEN" && envelope.sharesLeft > 0 ? (
        <button type="button" className="kit-button act-envelope__grab" onClick={() => void claim.submit(undefined)} disabled={claim.pending} aria-busy={claim.pending} data-testid="claim-envelope">
          {activityText(language, "grab")}
        </button>
      ) : (
        envelope.state === "OPEN" && <span className="muted">{activityText(language, "empty")}</span>
      )}
      <OutcomeLine outcome={claim.outcome} />
    </li>
  );
}
