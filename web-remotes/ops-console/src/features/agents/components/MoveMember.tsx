/** The brand's admin moves a team member (and its whole subtree) under another upline, with a reason for the audit.
 * The console checks only that both ids and a reason are given; the server refuses a cycle, a member holding a
 * contract and an unknown account, and its refusal is shown as it words it. */
import type { FormEvent } from "react";
import { useState } from "react";
import { Field, OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { forgetAgents } from "../reads";
import { t } from "../texts";

export function MoveMember({ accountId = "" }: { accountId?: string }) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const [account, setAccount] = useState(accountId);
  const [upline, setUpline] = useState("");
  const [reason, setReason] = useState("");
  const [done, setDone] = useState("");
  const move = useAction(
    (input: { account: string; upline: string; reason: string }) =>
      ops.call("opsMoveTeamMember", { path: { code: ops.brand, accountId: input.account }, body: { uplineId: input.upline, reason: input.reason } }),
    {
      onDone: (moved) => {
        setDone(t(language, "moved", { depth: moved.depth }));
        setReason("");
        setUpline("");
        forgetAgents(queries, ops.brand);
      },
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone("");
    if (!account.trim() || !upline.trim()) return move.refuse(t(language, "idsNeeded"));
    if (!reason.trim()) return move.refuse(t(language, "reasonNeeded"));
    void move.submit({ account: account.trim(), upline: upline.trim(), reason: reason.trim() });
  };
  const typed = (set: (value: string) => void) => (value: string) => {
    move.reset();
    setDone("");
    set(value);
  };
  return (
    <form className="ag-box" onSubmit={submit} aria-labelledby="ag-move" noValidate data-testid="move-member">
      <h2 className="ag-subtitle" id="ag-move">
        {t(language, "move")}
      </h2>
      <p className="ag-muted">{t(language, "moveIntro")}</p>
      <div className="oc-row">
        <Field label={t(language, "moveAccount")} value={account} onChange={typed(setAccount)} maxLength={64} />
        <Field label={t(language, "moveUpline")} value={upline} onChange={typed(setUpline)} maxLength={64} />
        <Field label={t(language, "reason")} value={reason} onChange={typed(setReason)} maxLength={500} />
        <button type="submit" className="kit-button" disabled={move.pending}>
          {t(language, "moveButton")}
        </button>
      </div>
      {done && !move.outcome ? (
        <p className="kit-ok" role="status">
          {done}
        </p>
      ) : null}
      <OutcomeLine outcome={move.outcome} />
    </form>
  );
}
