/** The raffles' table: each raffle's name, window, prizes (and turnover condition), tickets, state (and its review by
 * a second person: PrizeCheck's ReviewCell), the seed's hash (once drawn the seed) and each prize's winner and
 * payment. */
import type { OpsRaffleRead } from "@portal/kit";
import { formatMoney, useLanguage } from "@portal/kit";
import { Badge, ScrollBox, when } from "../../../shared/ui";
import { pt } from "../prizeTexts";
import type { PrizeCheck } from "./PrizeCheck";
import { ReviewCell } from "./PrizeCheck";

interface Props {
  check: PrizeCheck;
  /** The rows are the page before's, shown while the next loads: not to act on. */
  disabled: boolean;
}

export function RafflesTable({ rows, ...props }: Props & { rows: OpsRaffleRead[] }) {
  const { language } = useLanguage();
  return (
    <ScrollBox label={pt(language, "raffles")}>
      <table className="oc-table" data-testid="raffles">
        <thead>
          <tr>
            <th scope="col">{pt(language, "name")}</th>
            <th scope="col">{pt(language, "window")}</th>
            <th scope="col">{pt(language, "prizeList")}</th>
            <th scope="col" className="num">{pt(language, "tickets")}</th>
            <th scope="col">{pt(language, "state")}</th>
            <th scope="col">{pt(language, "seedHash")}</th>
            <th scope="col">{pt(language, "winners")}</th>
          </tr>
        </thead>
        <tbody>{rows.map((row) => <RaffleRow key={row.raffleId} row={row} {...props} />)}</tbody>
      </table>
    </ScrollBox>
  );
}

function RaffleRow({ row, check, disabled }: Props & { row: OpsRaffleRead }) {
  const { language } = useLanguage();
  return (
    <tr data-raffle={row.raffleId}>
      <td className="ly-cut">
        <strong>{row.names[language] || row.name}</strong>
        <span className="ly-sub">#{row.raffleId}</span>
      </td>
      <td>{when(row.opensAt, language)} – {when(row.closesAt, language)}</td>
      <td className="num">
        {row.prizes.map((amount) => formatMoney(amount)).join(" · ")}
        {row.minTurnover > 0 ? <span className="ly-sub" data-testid="raffle-turnover">{pt(language, "minTurnover", { amount: formatMoney(row.minTurnover) })}</span> : null}
      </td>
      <td className="num">{row.tickets}</td>
      <td className="ly-cut">
        <Badge value={row.state} text={pt(language, row.state)} />
        <ReviewCell row={row} item={{ id: row.raffleId, name: row.names[language] || row.name, amount: row.prizes.reduce((sum, prize) => sum + prize, 0) }} check={check} disabled={disabled} />
      </td>
      <td className="pz-hash">
        <code title={row.seedHash}>{row.seedHash}</code>
        {row.seed ? <span className="ly-sub">{pt(language, "seed")}: <code>{row.seed}</code></span> : null}
      </td>
      <td className="ly-cut">
        {row.winners.length === 0 ? pt(language, "noWinner") : row.winners.map((winner) => (
          <span key={winner.place} className="ly-sub" data-testid="raffle-winner">
            {winner.place}. #{winner.ticketNo} {winner.username ?? winner.accountId} {formatMoney(winner.amount)} <Badge value={winner.status} text={pt(language, winner.status)} />
          </span>
        ))}
      </td>
    </tr>
  );
}
