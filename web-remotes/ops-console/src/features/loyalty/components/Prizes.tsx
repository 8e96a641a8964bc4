/** The brand's raffles and red envelopes: every raffle (its window, prizes, tickets, the seed's hash, once drawn the
 * seed and each prize's winner and payment) and every red envelope (its pool, shares claimed and paid). Every role of
 * the console reads them; the content role (or an admin) adds them. One above the brand's dual-control amount waits
 * for a second person: a finance checker other than its maker confirms or rejects it (PrizeCheck). The points service
 * decides, and its refusal is shown as it says it. */
import { useLanguage } from "@portal/kit";
import { holds, useOps } from "../../../shared/session";
import { PageTitle } from "../../../shared/ui";
import { pt } from "../prizeTexts";
import { EnvelopesPanel } from "./EnvelopesPanel";
import { RafflesPanel } from "./RafflesPanel";
import "../loyalty.css";
import "../missions.css";
import "../prizes.css";
import "./promotions.css"; // the second person's dialog (CheckerDialog)

export function Prizes() {
  const { language } = useLanguage();
  const ops = useOps();
  const writer = holds(ops.session, "content");
  return (
    <section aria-labelledby="oc-prizes" className="pz">
      <PageTitle>
        <span id="oc-prizes">{pt(language, "prizes")}</span>
      </PageTitle>
      {!ops.brand ? <p>{pt(language, "noBrand")}</p> : null}
      {!writer ? <p className="kit-field__hint">{pt(language, "readOnly")}</p> : null}
      {ops.brand ? <RafflesPanel writer={writer} /> : null}
      {ops.brand ? <EnvelopesPanel writer={writer} /> : null}
    </section>
  );
}
