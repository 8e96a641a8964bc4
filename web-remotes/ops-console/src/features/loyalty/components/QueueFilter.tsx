/** A loyalty queue's filter (the mall's redemptions, the activity applications): a state (or all) and a member's
 * account, applied when the operator asks (the list's first page). */
import type { FormEvent } from "react";
import { useState } from "react";
import { Field, useLanguage } from "@portal/kit";
import { named, t } from "../texts";

interface Props<S extends string> {
  statuses: readonly S[];
  initial: S | "";
  onSearch: (status: S | "", account: string) => void;
}

export function QueueFilter<S extends string>({ statuses, initial, onSearch }: Props<S>) {
  const { language } = useLanguage();
  const [status, setStatus] = useState<S | "">(initial);
  const [account, setAccount] = useState("");
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch(status, account.trim());
  };
  return (
    <form className="oc-row" onSubmit={search} aria-label={t(language, "filter")}>
      <label className="kit-field">
        {t(language, "status")}
        <select className="oc-select" value={status} onChange={(event) => setStatus(event.target.value as S | "")}>
          <option value="">{t(language, "all")}</option>
          {statuses.map((value) => (
            <option key={value} value={value}>
              {named(language, value)}
            </option>
          ))}
        </select>
      </label>
      <Field label={t(language, "accountFilter")} value={account} onChange={setAccount} maxLength={64} />
      <button type="submit" className="kit-button">
        {t(language, "filter")}
      </button>
    </form>
  );
}
