/** A member's account by its id (the brand's admins only): lock it for a time (``LockAccount``), unlock it, disable it
 * (after a confirmation: its sessions end at once) or enable it again. The account's status is ``active`` or
 * ``disabled`` (``AccountStatusChange``). The auth service decides, and its refusal is shown as it says it. */
import type { FormEvent } from "react";
import { useState } from "react";
import type { AccountStatusChange } from "@portal/kit";
import { Field, OutcomeLine, useAction, useLanguage, useSearchParams } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { PageTitle } from "../../../shared/ui";
import { t } from "../texts";
import "../accounts.css";
import { LockAccount } from "./LockAccount";

export type AccountAction = "unlock" | "disable" | "enable";

const STATUS_OF: Record<Exclude<AccountAction, "unlock">, AccountStatusChange["status"]> = { disable: "disabled", enable: "active" };
const DONE_TEXT = { unlock: "unlocked", disable: "disabled", enable: "enabled" } as const;

export function AccountActions() {
  const { language } = useLanguage();
  const ops = useOps();
  const admin = holds(ops.session, "admin");
  const [params] = useSearchParams(); // opened from a member's profile: ?account=<id>
  const [accountId, setAccountId] = useState(() => params.get("account") ?? "");
  const [confirming, setConfirming] = useState<string | null>(null);
  const [last, setLast] = useState<{ action: AccountAction; id: string } | null>(null);
  const act = useAction(
    (input: { action: AccountAction; id: string }) =>
      input.action === "unlock"
        ? ops.call("opsUnlockAccount", { path: { code: ops.brand, account_id: input.id } })
        : ops.call("opsSetAccountStatus", { path: { code: ops.brand, account_id: input.id }, body: { status: STATUS_OF[input.action] } }),
    {
      ...(last ? { doneText: t(language, DONE_TEXT[last.action], { id: last.id }) } : {}),
      onDone: () => setConfirming(null),
    },
  );

  const run = (action: AccountAction) => {
    const id = accountId.trim();
    if (!id) return act.refuse(t(language, "required"));
    if (action === "disable" && confirming !== id) {
      act.reset();
      setConfirming(id);
      return;
    }
    setLast({ action, id });
    void act.submit({ action, id });
  };
  const noSubmit = (event: FormEvent) => event.preventDefault();

  return (
    <section aria-labelledby="oc-accounts">
      <PageTitle>
        <span id="oc-accounts">{t(language, "accounts")}</span>
      </PageTitle>
      {!admin ? (
        <p>{t(language, "noRole")}</p>
      ) : !ops.brand ? (
        <p>{t(language, "noBrand")}</p>
      ) : (
        <form className="oc-account" onSubmit={noSubmit} aria-label={t(language, "accounts")} noValidate>
          <p className="kit-field__hint">{t(language, "explain")}</p>
          <Field
            label={t(language, "accountId")}
            value={accountId}
            onChange={(value) => {
              setAccountId(value);
              setConfirming(null);
            }}
            hint={t(language, "accountHint", { brand: ops.brand })}
            autoComplete="off"
            maxLength={64}
          />
          {confirming ? (
            <div className="oc-account__confirm" role="group" aria-label={t(language, "disable")}>
              <p>{t(language, "disableQuestion", { id: confirming })}</p>
              <div className="oc-row">
                <button type="button" className="kit-button" disabled={act.pending} onClick={() => run("disable")}>
                  {t(language, "confirmDisable")}
                </button>
                <button type="button" className="kit-button kit-button--ghost" onClick={() => setConfirming(null)}>
                  {t(language, "cancel")}
                </button>
              </div>
            </div>
          ) : (
            <div className="oc-row" role="group" aria-label={t(language, "actions")}>
              <button type="button" className="kit-button" disabled={act.pending} onClick={() => run("unlock")}>
                {t(language, "unlock")}
              </button>
              <button type="button" className="kit-button kit-button--ghost" disabled={act.pending} onClick={() => run("disable")}>
                {t(language, "disable")}
              </button>
              <button type="button" className="kit-button kit-button--ghost" disabled={act.pending} onClick={() => run("enable")}>
                {t(language, "enable")}
              </button>
            </div>
          )}
          <OutcomeLine outcome={act.outcome} />
          <LockAccount accountId={accountId.trim()} />
        </form>
      )}
    </section>
  );
}
