import { useState } from "react";
import type { ProfitRowRead } from "@portal/kit";
import { formatMoney, formatNumber, LoadFailure, useLanguage } from "@portal/kit";
import type { TextKey } from "../../../shared/texts";
import { t } from "../../../shared/texts";
import { useProfit } from "../api";
import type { Dates } from "../../../shared/DateSearch";
import { DateSearch } from "../../../shared/DateSearch";

/** Personal profit and loss (personalProfit): per game type and in total, over the dates. */
export function Profit() {
  const { language } = useLanguage();
  const [dates, setDates] = useState<Dates>({ startDate: "", endDate: "" });
  const [applied, setApplied] = useState(dates);
  const profit = useProfit(applied);
  const row = (item: ProfitRowRead, label: string) => (
    <tr key={item.gameType}>
      <td>{label}</td>
      <td className="num">{formatNumber(language, item.bets)}</td>
      <td className="num">{formatMoney(item.stake, "", language)}</td>
      <td className="num">{formatMoney(item.validBet, "", language)}</td>
      <td className="num">{formatMoney(item.win, "", language)}</td>
      <td className="num">{formatMoney(item.profit, "", language)}</td>
    </tr>
  );
  return (
    <section className="mc-panel">
      <h2>{t(language, "personalProfit")}</h2>
      <DateSearch dates={dates} onDates={setDates} onSearch={() => setApplied(dates)} />
      <LoadFailure error={profit.error} />
      {profit.data && profit.data.rows.length === 0 && <p>{t(language, "empty")}</p>}
      {profit.data && profit.data.rows.length > 0 && (
        <table className="mc-table" data-testid="profit">
          <thead>
            <tr>
              <th>{t(language, "gameType")}</th>
              <th className="num">{t(language, "bets")}</th>
              <th className="num">{t(language, "stake")}</th>
              <th className="num">{t(language, "validBet")}</th>
              <th className="num">{t(language, "payout")}</th>
              <th className="num">{t(language, "profit")}</th>
            </tr>
          </thead>
          <tbody>
            {profit.data.rows.map((item) => row(item, t(language, item.gameType as TextKey)))}
            {row(profit.data.total, t(language, "total"))}
          </tbody>
        </table>
      )}
    </section>
  );
}
