/** What an admin can do to one person from their row: ask that their roles and brands change (a request a second
 * admin approves), disable them (their sessions end) or let them back in, and send an invitee's enrolment link
 * again. The auth service decides each; its refusal is shown as it says it. */
import { useState } from "react";
import type { OpsPersonRead } from "@portal/kit";
import { OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { named, t } from "../texts";
import { GrantForm } from "./GrantForm";

export function PersonActions({ person }: { person: OpsPersonRead }) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [granting, setGranting] = useState(false);
  const [target, setTarget] = useState<"active" | "disabled">("disabled");
  const refresh = () => queries.invalidateQueries({ queryKey: ["ops", "people"] });
  const status = useAction((next: "active" | "disabled") => ops.call("opsChangePerson", { path: { person_id: person.id }, body: { status: next } }), {
    onDone: refresh,
    doneText: t(language, "statusChanged", { name: person.username, status: named(language, target) }),
  });
  const changeTo = (next: "active" | "disabled") => {
    setTarget(next);
    void status.submit(next);
  };
  const resend = useAction(() => ops.call("opsResendInvitation", { path: { person_id: person.id } }), {
    doneText: t(language, "resent", { name: person.username }),
  });
  const busy = status.pending || resend.pending;

  return (
    <div className="oc-person-actions">
      <div className="oc-row">
        <button type="button" className="kit-button kit-button--ghost" aria-expanded={granting} onClick={() => setGranting(!granting)}>
          {t(language, "changeRoles")}
        </button>
        {person.status === "active" ? (
          <button type="button" className="kit-button kit-button--ghost" disabled={busy} onClick={() => changeTo("disabled")}>
            {t(language, "disable")}
          </button>
        ) : null}
        {person.status === "disabled" ? (
          <button type="button" className="kit-button kit-button--ghost" disabled={busy} onClick={() => changeTo("active")}>
            {t(language, "enable")}
          </button>
        ) : null}
        {person.status === "invited" ? (
          <button type="button" className="kit-button kit-button--ghost" disabled={busy} onClick={() => void resend.submit(undefined)}>
            {t(language, "resend")}
          </button>
        ) : null}
      </div>
      <OutcomeLine outcome={status.outcome ?? resend.outcome} />
      {granting ? <GrantForm person={person} onClose={() => setGranting(false)} /> : null}
    </div>
  );
}
