import { useState } from "react";
import type { DiceRoundRead } from "@portal/kit";
import { api, formatMoney, OutcomeLine, parseMoney, useAction, useLanguage, useSession } from "@portal/kit";
import type { GameRoom } from "../../../shared/ModalContext";
import { useSite } from "../../../shared/site";
import { gameText } from "../texts";
import { Fairness } from "./Fairness";

/** Chance in hundredths of a percent for a roll of 0.00–99.99 over or under ``target``. */
export function diceChance(target: number, over: boolean): number {
  return over ? 9_999 - target : target;
}

/** The payout multiplier shown before the roll: 99 % ÷ chance. */
export function dicePayout(target: number, over: boolean): number {
  const chance = diceChance(target, over);
  return chance > 0 ? 9_900 / chance : 0;
}

/** The in-house dice: a target, over or under, a stake; a win pays stake × 99 % ÷ chance. */
export function DiceGame({ minBet, room }: { minBet: number; room?: GameRoom | undefined }) {
  const { language } = useLanguage();
  const { config } = useSite();
  const session = useSession();
  const [amount, setAmount] = useState(formatMoney(Math.max(minBet, 100)).replace(/,/g, ""));
  const [target, setTarget] = useState(4_999);
  const [over, setOver] = useState(true);
  const [round, setRound] = useState<DiceRoundRead | null>(null);
  const roll = useAction(
    (stake: number) => api("rollDice", language, { body: { stake, target, over, requestId: `dice-${crypto.randomUUID()}`, roomId: room?.roomId ?? null } }),
    {
      onDone: async (answer) => {
        setRound(answer);
        await session.refreshBalance();
      },
    },
  );
  const submit = () => {
    const stake = parseMoney(amount);
    if (stake === null || stake < minBet) return roll.refuse(`${gameText(language, "stake")} ≥ ${formatMoney(minBet, config.currencySymbol)}`);
    if (room && stake > room.maxBet) return roll.refuse(`${gameText(language, "stake")} ≤ ${formatMoney(room.maxBet, config.currencySymbol)}`);
    void roll.submit(stake);
  };
  return (
    <section className="dice" aria-label="BGS_DICE">
      <p className="dice__roll" role="status" data-testid="dice-result">
        {round ? `${gameText(language, "rolled")}: ${(round.dice.roll / 100).toFixed(2)} · ${round.win > 0 ? `${gameText(language, "win")}: ${formatMoney(round.win, config.currencySymbol)}` : gameText(language, "noWin")}` : " "}
      </p>
      <div className="dice__controls">
        <label className="kit-field">
          {gameText(language, "stake")}
          <input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </label>
        <label className="kit-field">
          {gameText(language, "target")}: {(target / 100).toFixed(2)}
          <input type="range" min={over ? 199 : 100} max={over ? 9_899 : 9_800} value={target} onChange={(event) => setTarget(Number(event.target.value))} />
        </label>
        <div role="radiogroup" className="dice__side">
          <label>
            <input type="radio" checked={over} onChange={() => setOver(true)} /> {gameText(language, "over")}
          </label>
          <label>
            <input type="radio" checked={!over} onChange={() => setOver(false)} /> {gameText(language, "under")}
          </label>
        </div>
        <span>
          {gameText(language, "chance")}: {(diceChance(target, over) / 100).toFixed(2)} % · {gameText(language, "payout")}: ×{dicePayout(target, over).toFixed(4)}
        </span>
        <button type="button" className="kit-button" disabled={roll.pending} onClick={submit}>
          {gameText(language, "roll")}
        </button>
      </div>
      <OutcomeLine outcome={roll.outcome} />
      <Fairness fairness={round?.fairness} />
    </section>
  );
}
