import type { VerifyRead } from "@portal/kit";
import { useLanguage } from "@portal/kit";
import { cardName, symbolName } from "../art/names";
import { gameText } from "../texts";
import { TableCard } from "./DragonTigerGame";
import { LineWins, Reels } from "./SlotReels";

/** A recomputed round as the player saw it: the slot's reels and line wins (in line bets), the dice's roll,
 * the two cards; every symbol and card drawn and named in the player's language, never as the service's code. */
export function VerifiedResult({ result }: { result: VerifyRead }) {
  const { language } = useLanguage();
  const { slot, dice, cards } = result;
  return (
    <dl className="fairness-result" data-testid="verify-result">
      <dt>{gameText(language, "serverSeedHash")}</dt>
      <dd className="mono">{result.serverSeedHash}</dd>
      <dt>{gameText(language, "result")}</dt>
      <dd className="fairness-result__round">
        {slot && (
          <>
            <Reels grid={slot.grid} testId="verify-reels" />
            <span data-testid="verify-symbols">{slot.grid.map((reel) => reel.map((code) => symbolName(language, code)).join(", ")).join(" | ")}</span>
            <strong>
              {gameText(language, "payout")}: ×{result.multiplier ?? 0}
            </strong>
            <LineWins wins={slot.wins} amount={(win) => `×${win}`} />
          </>
        )}
        {dice && `${gameText(language, "rolled")}: ${(dice.roll / 100).toFixed(2)} · ${result.won ? gameText(language, "win") : gameText(language, "noWin")}`}
        {cards && (
          <>
            <span className="dragon-tiger__table dragon-tiger__table--small">
              <TableCard code={cards.dragon} side="DRAGON" winner={cards.winner} />
              <TableCard code={cards.tiger} side="TIGER" winner={cards.winner} />
            </span>
            <span data-testid="verify-cards">
              {gameText(language, "DRAGON")}: {cardName(language, cards.dragon)} · {gameText(language, "TIGER")}: {cardName(language, cards.tiger)} · {gameText(language, cards.winner as "DRAGON" | "TIGER" | "TIE")}
            </span>
          </>
        )}
      </dd>
    </dl>
  );
}
