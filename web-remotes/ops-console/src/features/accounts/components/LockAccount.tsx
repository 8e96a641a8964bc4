/** Lock a member's account for a time, with a reason (the brand's admins): no login admits it until then and its
 * sessions end at once; "Unlock" lifts it early. The auth service decides; its refusal is shown as it says it. */
import { useState } from "react";
import { Field, OutcomeLine, useAction, useLanguage } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { t } from "../texts";

const HOURS = [1, 24, 72, 168, 720] as const;
const HOUR_TEXT = { 1: "hour1", 24: "hour24", 72: "hour72", 168: "hour168", 720: "hour720" } as const;

export function LockAccount({ accountId }: { accountId: string }) {
  const { language } = useLanguage();
  const ops = useOps();
  const [hours, setHours] = useState<(typeof HOURS)[number]>(24);
  const [reason, setReason] = useState("");
  const [done, setDone] = useState<{ id: string; hours: number } | null>(null);
  const act = useAction(
    (input: { id: string; hours: number; reason: string }) =>
      ops.call("opsLockAccount", { path: { code: ops.brand, account_id: input.id }, body: { hours: input.hours, reason: input.reason } }),
    done ? { doneText: t(language, "locked", { id: done.id, hours: done.hours }) } : {},
  );

  const lock = () => {
    if (!accountId) return act.refuse(t(language, "required"));
    if (!reason.trim()) return act.refuse(t(language, "reasonNeeded"));
    setDone({ id: accountId, hours });
    void act.submit({ id: accountId, hours, reason: reason.trim() });
  };

  return (
    <fieldset className="oc-account__lock">
      <legend>{t(language, "lockTitle")}</legend>
      <div className="oc-row">
        <label className="kit-field">
          <span>{t(language, "hours")}</span>
          <select className="oc-select" value={hours} onChange={(event) => setHours(Number(event.target.value) as (typeof HOURS)[number])}>
            {HOURS.map((value) => (
              <option key={value} value={value}>
                {t(language, HOUR_TEXT[value])}
              </option>
            ))}
          </select>
        </label>
        <Field label={t(language, "reason")} value={reason} onChange={setReason} maxLength={500} />
        <button type="button" className="kit-button" disabled={act.pending} onClick={lock}>
          {t(language, "lock")}
        </button>
      </div>
      <OutcomeLine outcome={act.outcome} />
    </fieldset>
  );
}
