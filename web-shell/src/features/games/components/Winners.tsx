import { useEffect, useState } from "react";
import type { WinnerBoardRead } from "@portal/kit";
import { formatMoney, useLanguage } from "@portal/kit";
import { useSite } from "../../../shared/site";
import { useJackpot, useWinners } from "../api";
import { VendorMark } from "../art/VendorMark";
import { jackpotStep } from "../rules";
import { gameText } from "../texts";
import { jackpotLine } from "../winners";
import { useGameStart } from "./useGameStart";

export const BIGGEST_SHOWN = 9; // spec §9
const TICK_MS = 100;

/** The slot's progressive pool, counting up toward what it holds now (read again every few seconds). */
export function JackpotCounter() {
  const { language } = useLanguage();
  const { config } = useSite();
  const target = useJackpot().data?.amount ?? null;
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (target === null) return;
    const timer = setInterval(() => setShown((current) => jackpotStep(current, target)), TICK_MS);
    return () => clearInterval(timer);
  }, [target]);
  if (target === null) return null;
  return (
    <section className="panel jackpot" aria-label={gameText(language, "jackpot")}>
      <h2>{gameText(language, "jackpot")}</h2>
      <strong className="jackpot__amount" data-testid="jackpot" data-target={target}>
        {formatMoney(shown ?? target, config.currencySymbol)}
      </strong>
    </section>
  );
}

function WinnerList({ winners, onOpen, testId }: { winners: WinnerBoardRead[]; onOpen: (winner: WinnerBoardRead) => void; testId: string }) {
  const { language } = useLanguage();
  const { config } = useSite();
  return (
    <div className="winners__window" data-testid={testId}>
      <ol className={winners.length > BIGGEST_SHOWN ? "winners__list winners__list--scrolling" : "winners__list"}>
        {winners.map((winner, index) => (
          <li key={`${winner.time}-${index}`}>
            <button type="button" onClick={() => onOpen(winner)}>
              <VendorMark code={winner.vassalage} size={24} decorative />{" "}
              <span className="winners__player">{winner.customerName}</span> {gameText(language, "won")}{" "}
              <strong>{formatMoney(winner.winAmount, config.currencySymbol)}</strong> · {winner.gameName}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The winners board: the biggest wins of the week and the latest jackpot hits (9 shown, scrolling); pressing
 * one starts its game. */
export function WinnersBoard() {
  const { language } = useLanguage();
  const winners = useWinners().data ?? [];
  const jackpots = (useJackpot().data?.winners ?? []).map(jackpotLine);
  const { start, outcome } = useGameStart();
  const open = (winner: WinnerBoardRead) => {
    if (winner.nodeId === null) return;
    start({ nodeId: winner.nodeId, gameType: winner.gameType, vassalage: winner.vassalage, gameCode: winner.gameCode, isGame: winner.isGame, gameName: winner.gameName });
  };
  return (
    <section className="panel winners" aria-label={gameText(language, "winners")} data-testid="winners">
      {outcome && <p role="alert">{outcome.text}</p>}
      <h2>{gameText(language, "biggestWins")}</h2>
      {winners.length === 0 ? <p className="muted">{gameText(language, "noWinners")}</p> : <WinnerList winners={winners} onOpen={open} testId="biggest-wins" />}
      <h2>{gameText(language, "jackpotWins")}</h2>
      {jackpots.length === 0 ? <p className="muted">{gameText(language, "noJackpotWins")}</p> : <WinnerList winners={jackpots} onOpen={open} testId="jackpot-wins" />}
    </section>
  );
}
