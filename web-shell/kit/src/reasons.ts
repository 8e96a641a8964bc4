/** English the services write that a page shows, in the page's language: the reasons of a machine's decision (a
 * payment gateway's decline) and the brand's copyright line. A reason an operator typed is shown as it was
 * written: it is a person's own words. */
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

const RESERVED: Record<Language, string> = { TR: "Tüm hakları saklıdır.", EN: "All rights reserved.", CN: "版权所有。" };

/** A brand's copyright line in the page's language: the configured line's English "All rights reserved." (the
 * brand's name and year kept) in Turkish or Chinese; a line with no such phrase is the brand's own words. */
export function copyrightText(language: Language, copyright: string): string {
  const reserved = /\s*all rights reserved\.?\s*$/i;
  return reserved.test(copyright) ? `${copyright.replace(reserved, "")} ${RESERVED[language]}`.trim() : copyright;
}
