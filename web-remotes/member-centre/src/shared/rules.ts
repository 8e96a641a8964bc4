/** Pure form rules of the member centre, checked before anything is sent. */
import type { ImageFile, Language } from "@portal/kit";
import { imagesProblem, moneyInputProblem, parseMoney } from "@portal/kit";

export type AmountProblem = "invalidAmount" | "tooManyDecimals" | "limits" | null;

/** What a person typed as an amount (in the page's language: "10,5" is ten and a half in Turkish): minor units
 * within the limits, or the problem. Too many decimals ("10.123") is said as such, never as a limit. */
export function checkAmount(typed: string, min?: number, max?: number, language?: Language): { minor: number | null; problem: AmountProblem } {
  if (moneyInputProblem(typed, language) === "decimals") return { minor: null, problem: "tooManyDecimals" };
  const minor = parseMoney(typed, language);
  if (minor === null || minor <= 0) return { minor: null, problem: "invalidAmount" };
  if ((min !== undefined && minor < min) || (max !== undefined && minor > max)) return { minor, problem: "limits" };
  return { minor, problem: null };
}

/** Proof images: png or jpg, each under 5 MB, at most 3 (spec §5; the kit's rule). */
export function proofProblem(files: ImageFile[]): "tooManyProofs" | "proofType" | null {
  const problem = imagesProblem(files);
  return problem === "tooMany" ? "tooManyProofs" : problem === "type" ? "proofType" : null;
}

/** "tooManyDecimals" when what was typed has more than two decimals, else null. */
export function moneyTypedProblem(typed: string, language?: Language): "tooManyDecimals" | null {
  return moneyInputProblem(typed, language) === "decimals" ? "tooManyDecimals" : null;
}

/** The remainder of a partly received withdrawal: above 0 and below the amount. */
export function checkRemainder(typed: string, amount: number, language?: Language): number | null {
  const minor = parseMoney(typed, language);
  return minor !== null && minor > 0 && minor < amount ? minor : null;
}

/** A bank account holder's name: letters (any script), spaces and the marks names carry (. ' -), 2 to 100 long;
 * never markup, control characters or digits. */
export function holderNameProblem(typed: string): "holderNameInvalid" | null {
  return /^[\p{L}\p{M}][\p{L}\p{M} .'’-]{1,99}$/u.test(typed.trim()) ? null : "holderNameInvalid";
}

export function newRequestId(): string {
  return crypto.randomUUID();
}
