import { useState } from "react";
import { LoadFailure, useLanguage } from "@portal/kit";
import { todayUtc } from "../../../shared/rules";
import { t } from "../../../shared/texts";
import type { PeriodChoice } from "../../../shared/ui";
import { PeriodSearch, TotalsCards } from "../../../shared/ui";
import { useFigures, useHourly, useOverview } from "../api";
import { HourlyChart } from "./HourlyChart";

/** The team at a glance: its size, its figures today and this month, a chosen period's figures and the day's
 * volume hour by hour. */
export function TeamOverview() {
  const { language } = useLanguage();
  const overview = useOverview();
  const [choice, setChoice] = useState<PeriodChoice>({ period: "D", date: todayUtc() });
  const [applied, setApplied] = useState(choice);
  const figures = useFigures(applied.period, applied.date);
  const hourly = useHourly(applied.date);
  const counts = overview.data?.counts;
  return (
    <>
      <section className="ac-panel" data-testid="team-overview">
        <h2>{t(language, "teamOverview")}</h2>
        <LoadFailure error={overview.error} />
        {counts && (
          <dl className="ac-cards">
            <div className="ac-card">
              <dt>{t(language, "teamSize")}</dt>
              <dd data-testid="team-size">{counts.size}</dd>
            </div>
            <div className="ac-card">
              <dt>{t(language, "directDownlines")}</dt>
              <dd>{counts.direct}</dd>
            </div>
            <div className="ac-card">
              <dt>{t(language, "agents")}</dt>
              <dd>{counts.agents}</dd>
            </div>
            <div className="ac-card">
              <dt>{t(language, "players")}</dt>
              <dd>{counts.members}</dd>
            </div>
            <div className="ac-card">
              <dt>{t(language, "registeredToday")}</dt>
              <dd>{counts.registeredToday}</dd>
            </div>
            <div className="ac-card">
              <dt>{t(language, "registeredThisMonth")}</dt>
              <dd>{counts.registeredThisMonth}</dd>
            </div>
          </dl>
        )}
        {overview.data && (
          <div className="ac-split">
            <div>
              <h3>{t(language, "today")}</h3>
              <TotalsCards totals={overview.data.today} />
            </div>
            <div>
              <h3>{t(language, "thisMonth")}</h3>
              <TotalsCards totals={overview.data.month} />
            </div>
          </div>
        )}
      </section>
      <section className="ac-panel">
        <h2>{t(language, "totals")}</h2>
        <PeriodSearch value={choice} onChange={setChoice} onSearch={() => setApplied(choice)} />
        <LoadFailure error={figures.error ?? hourly.error} />
        {figures.data && <TotalsCards totals={figures.data.totals} />}
        {hourly.data && <HourlyChart date={applied.date} hours={hourly.data.hours} />}
      </section>
    </>
  );
}
