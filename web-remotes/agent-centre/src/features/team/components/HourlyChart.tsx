import { formatMoney, useLanguage } from "@portal/kit";
import { hourlyBars } from "../../../shared/rules";
import { t } from "../../../shared/texts";

const WIDTH = 720;
const HEIGHT = 220;
const LEFT = 8;
const BOTTOM = 22;
const TOP = 14;

/** The team's valid bet hour by hour over one day (UTC): 24 bars scaled to the busiest hour, drawn as SVG that
 * shrinks with its box. */
export function HourlyChart({ date, hours }: { date: string; hours: { hour: string; validBet: number }[] }) {
  const { language } = useLanguage();
  const bars = hourlyBars(hours);
  const top = Math.max(...bars.map((bar) => bar.value), 0);
  const slot = (WIDTH - LEFT * 2) / 24;
  const plot = HEIGHT - BOTTOM - TOP;
  return (
    <figure className="ac-chart" data-testid="hourly-chart">
      {top > 0 && (
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t(language, "chartLabel", { date })}>
        <line x1={LEFT} x2={WIDTH - LEFT} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="ac-chart__axis" />
        {bars.map((bar) => {
          const height = top > 0 ? Math.max((bar.value / top) * plot, bar.value > 0 ? 2 : 0) : 0;
          const x = LEFT + bar.hour * slot + slot * 0.15;
          return (
            <g key={bar.hour}>
              <rect x={x} y={HEIGHT - BOTTOM - height} width={slot * 0.7} height={height} rx={2} className="ac-chart__bar">
                <title>{`${String(bar.hour).padStart(2, "0")}:00 · ${formatMoney(bar.value)}`}</title>
              </rect>
              {bar.hour % 3 === 0 && (
                <text x={x + slot * 0.35} y={HEIGHT - 6} textAnchor="middle" className="ac-chart__label">
                  {String(bar.hour).padStart(2, "0")}
                </text>
              )}
            </g>
          );
        })}
        {top > 0 && (
          <text x={WIDTH - LEFT} y={TOP - 2} textAnchor="end" className="ac-chart__label">
            {formatMoney(top)}
          </text>
        )}
      </svg>
      )}
      <figcaption>{t(language, "hourlyVolume")} · {date} (UTC)</figcaption>
      {top === 0 && <p className="ac-muted">{t(language, "noHourly")}</p>}
    </figure>
  );
}
