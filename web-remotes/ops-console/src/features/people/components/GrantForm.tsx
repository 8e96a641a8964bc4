/** Asking that a person's roles and brands become the ones ticked here: a request a second admin approves on the
 * requests page (the auth service refuses one that would leave no admin, or an admin asking for themselves). */
import type { FormEvent } from "react";
import type { OpsPersonRead } from "@portal/kit";
import { OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { useOps } from "../../../shared/session";
import { t } from "../texts";
import { RoleChoices, useRoleChoice } from "./RoleChoices";

export function GrantForm({ person, onClose }: { person: OpsPersonRead; onClose: () => void }) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const choice = useRoleChoice(person.roles, person.merchants);
  const grant = useAction((body: { roles: string[]; merchants: string[] }) => ops.call("opsRequestGrant", { path: { person_id: person.id }, body }), {
    onDone: () => queries.invalidateQueries({ queryKey: ["ops", "requests"] }),
    doneText: t(language, "grantAsked"),
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (choice.chosenRoles.length === 0) return grant.refuse(t(language, "pickRole"));
    if (choice.chosenBrands.length === 0) return grant.refuse(t(language, "pickBrand"));
    void grant.submit({ roles: choice.chosenRoles, merchants: choice.chosenBrands });
  };
  const title = `${t(language, "changeRoles")}: ${person.username}`;

  return (
    <form className="oc-grant" onSubmit={send} aria-label={title} noValidate>
      <RoleChoices choice={choice} />
      <OutcomeLine outcome={grant.outcome} />
      <div className="oc-row">
        <button type="submit" className="kit-button" disabled={grant.pending}>
          {t(language, "askGrant")}
        </button>
        <button type="button" className="kit-button kit-button--ghost" onClick={onClose}>
          {t(language, "cancel")}
        </button>
      </div>
    </form>
  );
}
