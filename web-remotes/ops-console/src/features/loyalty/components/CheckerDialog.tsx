/** The second person, as every loyalty page asks for one: something its maker made above the brand's dual-control
 * amount (an activity application's bonus, a raffle, a red envelope) waits until a finance checker other than the
 * maker confirms it (a note optional) or rejects it with a reason (required: a blank one is refused before any
 * call). In its row the checker gets the two buttons (CheckerActions) and the maker a note instead; the decision is
 * taken in a dialog (CheckerDialog). The service decides again (``ops.same_person`` for the maker,
 * ``ops.role_required`` without the checker role) and its refusal is shown as it words it. */
import type { FormEvent, ReactNode } from "react";
import { useState } from "react";
import type { Action } from "@portal/kit";
import { Dialog, Field, OutcomeLine, useLanguage } from "@portal/kit";
import { t } from "../texts";

/** What a checker's decision sends: the item, confirm or reject, and the note or the reason. */
export interface CheckerVerdict {
  id: number;
  verdict: "check";
  approve: boolean;
  reason: string | null;
}

/** The part of a page's action the dialog decides with (any answer type, any wider input). */
export type CheckerAction = Pick<Action<CheckerVerdict, unknown>, "submit" | "refuse" | "outcome" | "pending">;

interface ActionsProps {
  /** The operator made the item: a note, no buttons (the service refuses the maker). */
  own: boolean;
  /** The operator holds the finance checker role (or admin). */
  checker: boolean;
  /** The maker's note. */
  note: string;
  disabled: boolean;
  onAsk: (approve: boolean) => void;
}

/** The row's part for an item awaiting a second person: the maker's note, a checker's two buttons, else nothing. */
export function CheckerActions({ own, checker, note, disabled, onAsk }: ActionsProps) {
  const { language } = useLanguage();
  if (own) return <span className="ly-sub">{note}</span>;
  if (!checker) return null;
  return (
    <div className="oc-row">
      <button type="button" className="kit-button" disabled={disabled} onClick={() => onAsk(true)}>
        {t(language, "confirmChecker")}
      </button>
      <button type="button" className="kit-button kit-button--ghost" disabled={disabled} onClick={() => onAsk(false)}>
        {t(language, "rejectChecker")}
      </button>
    </div>
  );
}

interface DialogProps {
  id: number;
  title: string;
  approve: boolean;
  decide: CheckerAction;
  onClose: () => void;
  testId: string;
  /** What is being decided: the item and its maker. */
  children: ReactNode;
}

/** A checker's decision on an item awaiting a second person: confirm (a note optional) or reject (a reason). */
export function CheckerDialog({ id, title, approve, decide, onClose, testId, children }: DialogProps) {
  const { language } = useLanguage();
  const [reason, setReason] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!approve && !text) return decide.refuse(t(language, "required"));
    void decide.submit({ id, verdict: "check", approve, reason: text || null });
  };
  return (
    <Dialog title={title} onClose={onClose} closeLabel={t(language, "close")}>
      <form className="pr-dialog-form" onSubmit={submit} noValidate data-testid={testId}>
        {children}
        <Field label={t(language, approve ? "approveNote" : "rejectReason")} value={reason} onChange={setReason} maxLength={500} required={!approve} />
        <OutcomeLine outcome={decide.outcome} />
        <div className="oc-row">
          <button type="submit" className="kit-button" disabled={decide.pending}>
            {t(language, approve ? "confirmChecker" : "rejectChecker")}
          </button>
          <button type="button" className="kit-button kit-button--ghost" onClick={onClose}>
            {t(language, "cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
