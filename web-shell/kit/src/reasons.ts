/** Reasons the services write in English for a machine's decision (a payment gateway's decline), in the page's
 * language. A reason an operator typed is shown as it was written: it is a person's own words. */
import type { Language } from "./language";

const KNOWN: Record<string, Record<Language, string>> = {
  "declined by the payer": { TR: "Ödeme, ödeyen tarafından reddedildi", EN: "Declined by the payer", CN: "付款人已拒绝付款" },
  declined: { TR: "Ödeme reddedildi", EN: "Declined", CN: "付款被拒绝" },
  expired: { TR: "Ödeme süresi doldu", EN: "The payment expired", CN: "付款已超时" },
  cancelled: { TR: "Ödeme iptal edildi", EN: "The payment was cancelled", CN: "付款已取消" },
};

export function reasonText(language: Language, reason: string): string {
  return KNOWN[reason.trim().toLowerCase()]?.[language] ?? reason;
}
