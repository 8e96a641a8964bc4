/** The roles and brands an ops person is to hold, as an invitation and a change of roles both ask them: roles
 * ticked, brands ticked among the admin's own (or typed, for an admin of every brand). */
import { useState } from "react";
import { Field, useLanguage } from "@portal/kit";
import type { OpsRole } from "../../../shared/session";
import { allBrands, useOps } from "../../../shared/session";
import { ROLES, brandCodes } from "../choices";
import { named, t } from "../texts";

export interface RoleChoice {
  roles: string[];
  setRoles: (roles: string[]) => void;
  brands: string[];
  setBrands: (brands: string[]) => void;
  brandsTyped: string;
  setBrandsTyped: (typed: string) => void;
  typed: boolean;
  /** The roles ticked, in the order the forms list them. */
  chosenRoles: OpsRole[];
  /** The brands ticked, or typed. */
  chosenBrands: string[];
}

export function useRoleChoice(initialRoles: readonly string[], initialBrands: readonly string[]): RoleChoice {
  const ops = useOps();
  const [roles, setRoles] = useState<string[]>([...initialRoles]);
  const [brands, setBrands] = useState<string[]>([...initialBrands]);
  const [brandsTyped, setBrandsTyped] = useState(initialBrands.join(", "));
  const typed = allBrands(ops.session);
  return {
    roles, setRoles, brands, setBrands, brandsTyped, setBrandsTyped, typed,
    chosenRoles: ROLES.filter((role) => roles.includes(role)),
    chosenBrands: typed ? brandCodes(brandsTyped) : brands,
  };
}

const toggle = (values: string[], value: string, on: boolean) => (on ? [...values.filter((item) => item !== value), value] : values.filter((item) => item !== value));

export function RoleChoices({ choice }: { choice: RoleChoice }) {
  const { language } = useLanguage();
  const ops = useOps();
  return (
    <>
      <fieldset className="oc-invite__choices">
        <legend>{t(language, "roles")}</legend>
        {ROLES.map((role) => (
          <label key={role}>
            <input type="checkbox" checked={choice.roles.includes(role)} onChange={(event) => choice.setRoles(toggle(choice.roles, role, event.target.checked))} />
            {named(language, role)}
          </label>
        ))}
      </fieldset>
      {choice.typed ? (
        <Field label={t(language, "brandCodes")} value={choice.brandsTyped} onChange={choice.setBrandsTyped} hint={t(language, "brandCodesHint")} />
      ) : (
        <fieldset className="oc-invite__choices">
          <legend>{t(language, "brands")}</legend>
          {(ops.session?.merchants ?? []).map((code) => (
            <label key={code}>
              <input type="checkbox" checked={choice.brands.includes(code)} onChange={(event) => choice.setBrands(toggle(choice.brands, code, event.target.checked))} />
              {code}
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}
