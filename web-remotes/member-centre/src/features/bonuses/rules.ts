/** A bonus's wagering as the member reads it. */

/** The share of the wagering done, in whole percent, never above 100 (the bet that meets it counts whole). */
export function wageredPercent(done: number, required: number): number {
  if (required <= 0) return 100;
  return Math.min(100, Math.floor((Math.max(0, done) * 100) / required));
}

/** What is still to wager, never below zero. */
export function leftToWager(done: number, required: number): number {
  return Math.max(0, required - done);
}
