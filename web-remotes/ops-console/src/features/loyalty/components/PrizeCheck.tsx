/** The second person on the raffles and red envelopes: a raffle whose prizes together, or an envelope whose pool, is
 * above the brand's dual-control amount is made awaiting one (members do not see it, a raffle is never drawn) until
 * a finance checker other than its maker confirms or rejects it. Its row says so (ReviewCell: awaiting with its
 * maker, or confirmed / rejected with its checker) with the shared CheckerActions; the decision is taken in the
 * shared CheckerDialog (usePrizeCheck, PrizeCheckDialog), and the list is read again after it. */
import { useCallback, useState } from "react";
import type { OpsRaffleRead, OpsRedEnvelopeRead } from "@portal/kit";
import { formatMoney, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { pt } from "../prizeTexts";
import type { CheckerVerdict } from "./CheckerDialog";
import { CheckerActions, CheckerDialog } from "./CheckerDialog";

export type PrizeKind = "raffle" | "envelope";
type Reviewed = Pick<OpsRaffleRead | OpsRedEnvelopeRead, "review" | "createdBy" | "checkedBy">;

/** The item a checker is deciding on, as its dialog says it. */
export interface Asked {
  id: number;
  approve: boolean;
  name: string;
  maker: string;
  /** The raffle's prizes together, or the envelope's pool (minor units). */
  amount: number;
}

/** A panel's checker decision: which item is asked about, and the call (the list under ``key`` read again after). */
export function usePrizeCheck(kind: PrizeKind, key: readonly unknown[]) {
  const ops = useOps();
  const queries = useQueryClient();
  const [asked, setAsked] = useState<Asked | null>(null);
  const decide = useAction(
    ({ id, approve, reason }: CheckerVerdict): Promise<OpsRaffleRead | OpsRedEnvelopeRead> => {
      const body = { approve, reason };
      if (kind === "raffle") return ops.call("opsConfirmRaffle", { path: { code: ops.brand, raffleId: id }, body });
      return ops.call("opsConfirmRedEnvelope", { path: { code: ops.brand, envelopeId: id }, body });
    },
    {
      onDone: () => {
        setAsked(null);
        return queries.invalidateQueries({ queryKey: key });
      },
    },
  );
  const ask = (item: Asked) => {
    decide.reset();
    setAsked(item);
  };
  const close = useCallback(() => setAsked(null), []);
  return { kind, asked, ask, close, decide };
}

export type PrizeCheck = ReturnType<typeof usePrizeCheck>;

/** The review state in a row and, while it awaits a second person, the checker's buttons or the maker's note. */
export function ReviewCell({ row, item, check, disabled }: { row: Reviewed; item: Omit<Asked, "approve" | "maker">; check: PrizeCheck; disabled: boolean }) {
  const { language } = useLanguage();
  const ops = useOps();
  if (row.review === "NONE") return null;
  return (
    <>
      <span className="ly-sub" data-testid={`review-${check.kind}-${item.id}`}>
        {pt(language, `review${row.review}`, { maker: row.createdBy, name: row.checkedBy ?? "—" })}
      </span>
      {row.review === "AWAITING" ? (
        <CheckerActions
          own={row.createdBy === ops.session?.username}
          checker={holds(ops.session, "finance-checker")}
          note={pt(language, "ownPrize")}
          disabled={disabled || check.decide.pending}
          onAsk={(approve) => check.ask({ ...item, approve, maker: row.createdBy })}
        />
      ) : null}
    </>
  );
}

/** The dialog of the item asked about, and once decided (the dialog closed) what the decision did. */
export function PrizeCheckDialog({ check }: { check: PrizeCheck }) {
  const { language } = useLanguage();
  const { kind, asked, decide, close } = check;
  if (!asked) {
    const decided = decide.done ? decide.latest?.review : undefined;
    if (decided !== "CONFIRMED" && decided !== "REJECTED") return null;
    return (
      <p className="kit-ok" role="status" data-testid={`checked-${kind}`}>
        {pt(language, `checked${decided}`)}
      </p>
    );
  }
  const title = pt(language, kind === "raffle" ? (asked.approve ? "confirmRaffle" : "rejectRaffle") : asked.approve ? "confirmEnvelope" : "rejectEnvelope", { id: asked.id });
  return (
    <CheckerDialog key={`${asked.id}-${asked.approve}`} id={asked.id} title={title} approve={asked.approve} decide={decide} onClose={close} testId={`checker-${kind}`}>
      <p>{pt(language, kind === "raffle" ? "raffleLead" : "envelopeLead", { name: asked.name, maker: asked.maker, amount: formatMoney(asked.amount) })}</p>
    </CheckerDialog>
  );
}
