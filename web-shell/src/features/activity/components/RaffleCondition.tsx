/** A raffle's turnover condition as a member sees it: the stakes needed since its opening day (every game) and the
 * member's own so far, with a bar; nothing when the raffle has no condition. */
import type { RaffleRead } from "@portal/kit";
import { formatMoney, useLanguage } from "@portal/kit";
import { activityText } from "../texts";

export function RaffleCondition({ raffle, currency }: { raffle: RaffleRead; currency: string }) {
  const { language } = useLanguage();
  if (raffle.minTurnover <= 0) return null;
  const needed = formatMoney(raffle.minTurnover, currency, language);
  const amount = formatMoney(raffle.myTurnover, currency, language);
  const met = raffle.myTurnover >= raffle.minTurnover;
  const percent = Math.min(100, Math.floor((raffle.myTurnover * 100) / raffle.minTurnover));
  return (
    <div className="act-condition" data-testid="raffle-condition">
      <p>{activityText(language, "turnoverNeeded", { amount: needed })}</p>
      <progress className="act-condition__bar" max={100} value={percent} aria-label={activityText(language, "turnoverProgress")} />
      <p className={met ? "act-condition__met" : "muted"} data-testid="raffle-progress">
        {activityText(language, met ? "turnoverMet" : "turnoverSoFar", { amount, needed })}
      </p>
    </div>
  );
}
