/** Parts every page of the agent centre draws with: a table that scrolls inside its own box (never the page),
 * the period search of the figures, and the figures' columns. */
import type { FormEvent, ReactNode } from "react";
import type { FiguresRead, Period } from "@portal/kit";
import { formatMoney, useLanguage } from "@portal/kit";
import type { TextKey } from "./texts";
import { t } from "./texts";

/** A wide table in a box of its own that scrolls sideways on a narrow screen; focusable so a keyboard can too. */
export function ScrollBox({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="ac-scroll" role="region" aria-label={label} tabIndex={0} data-testid={testId}>
      {children}
    </div>
  );
}

export interface PeriodChoice {
  period: Period;
  date: string;
}

export function PeriodSearch({ value, onChange, onSearch, children }: { value: PeriodChoice; onChange: (value: PeriodChoice) => void; onSearch: () => void; children?: ReactNode }) {
  const { language } = useLanguage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className="ac-row" onSubmit={submit} aria-label={t(language, "search")}>
      <label className="kit-field">
        {t(language, "period")}
        <select className="ac-select" value={value.period} onChange={(event) => onChange({ ...value, period: event.target.value as Period })}>
          {(["D", "W", "H", "M"] as const).map((period) => (
            <option key={period} value={period}>
              {t(language, `period${period}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="kit-field">
        {t(language, "date")}
        <input className="ac-select" type="date" value={value.date} onChange={(event) => onChange({ ...value, date: event.target.value })} />
      </label>
      {children}
      <button type="submit" className="kit-button">
        {t(language, "search")}
      </button>
    </form>
  );
}

export interface DateRange {
  from: string;
  to: string;
}

export function RangeSearch({ value, onChange, onSearch, children }: { value: DateRange; onChange: (value: DateRange) => void; onSearch: () => void; children?: ReactNode }) {
  const { language } = useLanguage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form className="ac-row" onSubmit={submit} aria-label={t(language, "search")}>
      <label className="kit-field">
        {t(language, "from")}
        <input className="ac-select" type="date" value={value.from} onChange={(event) => onChange({ ...value, from: event.target.value })} />
      </label>
      <label className="kit-field">
        {t(language, "to")}
        <input className="ac-select" type="date" value={value.to} onChange={(event) => onChange({ ...value, to: event.target.value })} />
      </label>
      {children}
      <button type="submit" className="kit-button">
        {t(language, "search")}
      </button>
    </form>
  );
}

/** The money and count columns of a figures row, in order. */
export const FIGURE_COLUMNS: { key: keyof FiguresRead & TextKey; money: boolean }[] = [
  { key: "activeMembers", money: false },
  { key: "betCount", money: false },
  { key: "stake", money: true },
  { key: "validBet", money: true },
  { key: "win", money: true },
  { key: "profitLoss", money: true },
  { key: "deposit", money: true },
  { key: "withdrawal", money: true },
];

export function figure(row: FiguresRead, key: keyof FiguresRead, money: boolean): string {
  const value = row[key];
  return typeof value === "number" ? (money ? formatMoney(value) : String(value)) : String(value);
}

/** Period totals per currency: one card per figure, so nothing needs to scroll. */
export function TotalsCards({ totals }: { totals: FiguresRead[] }) {
  const { language } = useLanguage();
  if (totals.length === 0) return <p className="ac-muted">{t(language, "empty")}</p>;
  return (
    <>
      {totals.map((row) => (
        <dl key={row.currency} className="ac-cards" data-testid="team-totals">
          {FIGURE_COLUMNS.map((column) => (
            <div key={column.key} className="ac-card">
              <dt>{t(language, column.key)}</dt>
              <dd>
                {figure(row, column.key, column.money)}
                {column.money && <small> {row.currency}</small>}
              </dd>
            </div>
          ))}
        </dl>
      ))}
    </>
  );
}
