/** One activity application of the queue: number, date and account; promotion; remark; images; state (with the
 * bonus given, or the amount awaiting a second person and its maker); and the decisions the operator may take: a
 * finance maker approves or rejects one waiting; one awaiting a second person is for a finance checker other than its
 * maker (confirm, or reject as the checker: CheckerActions), the maker's own only says so. */
import type { ApplicationRead } from "@portal/kit";
import { formatMoney, useLanguage } from "@portal/kit";
import { Badge, ScrollBox, when } from "../../../shared/ui";
import { named, t } from "../texts";
import type { Shown } from "./ApplicationImages";
import { Images } from "./ApplicationImages";
import { CheckerActions } from "./CheckerDialog";

export type Asking = "approve" | "reject" | "confirm" | "checkerReject";

interface Props {
  row: ApplicationRead;
  /** The operator's name and roles: whether a maker, a checker. */
  username: string;
  maker: boolean;
  checker: boolean;
  disabled: boolean;
  onAsk: (verdict: Asking, row: ApplicationRead) => void;
  onOpen: (image: Shown) => void;
}

function Actions({ row, username, maker, checker, disabled, onAsk }: Omit<Props, "onOpen">) {
  const { language } = useLanguage();
  if (row.status !== "PENDING") return null;
  const button = (verdict: Asking, text: string, ghost: boolean) => (
    <button type="button" className={ghost ? "kit-button kit-button--ghost" : "kit-button"} disabled={disabled} onClick={() => onAsk(verdict, row)}>
      {text}
    </button>
  );
  if (row.awaitingChecker) {
    const ask = (approve: boolean) => onAsk(approve ? "confirm" : "checkerReject", row);
    return <CheckerActions own={row.maker === username} checker={checker} note={t(language, "ownApproval")} disabled={disabled} onAsk={ask} />;
  }
  if (!maker) return null;
  return (
    <div className="oc-row">
      {button("approve", t(language, "approve"), false)}
      {button("reject", t(language, "reject"), true)}
    </div>
  );
}

export function ApplicationRow({ onOpen, ...props }: Props) {
  const { language } = useLanguage();
  const { row } = props;
  const awaiting = row.status === "PENDING" && row.awaitingChecker;
  return (
    <tr data-application={row.applicationId}>
      <td>
        <span className="oc-id">{row.applicationId}</span>
        <span className="ly-sub">{when(row.createdAt, language)}</span>
        <span className="ly-sub oc-id" title={row.accountId}>
          {row.accountId}
        </span>
      </td>
      <td className="ly-cut pr-wrap">{row.promotionName}</td>
      <td className="ly-cut pr-wrap">{row.remark}</td>
      <td>
        <Images row={row} onOpen={onOpen} />
      </td>
      <td className="ly-cut pr-wrap">
        <Badge value={row.status} text={named(language, row.status)} />
        {awaiting ? (
          <span className="ly-sub" data-testid={`awaiting-${row.applicationId}`}>
            {t(language, "awaitingChecker", { maker: row.maker ?? "—", amount: formatMoney(row.amount ?? 0) })}
          </span>
        ) : row.amount !== null ? (
          <span className="ly-sub">{t(language, "bonusGiven", { amount: formatMoney(row.amount) })}</span>
        ) : null}
        {row.decidedBy ? <span className="ly-sub">{t(language, "decidedBy", { name: row.decidedBy, when: when(row.decidedAt, language) })}</span> : null}
        {row.reason ? <span className="ly-sub">{row.reason}</span> : null}
      </td>
      <td>
        <Actions {...props} />
      </td>
    </tr>
  );
}

const HEADS = ["number", "promotion", "remark", "images", "status", "actions"] as const;

export function ApplicationsTable({ rows, ...props }: Omit<Props, "row"> & { rows: ApplicationRead[] }) {
  const { language } = useLanguage();
  return (
    <ScrollBox label={t(language, "promotionApplications")}>
      <table className="oc-table" data-testid="applications">
        <thead>
          <tr>
            {HEADS.map((key) => (
              <th key={key} scope="col">
                {t(language, key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <ApplicationRow key={row.applicationId} row={row} {...props} />
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
