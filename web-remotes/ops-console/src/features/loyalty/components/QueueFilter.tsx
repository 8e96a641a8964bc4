/** A loyalty queue's filter (the mall's redemptions, the activity applications, the bonuses): a state (or all), a
 * member's account and the order (newest or oldest first, by the server), applied when the operator asks (the list's
 * first page). */
import type { FormEvent } from "react";
import { useState } from "react";
import type { QueueOrder } from "@portal/kit";
import { Field, useLanguage } from "@portal/kit";
import { named, t } from "../texts";

export const QUEUE_ORDERS: readonly QueueOrder[] = ["newest", "oldest"];
const ORDER_TEXT = { newest: "orderNewest", oldest: "orderOldest" } as const;

interface Props<S extends string> {
  statuses: readonly S[];
  initial: S | "";
  onSearch: (status: S | "", account: string, sort: QueueOrder) => void;
}

export function QueueFilter<S extends string>({ statuses, initial, onSearch }: Props<S>) {
  const { language } = useLanguage();
  const [status, setStatus] = useState<S | "">(initial);
  const [account, setAccount] = useState("");
  const [sort, setSort] = useState<QueueOrder>("newest");
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch(status, account.trim(), sort);
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
      <label className="kit-field">
        {t(language, "listOrder")}
        <select className="oc-select" value={sort} onChange={(event) => setSort(event.target.value as QueueOrder)}>
          {QUEUE_ORDERS.map((value) => (
            <option key={value} value={value}>
              {t(language, ORDER_TEXT[value])}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="kit-button">
        {t(language, "filter")}
      </button>
    </form>
  );
}
