/** The decisions on an activity application, each in a dialog: a finance maker approves with the bonus to grant (in
 * money, at most the promotion's maximum) or rejects with a reason; for an amount its maker approved above the
 * brand's dual-control amount, a finance checker other than the maker confirms it or rejects it (CheckerDialog, with
 * ApplicationLead saying what is decided). */
import type { FormEvent } from "react";
import { useState } from "react";
import type { Action, ApplicationRead, Language } from "@portal/kit";
import { Dialog, Field, OutcomeLine, formatMoney, useLanguage } from "@portal/kit";
import type { useOps } from "../../../shared/session";
import { t } from "../texts";
import type { CheckerVerdict } from "./CheckerDialog";
import { MAX_MINOR, hundredthsOf } from "./PromotionForm";

/** What a decision sends: a maker's approval or rejection, or a checker's confirmation or rejection. */
export type Verdict =
  | { id: number; verdict: "approve"; amount: number; reason: string | null }
  | { id: number; verdict: "reject"; reason: string }
  | CheckerVerdict;

export type Decide = Action<Verdict, ApplicationRead>;

export function ApproveDialog({ row, maxBonus, decide, onClose }: { row: ApplicationRead; maxBonus: number | null; decide: Decide; onClose: () => void }) {
  const { language } = useLanguage();
  const [amount, setAmount] = useState("");
  const [note, setNote] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = hundredthsOf(amount, 1, MAX_MINOR);
    if (minor === null) return decide.refuse(t(language, "amountInvalid"));
    if (maxBonus !== null && minor > maxBonus) return decide.refuse(t(language, "amountTooLarge", { max: formatMoney(maxBonus) }));
    void decide.submit({ id: row.applicationId, verdict: "approve", amount: minor, reason: note.trim() || null });
  };
  return (
    <Dialog title={t(language, "approveTitle", { id: row.applicationId })} onClose={onClose} closeLabel={t(language, "close")}>
      <form className="pr-dialog-form" onSubmit={submit} noValidate data-testid="approve-application">
        <p>
          {row.promotionName} · <span className="oc-id">{row.accountId}</span>
        </p>
        <Field
          label={t(language, "bonusAmount")}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          size={14}
          required
          hint={maxBonus !== null ? t(language, "amountAtMost", { max: formatMoney(maxBonus) }) : undefined}
        />
        <Field label={t(language, "approveNote")} value={note} onChange={setNote} maxLength={500} />
        <OutcomeLine outcome={decide.outcome} />
        <div className="oc-row">
          <button type="submit" className="kit-button" disabled={decide.pending}>
            {t(language, "approve")}
          </button>
          <button type="button" className="kit-button kit-button--ghost" onClick={onClose}>
            {t(language, "cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

export function RejectDialog({ row, decide, onClose }: { row: ApplicationRead; decide: Decide; onClose: () => void }) {
  const { language } = useLanguage();
  const [reason, setReason] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return decide.refuse(t(language, "required"));
    void decide.submit({ id: row.applicationId, verdict: "reject", reason: reason.trim() });
  };
  return (
    <Dialog title={t(language, "rejectTitle", { id: row.applicationId })} onClose={onClose} closeLabel={t(language, "close")}>
      <form className="pr-dialog-form" onSubmit={submit} noValidate data-testid="reject-application">
        <p>
          {row.promotionName} · <span className="oc-id">{row.accountId}</span>
        </p>
        <Field label={t(language, "rejectReason")} value={reason} onChange={setReason} maxLength={500} required />
        <OutcomeLine outcome={decide.outcome} />
        <div className="oc-row">
          <button type="submit" className="kit-button" disabled={decide.pending}>
            {t(language, "confirmReject")}
          </button>
          <button type="button" className="kit-button kit-button--ghost" onClick={onClose}>
            {t(language, "cancel")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** What a checker decides on: the application, and the amount its maker approved. */
export function ApplicationLead({ row }: { row: ApplicationRead }) {
  const { language } = useLanguage();
  return (
    <>
      <p>
        {row.promotionName} · <span className="oc-id">{row.accountId}</span>
      </p>
      <p>{t(language, "confirmLead", { maker: row.maker ?? "—", amount: formatMoney(row.amount ?? 0) })}</p>
    </>
  );
}

/** The call a decision makes. */
export function decisionCall(ops: ReturnType<typeof useOps>, input: Verdict): Promise<ApplicationRead> {
  const path = { code: ops.brand, applicationId: input.id };
  if (input.verdict === "approve") return ops.call("opsApproveApplication", { path, body: { amount: input.amount, reason: input.reason } });
  if (input.verdict === "reject") return ops.call("opsRejectApplication", { path, body: { reason: input.reason } });
  return ops.call("opsConfirmApplication", { path, body: { approve: input.approve, reason: input.reason } });
}

/** What the last decision did, once it is done. */
export function decidedText(language: Language, decided: ApplicationRead): string {
  if (decided.status === "APPROVED") return t(language, "approvedWith", { amount: formatMoney(decided.amount ?? 0) });
  if (decided.status === "PENDING" && decided.awaitingChecker) return t(language, "awaitingDone");
  return t(language, "rejectedDone");
}
