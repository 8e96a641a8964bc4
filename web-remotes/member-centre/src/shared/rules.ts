/** Pure form rules of the member centre, checked before anything is sent. */
import { parseMoney } from "@portal/kit";

export const MAX_PROOFS = 3;
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

export type AmountProblem = "invalidAmount" | "limits" | null;

/** What a person typed as an amount: minor units within the limits, or the problem. */
export function checkAmount(typed: string, min?: number, max?: number): { minor: number | null; problem: AmountProblem } {
  const minor = parseMoney(typed);
  if (minor === null || minor <= 0) return { minor: null, problem: "invalidAmount" };
  if ((min !== undefined && minor < min) || (max !== undefined && minor > max)) return { minor, problem: "limits" };
  return { minor, problem: null };
}

export interface ProofFile {
  type: string;
  size: number;
}

/** Proof images: png or jpg, each under 5 MB, at most 3 (spec §5). */
export function proofProblem(files: ProofFile[]): "tooManyProofs" | "proofType" | null {
  if (files.length > MAX_PROOFS) return "tooManyProofs";
  if (files.some((file) => !["image/png", "image/jpeg"].includes(file.type) || file.size >= MAX_PROOF_BYTES)) return "proofType";
  return null;
}

/** The remainder of a partly received withdrawal: above 0 and below the amount. */
export function checkRemainder(typed: string, amount: number): number | null {
  const minor = parseMoney(typed);
  return minor !== null && minor > 0 && minor < amount ? minor : null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });
}

export function newRequestId(): string {
  return crypto.randomUUID();
}
