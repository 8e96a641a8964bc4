import { useState } from "react";
import type { DragonTigerRoundRead } from "@portal/kit";
import { api, formatMoney, OutcomeLine, useAction, useLanguage, useSession } from "@portal/kit";
import type { GameRoom } from "../../../shared/ModalContext";
import { useSite } from "../../../shared/site";
import { cardName } from "../art/names";
import { PlayingCard } from "../art/PlayingCard";
import { gameText } from "../texts";
import { Fairness } from "./Fairness";
import { SLOT_STAKES } from "./SlotGame";

type Side = "DRAGON" | "TIGER" | "TIE";
const SIDES: Side[] = ["DRAGON", "TIGER", "TIE"];

/** One side's card on the table (face down before the first round), drawn as SVG and named in words. */
export function TableCard({ code, side, winner }: { code: string | undefined; side: "DRAGON" | "TIGER"; winner?: string | undefined }) {
  const { language } = useLanguage();
  return (
    <figure className={winner === side ? "card card--winner" : "card"} data-testid={`card-${side.toLowerCase()}`}>
      <figcaption>{gameText(language, side)}</figcaption>
      <PlayingCard className="card__face" code={code} label={cardName(language, code)} />
    </figure>
  );
}

/** The in-house Dragon Tiger: a bet on Dragon or Tiger pays 1:1 (half back on a tie), on the tie 15:1. */
export function DragonTigerGame({ minBet, room }: { minBet: number; room?: GameRoom | undefined }) {
  const { language } = useLanguage();
  const { config } = useSite();
  const session = useSession();
  const stakes = SLOT_STAKES.filter((stake) => stake >= minBet && (!room || stake <= room.maxBet));
  const [stake, setStake] = useState(stakes[0] ?? minBet);
  const [round, setRound] = useState<DragonTigerRoundRead | null>(null);
  const play = useAction(
    (side: Side) => api("playDragonTiger", language, { body: { stake, side, requestId: `dragon-tiger-${crypto.randomUUID()}`, roomId: room?.roomId ?? null } }),
    {
      onDone: async (answer) => {
        setRound(answer);
        await session.refreshBalance();
      },
    },
  );
  return (
    <section className="dragon-tiger" aria-label="BGS_DRAGON_TIGER">
      <div className="dragon-tiger__table">
        <TableCard code={round?.cards.dragon} side="DRAGON" winner={round?.cards.winner} />
        <span className="dragon-tiger__vs" aria-hidden="true">VS</span>
        <TableCard code={round?.cards.tiger} side="TIGER" winner={round?.cards.winner} />
      </div>
      <p className="slot__result" role="status" data-testid="dragon-tiger-result">
        {round ? `${gameText(language, "DRAGON")}: ${cardName(language, round.cards.dragon)} · ${gameText(language, "TIGER")}: ${cardName(language, round.cards.tiger)} · ${gameText(language, round.cards.winner as Side)} · ${round.win > 0 ? `${gameText(language, "win")}: ${formatMoney(round.win, config.currencySymbol)}` : gameText(language, "noWin")}` : " "}
      </p>
      <div className="slot__controls">
        <label className="kit-field">
          {gameText(language, "stake")}
          <select value={stake} onChange={(event) => setStake(Number(event.target.value))}>
            {stakes.map((value) => (
              <option key={value} value={value}>
                {formatMoney(value, config.currencySymbol)}
              </option>
            ))}
          </select>
        </label>
        {SIDES.map((side) => (
          <button key={side} type="button" className="kit-button" disabled={play.pending} onClick={() => void play.submit(side)}>
            {gameText(language, side)} {side === "TIE" ? "15:1" : "1:1"}
          </button>
        ))}
      </div>
      <OutcomeLine outcome={play.outcome} />
      <Fairness fairness={round?.fairness} />
    </section>
  );
}
