import { useState } from "react";
import { formatDateTime, formatMoney, LoadFailure, Pager, useLanguage } from "@portal/kit";
import type { TextKey } from "../../../shared/texts";
import { t } from "../../../shared/texts";
import type { BetFilter } from "../api";
import { GAME_TYPES, useBetRecords } from "../api";
import { DateSearch } from "../../../shared/DateSearch";

/** The betting record (personalHistoryCopy): settled bets, newest first, by game type and dates. */
export function BetRecords() {
  const { language } = useLanguage();
  const [filter, setFilter] = useState<BetFilter>({ gameType: "all", startDate: "", endDate: "" });
  const [applied, setApplied] = useState(filter);
  const [pageNo, setPageNo] = useState(1);
  const records = useBetRecords(applied, pageNo);
  const page = records.data ?? null;
  return (
    <section className="mc-panel">
      <h2>{t(language, "personalHistoryCopy")}</h2>
      <DateSearch
        dates={filter}
        onDates={(dates) => setFilter({ ...filter, ...dates })}
        onSearch={() => {
          setPageNo(1);
          setApplied(filter);
        }}
      >
        <label className="kit-field">
          {t(language, "gameType")}
          <select className="mc-select" value={filter.gameType} onChange={(event) => setFilter({ ...filter, gameType: event.target.value })}>
            {GAME_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(language, type as TextKey)}
              </option>
            ))}
          </select>
        </label>
      </DateSearch>
      <LoadFailure error={records.error} />
      {page && page.list.length === 0 && <p>{t(language, "empty")}</p>}
      {page && page.list.length > 0 && (
        <table className="mc-table" data-testid="bet-records">
          <thead>
            <tr>
              <th>{t(language, "time")}</th>
              <th>{t(language, "game")}</th>
              <th>{t(language, "gameType")}</th>
              <th className="num">{t(language, "stake")}</th>
              <th className="num">{t(language, "validBet")}</th>
              <th className="num">{t(language, "payout")}</th>
              <th className="num">{t(language, "profit")}</th>
            </tr>
          </thead>
          <tbody>
            {page.list.map((row) => (
              <tr key={row.id}>
                <td>{formatDateTime(language, row.time)}</td>
                <td>
                  {row.gameName} <small>({row.vendor})</small>
                </td>
                <td>{t(language, row.gameType as TextKey)}</td>
                <td className="num">{formatMoney(row.stake, "", language)}</td>
                <td className="num">{formatMoney(row.validBet, "", language)}</td>
                <td className="num">{formatMoney(row.win, "", language)}</td>
                <td className="num">{formatMoney(row.profit, "", language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page && <Pager label={t(language, "personalHistoryCopy")} previous={t(language, "previous")} next={t(language, "next")} pageNo={pageNo} shown={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />}
    </section>
  );
}
