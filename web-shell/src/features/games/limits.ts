/** Sizes of the games reads that the page's first reads (src/firstReads.ts) start ahead too: a module of its own,
 * so the early entry takes these numbers and nothing else of the feature. */

export const WINNERS_LIMIT = 20; // spec §3: ALL, limit 20
