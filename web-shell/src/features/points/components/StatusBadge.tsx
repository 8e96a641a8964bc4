/** A redemption's or a points record's state as a badge, in the member's language. */
import type { Language } from "@portal/kit";
import { pointsLabel } from "../texts";

export function StatusBadge({ language, status }: { language: Language; status: string }) {
  const upper = status.toUpperCase();
  return <span className={`pm-badge pm-badge--${upper.toLowerCase().replace("_", "-")}`}>{pointsLabel(language, upper)}</span>;
}
