/** One raffle: its state, window and prizes; its turnover condition and the member's progress (if it has one); while
 * open the ticket button (one ticket: the service answers a repeat
 * with the same one), the member's ticket number; the seed's hash from the start; once drawn the winners, the seed and
 * how to check the draw. */
import { useState } from "react";
import type { RaffleRead } from "@portal/kit";
import { formatMoney, OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { claimTicket, newRequestId } from "../api";
import { activityText, when } from "../texts";
import { RaffleCondition } from "./RaffleCondition";
import { RaffleDraw } from "./RaffleDraw";

export function RaffleCard({ raffle, currency }: { raffle: RaffleRead; currency: string }) {
  const { language } = useLanguage();
  const queries = useQueryClient();
  const [requestId] = useState(() => newRequestId("raffle"));
  const claim = useAction(() => claimTicket(language, raffle.raffleId, requestId), {
    onDone: () => queries.invalidateQueries({ queryKey: ["activity", "raffles"] }),
  });
  const ticket = raffle.myTicket ?? claim.latest?.ticketNo ?? null;
  return (
    <li className="act-card act-card--raffle" data-testid={`raffle-${raffle.raffleId}`}>
      <div className="act-card__top">
        <h3>{raffle.name}</h3>
        <span className={`act-badge act-badge--${raffle.state.toLowerCase()}`}>{activityText(language, raffle.state)}</span>
      </div>
      <p className="muted act-card__when">
        {raffle.state === "UPCOMING" ? activityText(language, "opens", { date: when(raffle.opensAt, language) }) + " · " : ""}
        {activityText(language, "closes", { date: when(raffle.closesAt, language) })} · {activityText(language, "tickets", { n: raffle.tickets })}
      </p>
      <ol className="act-prizes" aria-label={activityText(language, "prizes")}>
        {raffle.prizes.map((amount, index) => (
          <li key={index}>{activityText(language, "prizeRow", { place: index + 1, amount: formatMoney(amount, currency, language) })}</li>
        ))}
      </ol>
      <RaffleCondition raffle={raffle} currency={currency} />
      <div className="act-card__actions">
        {ticket !== null ? (
          <span className="act-ticket" data-testid="my-ticket">
            {activityText(language, "myTicket", { n: ticket })}
          </span>
        ) : (
          raffle.state === "OPEN" && (
            <button type="button" className="kit-button" onClick={() => void claim.submit(undefined)} disabled={claim.pending} aria-busy={claim.pending} data-testid="claim-ticket">
              {activityText(language, "claimTicket")}
            </button>
          )
        )}
      </div>
      <OutcomeLine outcome={claim.outcome} />
      <div className="act-proof">
        <span className="act-proof__label">{activityText(language, "seedHash")}</span>
        <code className="act-code" data-testid="seed-hash">{raffle.seedHash}</code>
      </div>
      {raffle.state === "DRAWN" && <RaffleDraw raffle={raffle} currency={currency} />}
    </li>
  );
}
