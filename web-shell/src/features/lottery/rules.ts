/** Pure rules of the lottery pages: countdowns, ball colours, the slip's sums. */

export const RACING_COLOURS = 10;

/** ``mm:ss`` (or ``h:mm:ss``) until ``target`` from ``now`` (ms since the epoch); never below zero. */
export function countdown(target: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((target - now) / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mmss = `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** Decimal odds as given by the service ("1.98") in thousandths, exactly (no floating point). */
export function oddsMilli(odds: string): number {
  const [whole = "0", fraction = ""] = odds.split(".");
  return Number(whole) * 1000 + Number(fraction.padEnd(3, "0").slice(0, 3));
}

/** What one hit pays: stake × odds, rounded down to the minor unit, as the service pays it. */
export function possibleWin(stake: number, odds: string): number {
  return Math.floor((stake * oddsMilli(odds)) / 1000);
}

export interface SlipLine {
  stake: number;
  odds: string;
}

export function slipTotals(lines: SlipLine[]): { total: number; possibleWin: number } {
  return {
    total: lines.reduce((sum, line) => sum + line.stake, 0),
    possibleWin: lines.reduce((sum, line) => sum + possibleWin(line.stake, line.odds), 0),
  };
}

/** The class of a ball: its colour set (the six-ball lottery's red/blue/green of 01-49; the summed lottery's
 * gray/blue/green/red by the sum), a racing car's colour (01-10), a die face, or plain. */
export function ballClass(category: string, value: number, colours: Record<string, number[]>): string {
  if (category === "pk10") return `lot-ball lot-ball--car${((value - 1) % RACING_COLOURS) + 1}`;
  if (category === "k3") return "lot-ball lot-ball--die";
  const colour = Object.entries(colours).find(([, values]) => values.includes(value))?.[0];
  return colour ? `lot-ball lot-ball--${colour.toLowerCase()}` : "lot-ball";
}

/** How a ball is written: two digits for the 01-49, 01-11 and 01-10 draws, a die face for dice. */
export function ballText(category: string, value: number): string {
  if (category === "k3") return ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"][value - 1] ?? String(value);
  if (["lhc", "11x5", "pk10"].includes(category)) return String(value).padStart(2, "0");
  return String(value);
}

/** A VN prize's number as it is drawn: with its prize's digits, leading zeros included (``00943``). */
export function prizeText(value: number, digits: number): string {
  return String(value).padStart(digits, "0");
}

/** The summed lottery shows the sum and its colour beside its three digits. */
export function pcbSum(result: number[]): number {
  return result.reduce((sum, ball) => sum + ball, 0);
}

/** The trend chart's points: each position's values over the results (oldest first), scaled to ``height``. */
export function trendPoints(results: number[][], position: number, low: number, high: number, width: number, height: number): string {
  const ordered = [...results].reverse();
  const step = ordered.length > 1 ? width / (ordered.length - 1) : 0;
  return ordered
    .map((balls, index) => {
      const value = balls[position] ?? low;
      const y = high > low ? height - ((value - low) / (high - low)) * height : height / 2;
      return `${Math.round(index * step)},${Math.round(y)}`;
    })
    .join(" ");
}
