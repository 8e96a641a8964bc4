/** One bonus: the promotion's name, the amount and its status, the wagering as a bar (capped at 100 %), the expiry,
 * the largest bet that counts and the game types. */
import type { BonusRead, Language } from "@portal/kit";
import { formatDate, formatMoney, formatPercent, useLanguage } from "@portal/kit";
import type { TextKey } from "../../../shared/texts";
import { t } from "../../../shared/texts";
import { leftToWager, wageredPercent } from "../rules";
import type { BonusTextKey } from "../texts";
import { bt } from "../texts";

export function StatusBadge({ language, status }: { language: Language; status: string }) {
  return (
    <span className={`mc-badge-status mc-badge-status--${status.toLowerCase()}`} data-testid="bonus-status">
      {bt(language, status as BonusTextKey)}
    </span>
  );
}

export function BonusCard({ bonus }: { bonus: BonusRead }) {
  const { language } = useLanguage();
  const percent = wageredPercent(bonus.turnoverDone, bonus.turnoverRequired);
  const open = bonus.status === "ACTIVE" || bonus.status === "GRANTING";
  const rows: [string, string][] = [
    [bt(language, "deposit"), formatMoney(bonus.depositAmount, "", language)],
    [bt(language, "granted"), formatDate(language, bonus.createdAt)],
    bonus.settledAt ? [bt(language, "settled"), formatDate(language, bonus.settledAt)] : [bt(language, "expires"), formatDate(language, bonus.expiresAt)],
    [bt(language, "maxBet"), bonus.maxBet > 0 ? formatMoney(bonus.maxBet, "", language) : bt(language, "noMaxBet")],
    [bt(language, "games"), bonus.gameTypes.map((type) => t(language, type as TextKey)).join(", ")],
  ];
  return (
    <li className={percent >= 100 ? "mc-bonus mc-bonus--done" : "mc-bonus"} data-testid="bonus" data-status={bonus.status}>
      <div className="mc-bonus__head">
        <h3>{bonus.promotionName}</h3>
        <StatusBadge language={language} status={bonus.status} />
      </div>
      <span className="mc-bonus__amount" data-testid="bonus-amount">
        {formatMoney(bonus.amount, "", language)}
      </span>
      <div
        className="mc-bonus__bar"
        role="progressbar"
        aria-label={bt(language, "progress", { name: bonus.promotionName })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="mc-bonus__fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="mc-bonus__numbers">
        <span data-testid="bonus-wagered">
          {bt(language, "wagered", { done: formatMoney(bonus.turnoverDone, "", language), required: formatMoney(bonus.turnoverRequired, "", language) })}
        </span>
        <span>{formatPercent(language, percent)}</span>
      </div>
      {open && percent < 100 && (
        <p className="muted">{bt(language, "left", { amount: formatMoney(leftToWager(bonus.turnoverDone, bonus.turnoverRequired), "", language) })}</p>
      )}
      <dl className="mc-bonus__terms">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
