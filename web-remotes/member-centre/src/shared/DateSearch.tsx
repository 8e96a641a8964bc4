import type { FormEvent, ReactNode } from "react";
import { useState } from "react";
import { DATE_PATTERNS, formatIsoDate, parseDate, useLanguage } from "@portal/kit";
import { t } from "./texts";

export interface Dates {
  startDate: string;
  endDate: string;
}

type Edge = keyof Dates;

/** The search row of the record pages: the dates (both included; typed in the page's language, TR "27.11.2026", and
 * handed on as the service takes them, "2026-11-27") and whatever else the page filters by. */
export function DateSearch({ dates, onDates, onSearch, children }: { dates: Dates; onDates: (dates: Dates) => void; onSearch: () => void; children?: ReactNode }) {
  const { language } = useLanguage();
  const [typed, setTyped] = useState<{ language: string; text: Partial<Dates> }>({ language, text: {} });
  const text = (edge: Edge) => (typed.language === language ? typed.text[edge] : undefined) ?? formatIsoDate(language, dates[edge]);
  const wrong = (["startDate", "endDate"] as const).some((edge) => text(edge).trim() !== "" && parseDate(language, text(edge)) === null);
  const [shown, setShown] = useState(false);
  const type = (edge: Edge, value: string) => {
    setTyped({ language, text: { ...(typed.language === language ? typed.text : {}), [edge]: value } });
    onDates({ ...dates, [edge]: value.trim() === "" ? "" : (parseDate(language, value) ?? dates[edge]) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown(wrong);
    if (!wrong) onSearch();
  };
  const field = (edge: Edge) => (
    <label className="kit-field">
      {t(language, edge)}
      <input className="mc-select" inputMode="numeric" placeholder={DATE_PATTERNS[language]} value={text(edge)} onChange={(event) => type(edge, event.target.value)} aria-invalid={shown && wrong} />
    </label>
  );
  return (
    <form className="mc-row" onSubmit={submit} aria-label={t(language, "search")}>
      {children}
      {field("startDate")}
      {field("endDate")}
      <button type="submit" className="kit-button">
        {t(language, "search")}
      </button>
      {shown && wrong && <p role="alert" className="kit-error">{t(language, "dateFormat", { pattern: DATE_PATTERNS[language] })}</p>}
    </form>
  );
}
