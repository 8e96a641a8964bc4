import { useState } from "react";
import type { SlotRoundRead } from "@portal/kit";
import { api, formatMoney, OutcomeLine, useAction, useLanguage, useSession } from "@portal/kit";
import { useSite } from "../../../shared/site";
import { gameText } from "../texts";
import { Fairness } from "./Fairness";
import { LineWins, Reels, RESTING_GRID } from "./SlotReels";

export const SLOT_LINES = 10;
/** Stakes offered (minor units), each a multiple of the 10 lines. */
export const SLOT_STAKES = [100, 200, 500, 1_000, 2_000, 5_000, 10_000];

/** The in-house 5-reel slot: choose a stake, spin; the header balance follows each spin. */
export function SlotGame({ minBet }: { minBet: number }) {
  const { language } = useLanguage();
  const { config } = useSite();
  const session = useSession();
  const stakes = SLOT_STAKES.filter((stake) => stake >= minBet);
  const [stake, setStake] = useState(stakes[0] ?? minBet);
  const [round, setRound] = useState<SlotRoundRead | null>(null);
  const spin = useAction(
    () => api("spinSlot", language, { body: { stake, requestId: `slot-${crypto.randomUUID()}` } }),
    {
      onDone: async (answer) => {
        setRound(answer);
        await session.refreshBalance();
      },
    },
  );
  const money = (minor: number) => formatMoney(minor, config.currencySymbol);
  return (
    <section className="slot" aria-label="BGS_FRUIT5">
      <Reels grid={round?.slot.grid ?? RESTING_GRID} testId="slot-reels" />
      <p className="slot__result" role="status" data-testid="slot-result">
        {round ? (round.win > 0 ? `${gameText(language, "win")}: ${money(round.win)}` : gameText(language, "noWin")) : " "}
        {round && round.jackpotWin > 0 && ` · ${gameText(language, "jackpotWin")}: ${money(round.jackpotWin)}`}
      </p>
      {round && <LineWins wins={round.slot.wins} amount={money} />}
      <div className="slot__controls">
        <label className="kit-field">
          {gameText(language, "stake")}
          <select value={stake} onChange={(event) => setStake(Number(event.target.value))} data-testid="slot-stake">
            {stakes.map((value) => (
              <option key={value} value={value}>
                {formatMoney(value, config.currencySymbol)}
              </option>
            ))}
          </select>
        </label>
        <span>
          {gameText(language, "lines")}: {SLOT_LINES}
        </span>
        <button type="button" className="kit-button slot__spin" disabled={spin.pending} onClick={() => void spin.submit(undefined)}>
          {gameText(language, "spin")}
        </button>
      </div>
      <OutcomeLine outcome={spin.outcome} />
      <Fairness fairness={round?.fairness} />
    </section>
  );
}
