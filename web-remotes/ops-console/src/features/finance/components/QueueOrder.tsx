/** The order a finance queue is read in, by the wallet: the queue's own (a waiting state oldest first, the longest wait
 * on top; anything else newest first), or the newest or the oldest first. */
import type { DepositOrder, WithdrawalOrder } from "@portal/kit";
import { useLanguage } from "@portal/kit";
import { t } from "../texts";

export type QueueOrder = DepositOrder & WithdrawalOrder;
const ORDERS: readonly QueueOrder[] = ["queue", "newest", "oldest"];
const ORDER_TEXT = { queue: "queueOrder", newest: "newest", oldest: "oldest" } as const;

export function QueueOrderSelect({ value, onChange }: { value: QueueOrder; onChange: (order: QueueOrder) => void }) {
  const { language } = useLanguage();
  return (
    <label className="kit-field">
      {t(language, "sort")}
      <select className="oc-select" value={value} onChange={(event) => onChange(event.target.value as QueueOrder)}>
        {ORDERS.map((order) => (
          <option key={order} value={order}>
            {t(language, ORDER_TEXT[order])}
          </option>
        ))}
      </select>
    </label>
  );
}
