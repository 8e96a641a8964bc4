/** A drawn raffle: the winners (names masked; the member's own marked), the revealed seed and how to check the draw
 * from it (the service's words, in the member's language). */
import type { RaffleRead } from "@portal/kit";
import { formatMoney, useLanguage } from "@portal/kit";
import { activityText } from "../texts";

export function RaffleDraw({ raffle, currency }: { raffle: RaffleRead; currency: string }) {
  const { language } = useLanguage();
  const mine = raffle.winners.find((winner) => winner.me);
  return (
    <div className="act-draw" data-testid="raffle-draw">
      {mine && (
        <p className="kit-ok act-won" role="status">
          {activityText(language, "youWon", { amount: formatMoney(mine.amount, currency, language) })}
        </p>
      )}
      <h4>{activityText(language, "winners")}</h4>
      {raffle.winners.length === 0 ? (
        <p className="muted">{activityText(language, "noWinners")}</p>
      ) : (
        <ol className="act-winners">
          {raffle.winners.map((winner) => (
            <li key={winner.place} className={winner.me ? "act-winner act-winner--me" : "act-winner"}>
              <span>{activityText(language, "prizeRow", { place: winner.place, amount: formatMoney(winner.amount, currency, language) })}</span>
              <span>
                #{winner.ticketNo} {winner.username}
                {winner.me ? ` (${activityText(language, "you")})` : ""}
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="act-proof">
        <span className="act-proof__label">{activityText(language, "seed")}</span>
        <code className="act-code" data-testid="seed">{raffle.seed}</code>
      </div>
      <details className="act-verify">
        <summary>{activityText(language, "verify")}</summary>
        <p>{activityText(language, "verifyLead", { context: raffle.context })}</p>
        <p className="act-verify__text">{raffle.howToVerify}</p>
      </details>
    </div>
  );
}
