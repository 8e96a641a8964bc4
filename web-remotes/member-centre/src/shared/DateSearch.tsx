import type { FormEvent, ReactNode } from "react";
import { useLanguage } from "@portal/kit";
import { t } from "./texts";

export interface Dates {
  startDate: string;
  endDate: string;
}

/** The search row of the record pages: the dates (both included) and whatever else the page filters by. */
export function DateSearch({ dates, onDates, onSearch, children }: { dates: Dates; onDates: (dates: Dates) => void; onSearch: () => void; children?: ReactNode }) {
  const { language } = useLanguage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className="mc-row" onSubmit={submit} aria-label={t(language, "search")}>
      {children}
      <label className="kit-field">
        {t(language, "startDate")}
        <input className="mc-select" type="date" value={dates.startDate} onChange={(event) => onDates({ ...dates, startDate: event.target.value })} />
      </label>
      <label className="kit-field">
        {t(language, "endDate")}
        <input className="mc-select" type="date" value={dates.endDate} onChange={(event) => onDates({ ...dates, endDate: event.target.value })} />
      </label>
      <button type="submit" className="kit-button">
        {t(language, "search")}
      </button>
    </form>
  );
}
