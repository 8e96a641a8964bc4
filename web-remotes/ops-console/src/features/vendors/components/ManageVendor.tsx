/** The dialog in which a brand's admin manages one vendor row (a vendor for one game type): set its maintenance
 * window (from: empty is now; until), end the window now, switch it off or on; each with a reason for the audit.
 * The console checks only that a reason (and an end) is given; the server decides the rest and its refusal is
 * shown as it words it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { OpsVendorRead } from "@portal/kit";
import { Dialog, Field, OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { Badge, when } from "../../../shared/ui";
import { forgetGames } from "../reads";
import { stateText, t } from "../texts";

/** A ``datetime-local`` value (the operator's local time) as an instant with its zone; null when empty. */
export function instantOf(local: string): string | null {
  if (!local.trim()) return null;
  const moment = new Date(local);
  return Number.isNaN(moment.getTime()) ? null : moment.toISOString();
}

export function windowText(vendor: OpsVendorRead, language: Parameters<typeof t>[0]): string {
  if (!vendor.maintenanceUntil) return t(language, "noWindow");
  return t(language, "windowRange", { from: when(vendor.maintenanceFrom, language), until: when(vendor.maintenanceUntil, language) });
}

type Change = { kind: "window"; from: string | null; until: string; reason: string } | { kind: "end"; reason: string } | { kind: "switch"; enabled: boolean; reason: string };

export function ManageVendor({ vendor, onClose }: { vendor: OpsVendorRead; onClose: () => void }) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [shown, setShown] = useState(vendor);
  const [from, setFrom] = useState("");
  const [until, setUntil] = useState("");
  const [reason, setReason] = useState("");
  const [done, setDone] = useState("");
  const path = { code: ops.brand, vendor: vendor.code, gameType: vendor.gameType };
  const change = useAction(
    (input: Change) => {
      if (input.kind === "window") {
        return ops.call("opsSetVendorMaintenance", { path, body: { ...(input.from ? { from: input.from } : {}), until: input.until, reason: input.reason } });
      }
      if (input.kind === "end") return ops.call("opsEndVendorMaintenance", { path, body: { reason: input.reason } });
      return ops.call("opsSwitchVendor", { path, body: { enabled: input.enabled, reason: input.reason } });
    },
    {
      onDone: (read, input) => {
        setShown(read);
        setReason("");
        setDone(t(language, input.kind === "window" ? "windowSaved" : input.kind === "end" ? "windowEnded" : input.enabled ? "switchedOn" : "switchedOff"));
        forgetGames(queries, ops.brand);
      },
    },
  );
  const run = (input: Change) => {
    setDone("");
    if (!input.reason.trim()) return change.refuse(t(language, "reasonNeeded"));
    void change.submit({ ...input, reason: input.reason.trim() });
  };
  const setWindow = (event: FormEvent) => {
    event.preventDefault();
    const end = instantOf(until);
    if (!end) {
      setDone("");
      return change.refuse(t(language, "untilNeeded"));
    }
    run({ kind: "window", from: instantOf(from), until: end, reason });
  };

  return (
    <Dialog title={t(language, "manageTitle", { vendor: shown.name, gameType: shown.gameType })} onClose={onClose} closeLabel={t(language, "close")} wide>
      <div className="vd-dialog" data-testid="manage-vendor">
        <p className="oc-row">
          <Badge value={shown.state} text={stateText(language, shown.state)} />
          {shown.maintenanceUntil ? <span>{t(language, "currentWindow", { range: windowText(shown, language) })}</span> : null}
        </p>
        {shown.maintenanceReason ? <p className="vd-muted">{shown.maintenanceReason}</p> : null}
        <Field label={t(language, "reason")} value={reason} onChange={(value) => { change.reset(); setReason(value); }} maxLength={500} />
        <form className="vd-group" onSubmit={setWindow} aria-label={t(language, "windowTitle")} noValidate>
          <div className="oc-row">
            <Field label={t(language, "from")} type="datetime-local" value={from} onChange={setFrom} />
            <Field label={t(language, "until")} type="datetime-local" value={until} onChange={setUntil} />
          </div>
          <div className="oc-row">
            <button type="submit" className="kit-button" disabled={change.pending}>
              {t(language, "setWindow")}
            </button>
            {shown.maintenanceUntil ? (
              <button type="button" className="kit-button kit-button--ghost" disabled={change.pending} onClick={() => run({ kind: "end", reason })}>
                {t(language, "endWindow")}
              </button>
            ) : null}
          </div>
        </form>
        <div className="vd-group" role="group" aria-label={t(language, "switchTitle")}>
          <button type="button" className="kit-button kit-button--ghost" disabled={change.pending} onClick={() => run({ kind: "switch", enabled: !shown.enabled, reason })}>
            {t(language, shown.enabled ? "switchOff" : "switchOn")}
          </button>
        </div>
        {done && !change.outcome ? (
          <p className="kit-ok" role="status">
            {done}
          </p>
        ) : null}
        <OutcomeLine outcome={change.outcome} />
      </div>
    </Dialog>
  );
}
