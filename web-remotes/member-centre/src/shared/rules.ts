/** Pure form rules of the member centre, checked before anything is sent. */
import type { ImageFile } from "@portal/kit";
import { imagesProblem, parseMoney } from "@portal/kit";

export type AmountProblem = "invalidAmount" | "limits" | null;

/** What a person typed as an amount: minor units within the limits, or the problem. */
export function checkAmount(typed: string, min?: number, max?: number): { minor: number | null; problem: AmountProblem } {
  const minor = parseMoney(typed);
  if (minor === null || minor <= 0) return { minor: null, problem: "invalidAmount" };
  if ((min !== undefined && minor < min) || (max !== undefined && minor > max)) return { minor, problem: "limits" };
  return { minor, problem: null };
}

/** Proof images: png or jpg, each under 5 MB, at most 3 (spec §5; the kit's rule). */
export function proofProblem(files: ImageFile[]): "tooManyProofs" | "proofType" | null {
  const problem = imagesProblem(files);
  return problem === "tooMany" ? "tooManyProofs" : problem === "type" ? "proofType" : null;
}

/** The remainder of a partly received withdrawal: above 0 and below the amount. */
export function checkRemainder(typed: string, amount: number): number | null {
  const minor = parseMoney(typed);
  return minor !== null && minor > 0 && minor < amount ? minor : null;
}

export function newRequestId(): string {
  return crypto.randomUUID();
}
