/** /vip: the brand's VIP levels with their thresholds and perks (anyone); a member sees their own level, what the next
 * one still needs and the way to their reward centre; a visitor is asked to register. */
import type { VipLevelRead } from "@portal/kit";
import { formatMoney, Link, LoadFailure, useLanguage, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { useMyVip, useVipLevels } from "../api";
import { vipText } from "../texts";
import "../vip.css";

function LevelCard({ level, mine }: { level: VipLevelRead; mine: boolean }) {
  const { language } = useLanguage();
  return (
    <li className={mine ? "vip-level vip-level--mine" : "vip-level"} data-testid="vip-level" aria-current={mine ? "true" : undefined}>
      <h2>
        {vipText(language, "level", { level: level.level })} · {level.name}
      </h2>
      {mine && <span className="muted">{vipText(language, "you")}</span>}
      <dl>
        <div><dt>{vipText(language, "turnover")}</dt><dd>{formatMoney(level.turnover, "", language)}</dd></div>
        <div><dt>{vipText(language, "bonus")}</dt><dd>{level.bonus ? formatMoney(level.bonus, "", language) : "–"}</dd></div>
        <div><dt>{vipText(language, "multiplier")}</dt><dd>×{(level.pointsMultiplierPct / 100).toFixed(2)}</dd></div>
      </dl>
      {level.perks && <p>{level.perks}</p>}
    </li>
  );
}

export function VipPage() {
  const { language } = useLanguage();
  const session = useSession();
  const modal = useModal();
  const member = !!session.token && !session.isTrial;
  const levels = useVipLevels();
  const mine = useMyVip(member);
  const list = levels.data ?? [];
  return (
    <section className="vip" aria-labelledby="vip-title">
      <h1 id="vip-title">{vipText(language, "title")}</h1>
      <p className="muted">{vipText(language, "lead")}</p>
      {mine.data && (
        <div className="vip-mine" data-testid="vip-mine">
          <div>
            <p>{mine.data.level ? vipText(language, "mine", { name: mine.data.levelName }) : vipText(language, "none")}</p>
            {mine.data.nextLevel && <p className="muted">{vipText(language, "missing", { amount: formatMoney(mine.data.missing, "", language) })}</p>}
          </div>
          <Link className="kit-button kit-button--ghost" to="/member/rewardCenter">
            {vipText(language, "rewards")}
          </Link>
        </div>
      )}
      {!session.token && (
        <button type="button" className="kit-button" onClick={() => modal.open({ name: "register" })}>
          {vipText(language, "join")}
        </button>
      )}
      <LoadFailure error={levels.error ?? mine.error} />
      {levels.data && list.length === 0 && <p>{vipText(language, "empty")}</p>}
      {list.length > 0 && (
        <ul className="vip-levels">
          {list.map((level) => (
            <LevelCard key={level.level} level={level} mine={mine.data?.level === level.level} />
          ))}
        </ul>
      )}
    </section>
  );
}
