/** Asking that a person's roles and brands become the ones ticked here: a request a second admin approves on the
 * requests page (the auth service refuses one that would leave no admin, or an admin asking for themselves). */
import type { FormEvent } from "react";
import { useState } from "react";
import type { OpsPersonRead } from "@portal/kit";
import { Field, OutcomeLine, useAction, useLanguage, useQueryClient } from "@portal/kit";
import { allBrands, useOps } from "../../../shared/session";
import { named, t } from "../texts";
import { ROLES, brandCodes } from "../choices";

export function GrantForm({ person, onClose }: { person: OpsPersonRead; onClose: () => void }) {
  const { language } = useLanguage();
  const ops = useOps();
  const queries = useQueryClient();
  const typed = allBrands(ops.session);
  const [roles, setRoles] = useState<string[]>(person.roles);
  const [brands, setBrands] = useState<string[]>(person.merchants);
  const [brandsTyped, setBrandsTyped] = useState(person.merchants.join(", "));
  const grant = useAction((body: { roles: string[]; merchants: string[] }) => ops.call("opsRequestGrant", { path: { person_id: person.id }, body }), {
    onDone: () => queries.invalidateQueries({ queryKey: ["ops", "requests"] }),
    doneText: t(language, "grantAsked"),
  });
  const toggle = (values: string[], value: string, on: boolean) => (on ? [...values.filter((item) => item !== value), value] : values.filter((item) => item !== value));
  const chosenBrands = typed ? brandCodes(brandsTyped) : brands;
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (roles.length === 0) return grant.refuse(t(language, "pickRole"));
    if (chosenBrands.length === 0) return grant.refuse(t(language, "pickBrand"));
    void grant.submit({ roles: ROLES.filter((role) => roles.includes(role)), merchants: chosenBrands });
  };
  const title = `${t(language, "changeRoles")}: ${person.username}`;

  return (
    <form className="oc-grant" onSubmit={send} aria-label={title} noValidate>
      <fieldset className="oc-invite__choices">
        <legend>{t(language, "roles")}</legend>
        {ROLES.map((role) => (
          <label key={role}>
            <input type="checkbox" checked={roles.includes(role)} onChange={(event) => setRoles(toggle(roles, role, event.target.checked))} />
            {named(language, role)}
          </label>
        ))}
      </fieldset>
      {typed ? (
        <Field label={t(language, "brandCodes")} value={brandsTyped} onChange={setBrandsTyped} hint={t(language, "brandCodesHint")} />
      ) : (
        <fieldset className="oc-invite__choices">
          <legend>{t(language, "brands")}</legend>
          {(ops.session?.merchants ?? []).map((code) => (
            <label key={code}>
              <input type="checkbox" checked={brands.includes(code)} onChange={(event) => setBrands(toggle(brands, code, event.target.checked))} />
              {code}
            </label>
          ))}
        </fieldset>
      )}
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
