import type { LineWinRead } from "@portal/kit";
import { useLanguage } from "@portal/kit";
import { symbolName } from "../art/names";
import { SlotSymbol } from "../art/SlotSymbols";
import { gameText } from "../texts";

/** The reels before the first spin. */
export const RESTING_GRID = [["BELL", "7", "CHERRY"], ["BAR", "7", "LEMON"], ["PLUM", "7", "BELL"], ["CHERRY", "7", "BAR"], ["LEMON", "7", "PLUM"]];

/** The slot's grid (grid[reel][row]) drawn with the symbols' SVGs, each named in the player's language. */
export function Reels({ grid, testId }: { grid: string[][]; testId?: string }) {
  const { language } = useLanguage();
  return (
    <div className="slot__reels" data-testid={testId}>
      {grid.map((reel, index) => (
        <div key={index} className="slot__reel">
          {reel.map((symbol, row) => (
            <SlotSymbol key={row} className="slot__symbol" code={symbol} label={symbolName(language, symbol)} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A round's line wins: "Line 3: 4 × Cherry · ₺1.20", the symbol drawn and named, never its code. */
export function LineWins({ wins, amount }: { wins: LineWinRead[]; amount: (win: number) => string }) {
  const { language } = useLanguage();
  if (wins.length === 0) return null;
  return (
    <ul className="slot__wins" data-testid="slot-wins">
      {wins.map((win) => (
        <li key={`${win.line}-${win.symbol}`}>
          <SlotSymbol className="slot__win-symbol" code={win.symbol} label={symbolName(language, win.symbol)} />
          <span>
            {gameText(language, "line")} {win.line}: {win.count} × {symbolName(language, win.symbol)} · {amount(win.win)}
          </span>
        </li>
      ))}
    </ul>
  );
}
