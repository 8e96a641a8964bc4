/** The second person's decision on an activity application whose maker approved an amount above the brand's
 * dual-control amount: a finance checker other than the maker confirms it (the bonus granted; a note optional) or
 * rejects the application with a reason (required). The service refuses the maker (``ops.same_person``). */
import type { FormEvent } from "react";
import { useState } from "react";
import type { ApplicationRead } from "@portal/kit";
import { Dialog, Field, OutcomeLine, formatMoney, useLanguage } from "@portal/kit";
import { t } from "../texts";
import type { Decide } from "./ApplicationDialogs";

/** A checker's decision on an amount awaiting a second person: confirm (a note optional) or reject (a reason). */
export function CheckerDialog({ row, approve, decide, onClose }: { row: ApplicationRead; approve: boolean; decide: Decide; onClose: () => void }) {
  const { language } = useLanguage();
  const [reason, setReason] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (approve) return void decide.submit({ id: row.applicationId, verdict: "confirm", reason: text || null });
    if (!text) return decide.refuse(t(language, "required"));
    void decide.submit({ id: row.applicationId, verdict: "checkerReject", reason: text });
  };
  const title = t(language, approve ? "confirmTitle" : "checkerRejectTitle", { id: row.applicationId });
  return (
    <Dialog title={title} onClose={onClose} closeLabel={t(language, "close")}>
      <form className="pr-dialog-form" onSubmit={submit} noValidate data-testid="checker-application">
        <p>
          {row.promotionName} · <span className="oc-id">{row.accountId}</span>
        </p>
        <p>{t(language, "confirmLead", { maker: row.maker ?? "—", amount: formatMoney(row.amount ?? 0) })}</p>
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
