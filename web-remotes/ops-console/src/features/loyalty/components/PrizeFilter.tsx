/** The filter of the raffles and the red envelopes: where each stands against the clock (not started, open, closed),
 * its second person's review, and the order (the newest or oldest made first, or the soonest to close first), all
 * applied by the points service when the operator asks (the list's first page). */
import type { FormEvent } from "react";
import { useState } from "react";
import type { PrizeOrder, PrizePhase, Review } from "@portal/kit";
import { useLanguage } from "@portal/kit";
import { pt } from "../prizeTexts";

export interface PrizeFilters {
  phase: PrizePhase | "";
  review: Review | "";
  sort: PrizeOrder;
}

export const FIRST_PRIZES: PrizeFilters = { phase: "", review: "", sort: "newest" };

const PHASES = { upcoming: "phaseUpcoming", open: "phaseOpen", closed: "phaseClosed" } as const;
const REVIEWS = { NONE: "reviewNONE", AWAITING: "reviewStateAWAITING", CONFIRMED: "reviewStateCONFIRMED", REJECTED: "reviewStateREJECTED" } as const;
const ORDERS = { newest: "orderNewest", oldest: "orderOldest", closing: "orderClosing" } as const;

/** The query of a page: only the filters given. */
export function prizeQuery(filters: PrizeFilters, pageNo: number, pageSize: number) {
  return { pageNo, pageSize, sort: filters.sort, ...(filters.phase ? { phase: filters.phase } : {}), ...(filters.review ? { review: filters.review } : {}) };
}

export function PrizeFilter({ label, onSearch }: { label: string; onSearch: (filters: PrizeFilters) => void }) {
  const { language } = useLanguage();
  const [draft, setDraft] = useState<PrizeFilters>(FIRST_PRIZES);
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  return (
    <form className="oc-row" onSubmit={search} aria-label={label}>
      <label className="kit-field">
        {pt(language, "phaseFilter")}
        <select className="oc-select" value={draft.phase} onChange={(event) => setDraft({ ...draft, phase: event.target.value as PrizeFilters["phase"] })}>
          <option value="">{pt(language, "all")}</option>
          {(Object.keys(PHASES) as PrizePhase[]).map((value) => (
            <option key={value} value={value}>
              {pt(language, PHASES[value])}
            </option>
          ))}
        </select>
      </label>
      <label className="kit-field">
        {pt(language, "reviewFilter")}
        <select className="oc-select" value={draft.review} onChange={(event) => setDraft({ ...draft, review: event.target.value as PrizeFilters["review"] })}>
          <option value="">{pt(language, "all")}</option>
          {(Object.keys(REVIEWS) as Review[]).map((value) => (
            <option key={value} value={value}>
              {pt(language, REVIEWS[value])}
            </option>
          ))}
        </select>
      </label>
      <label className="kit-field">
        {pt(language, "listOrder")}
        <select className="oc-select" value={draft.sort} onChange={(event) => setDraft({ ...draft, sort: event.target.value as PrizeOrder })}>
          {(Object.keys(ORDERS) as PrizeOrder[]).map((value) => (
            <option key={value} value={value}>
              {pt(language, ORDERS[value])}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="kit-button">
        {pt(language, "prizeFilter")}
      </button>
    </form>
  );
}
