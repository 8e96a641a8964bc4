/** Bonus details: the member's bonuses, newest first, paged and filtered by status; none yet points to the
 * promotions. */
import { useState } from "react";
import type { GrantStatus } from "@portal/kit";
import { Link, LoadFailure, Pager, useLanguage } from "@portal/kit";
import { useBonuses } from "../api";
import { bt } from "../texts";
import { BonusCard } from "./BonusCard";
import "../bonuses.css";

const STATUSES: GrantStatus[] = ["ACTIVE", "RELEASED", "EXPIRED", "FORFEITED", "GRANTING", "RELEASING", "EXPIRING", "FAILED"];

export function BonusDetails() {
  const { language } = useLanguage();
  const [status, setStatus] = useState<GrantStatus | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const page = useBonuses(status, pageNo);
  const rows = page.data?.list ?? [];
  return (
    <section className="mc-panel" aria-labelledby="mc-bonus-title">
      <h2 id="mc-bonus-title">{bt(language, "title")}</h2>
      <label className="mc-filter">
        <span>{bt(language, "filter")}</span>
        <select
          className="mc-select"
          value={status ?? ""}
          onChange={(event) => {
            setStatus((event.target.value || null) as GrantStatus | null);
            setPageNo(1);
          }}
        >
          <option value="">{bt(language, "all")}</option>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {bt(language, value)}
            </option>
          ))}
        </select>
      </label>
      <LoadFailure error={page.error} />
      {page.isPending && <p className="muted" aria-busy="true">…</p>}
      {page.data && rows.length === 0 && (
        <div className="mc-bonus-empty" data-testid="bonus-empty">
          <p>{bt(language, "empty")}</p>
          <p className="muted">{bt(language, "emptyLead")}</p>
          <Link className="kit-button" to="/promotions">
            {bt(language, "seePromotions")}
          </Link>
        </div>
      )}
      {rows.length > 0 && (
        <ul className="mc-bonuses" aria-label={bt(language, "title")}>
          {rows.map((bonus) => (
            <BonusCard key={bonus.grantId} bonus={bonus} />
          ))}
        </ul>
      )}
      <Pager
        label={bt(language, "pages")}
        pageNo={pageNo}
        totalPages={page.data?.totalPages ?? 1}
        shown={page.data?.pageNum ?? pageNo}
        onPage={setPageNo}
        previous={bt(language, "previous")}
        next={bt(language, "next")}
      />
    </section>
  );
}
