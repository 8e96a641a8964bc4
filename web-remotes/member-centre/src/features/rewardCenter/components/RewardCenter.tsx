/** Reward centre (rewardCenter): the member's VIP level with the progress to the next, every level's perks, the
 * level-up bonuses received and the invitation rewards. */
import type { Language, ReferralInfoRead, VipInfoRead } from "@portal/kit";
import { formatDate, formatMoney, formatNumber, formatPercent, Link, LoadFailure, useLanguage } from "@portal/kit";
import { useReferralRewards, useVip } from "../api";
import type { RewardTextKey } from "../texts";
import { rwt as rt } from "../texts";
import "../rewardCenter.css";

/** A points multiplier in percent as the member reads it: 125 → ×1.25. */
export function multiplierText(percent: number, language: Language = "EN"): string {
  return `×${formatNumber(language, percent / 100, 2)}`;
}

function Level({ vip }: { vip: VipInfoRead }) {
  const { language } = useLanguage();
  return (
    <div className="mc-vip" data-testid="vip-level">
      <span>{rt(language, "vipTitle")}</span>
      <p className="mc-vip__level" data-testid="vip-level-name">
        {vip.level === 0 ? rt(language, "vipNone") : `${rt(language, "level", { level: vip.level })} · ${vip.levelName}`}
      </p>
      <div className="mc-vip__numbers">
        <span>{rt(language, "turnover")}</span>
        <strong data-testid="vip-turnover">{formatMoney(vip.turnover, "", language)}</strong>
      </div>
      {vip.nextLevel ? (
        <>
          <div className="mc-vip__bar" role="progressbar" aria-label={rt(language, "nextLevel", { name: vip.nextLevel.name })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={vip.percent}>
            <div className="mc-vip__fill" style={{ width: `${vip.percent}%` }} />
          </div>
          <div className="mc-vip__numbers">
            <span>{rt(language, "nextLevel", { name: vip.nextLevel.name })}</span>
            <span>{formatPercent(language, vip.percent)}</span>
          </div>
          <p data-testid="vip-missing">{rt(language, "missing", { amount: formatMoney(vip.missing, "", language) })}</p>
        </>
      ) : (
        vip.levels.length > 0 && <p>{rt(language, "top")}</p>
      )}
    </div>
  );
}

function Levels({ vip }: { vip: VipInfoRead }) {
  const { language } = useLanguage();
  if (vip.levels.length === 0) return <p>{rt(language, "noLevels")}</p>;
  return (
    <ul className="mc-levels" data-testid="vip-levels">
      {vip.levels.map((level) => (
        <li key={level.level} className={level.level === vip.level ? "mc-level mc-level--current" : "mc-level"}>
          <h4>
            {rt(language, "level", { level: level.level })} · {level.name} {level.level === vip.level ? rt(language, "current") : ""}
          </h4>
          <dl>
            <div><dt>{rt(language, "threshold")}</dt><dd>{formatMoney(level.turnover, "", language)}</dd></div>
            <div><dt>{rt(language, "levelBonus")}</dt><dd>{level.bonus ? formatMoney(level.bonus, "", language) : "–"}</dd></div>
            <div><dt>{rt(language, "multiplier")}</dt><dd>{multiplierText(level.pointsMultiplierPct, language)}</dd></div>
          </dl>
          {level.perks && <p>{level.perks}</p>}
        </li>
      ))}
    </ul>
  );
}

function LevelUps({ vip }: { vip: VipInfoRead }) {
  const { language } = useLanguage();
  const label = (key: RewardTextKey) => rt(language, key);
  if (vip.levelUps.length === 0) return <p>{label("noLevelUps")}</p>;
  return (
    <table className="mc-table mc-stack-table" data-testid="vip-level-ups">
      <thead>
        <tr><th>{label("levelCol")}</th><th>{label("reachedAt")}</th><th className="num">{label("amount")}</th><th>{label("status")}</th></tr>
      </thead>
      <tbody>
        {vip.levelUps.map((row) => (
          <tr key={row.level}>
            <td data-label={label("levelCol")}>{rt(language, "level", { level: row.level })} · {row.name}</td>
            <td data-label={label("reachedAt")}>{formatDate(language, row.reachedAt)}</td>
            <td className="num" data-label={label("amount")}>{row.amount ? formatMoney(row.amount, "", language) : "–"}</td>
            <td data-label={label("status")}><span className="mc-status">{label(row.status as RewardTextKey)}</span></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ReferralRewards({ info }: { info: ReferralInfoRead }) {
  const { language } = useLanguage();
  const label = (key: RewardTextKey) => rt(language, key);
  const rewarded = info.invitations.filter((row) => row.qualified);
  if (rewarded.length === 0) return <p>{label("noReferralRewards")}</p>;
  return (
    <table className="mc-table mc-stack-table" data-testid="referral-rewards">
      <thead>
        <tr><th>{label("invitee")}</th><th>{label("reachedAt")}</th><th className="num">{label("reward")}</th><th>{label("status")}</th></tr>
      </thead>
      <tbody>
        {rewarded.map((row) => (
          <tr key={row.invitationId} data-testid="referral-reward">
            <td data-label={label("invitee")}>{row.invitee}</td>
            <td data-label={label("reachedAt")}>{row.qualifiedAt ? formatDate(language, row.qualifiedAt) : "–"}</td>
            <td className="num" data-label={label("reward")}>{formatMoney(row.reward, "", language)}</td>
            <td data-label={label("status")}><span className="mc-status" data-testid="referral-reward-status">{label(row.status as RewardTextKey)}</span></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RewardCenter() {
  const { language } = useLanguage();
  const vip = useVip();
  const referral = useReferralRewards();
  return (
    <section className="mc-panel" aria-labelledby="mc-reward-title">
      <h2 id="mc-reward-title">{rt(language, "rewardTitle")}</h2>
      <LoadFailure error={vip.error ?? referral.error} />
      {vip.data && <Level vip={vip.data} />}
      {vip.data && (
        <div className="mc-reward-section">
          <h3>{rt(language, "perks")}</h3>
          <Levels vip={vip.data} />
          <Link to="/vip" data-testid="vip-page-link">{rt(language, "vipPage")}</Link>
        </div>
      )}
      {vip.data && (
        <div className="mc-reward-section">
          <h3>{rt(language, "levelUps")}</h3>
          <LevelUps vip={vip.data} />
        </div>
      )}
      {referral.data && (
        <div className="mc-reward-section">
          <h3>{rt(language, "referralRewards")}</h3>
          <p>{rt(language, "rewarded")}: <strong data-testid="referral-rewarded">{formatMoney(referral.data.totals.rewarded, "", language)}</strong></p>
          <ReferralRewards info={referral.data} />
        </div>
      )}
    </section>
  );
}
