/** The red envelopes' table: each envelope's name, window, pool, shares, the shares claimed and paid, and its state
 * (and its review by a second person: PrizeCheck's ReviewCell). */
import type { OpsRedEnvelopeRead } from "@portal/kit";
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

export function EnvelopesTable({ rows, ...props }: Props & { rows: OpsRedEnvelopeRead[] }) {
  const { language } = useLanguage();
  return (
    <ScrollBox label={pt(language, "envelopes")}>
      <table className="oc-table" data-testid="red-envelopes">
        <thead>
          <tr>
            <th scope="col">{pt(language, "name")}</th>
            <th scope="col">{pt(language, "window")}</th>
            <th scope="col" className="num">{pt(language, "pool")}</th>
            <th scope="col" className="num">{pt(language, "shares")}</th>
            <th scope="col" className="num">{pt(language, "claimed")}</th>
            <th scope="col" className="num">{pt(language, "paid")}</th>
            <th scope="col">{pt(language, "state")}</th>
          </tr>
        </thead>
        <tbody>{rows.map((row) => <EnvelopeRow key={row.envelopeId} row={row} {...props} />)}</tbody>
      </table>
    </ScrollBox>
  );
}

function EnvelopeRow({ row, check, disabled }: Props & { row: OpsRedEnvelopeRead }) {
  const { language } = useLanguage();
  return (
    <tr data-envelope={row.envelopeId}>
      <td className="ly-cut">
        <strong>{row.names[language] || row.name}</strong>
        <span className="ly-sub">#{row.envelopeId}</span>
      </td>
      <td>{when(row.opensAt, language)} – {when(row.closesAt, language)}</td>
      <td className="num">{formatMoney(row.pool)}</td>
      <td className="num">{row.shares}</td>
      <td className="num">{row.claimed} · {formatMoney(row.claimedAmount)}</td>
      <td className="num">{row.paid} · {formatMoney(row.paidAmount)}</td>
      <td className="ly-cut">
        <Badge value={row.state} text={pt(language, row.state)} />
        <ReviewCell row={row} item={{ id: row.envelopeId, name: row.names[language] || row.name, amount: row.pool }} check={check} disabled={disabled} />
      </td>
    </tr>
  );
}
