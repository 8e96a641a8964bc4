/** The member centre: the menu in the spec's order and one page per money flow. Exposed as ./App. */
import { NavLink, Route, Routes, useLanguage, useLocation, useParams, useUnreadCounts } from "@portal/kit";
import { BetRecords } from "./features/bets/components/BetRecords";
import { BonusDetails } from "./features/bonuses/components/BonusDetails";
import { Profit } from "./features/bets/components/Profit";
import { Deposit } from "./features/deposits/components/Deposit";
import { Messages } from "./features/messages/components/Messages";
import { Missions } from "./features/missions/components/Missions";
import { Records } from "./features/records/components/Records";
import { InviteFriends } from "./features/referral/components/InviteFriends";
import { RewardCenter } from "./features/rewardCenter/components/RewardCenter";
import { SecurityCenter } from "./features/security/components/SecurityCenter";
import { TransferUpline } from "./features/upline/components/TransferUpline";
import { Wallet } from "./features/wallet/components/Wallet";
import { Withdraw } from "./features/withdrawals/components/Withdraw";
import "./member-centre.css";
import type { TextKey } from "./shared/texts";
import { t } from "./shared/texts";

/** Spec §2, in order. Items whose service is not built yet open a "not available yet" panel. */
export const MENU: { key: TextKey; built: boolean }[] = [
  { key: "securityCenter", built: true },
  { key: "transferFund", built: true },
  { key: "depositv2", built: true },
  { key: "withdraw", built: true },
  { key: "transferUpline", built: true },
  { key: "personalHistoryCopy", built: true },
  { key: "transactionHistory", built: true },
  { key: "personalProfit", built: true },
  { key: "bonusDetails", built: true },
  { key: "rewardCenter", built: true },
  { key: "referral", built: true },
  { key: "missionLeaderboard", built: true },
  { key: "messageV2", built: true },
];

const PAGES: Partial<Record<TextKey, () => React.JSX.Element>> = {
  securityCenter: SecurityCenter,
  transferFund: Wallet,
  depositv2: Deposit,
  withdraw: Withdraw,
  transferUpline: TransferUpline,
  personalHistoryCopy: BetRecords,
  transactionHistory: Records,
  personalProfit: Profit,
  bonusDetails: BonusDetails,
  rewardCenter: RewardCenter,
  referral: InviteFriends,
  missionLeaderboard: Missions,
  messageV2: Messages,
};

function NotAvailable() {
  const { language } = useLanguage();
  return (
    <section className="mc-panel" data-testid="mc-not-available">
      <p>{t(language, "notAvailable")}</p>
    </section>
  );
}

/** Where the shell mounted the member centre (``/member``): the path without the part this remote routes. */
export function mountPath(pathname: string, rest: string | undefined): string {
  const base = rest ? pathname.slice(0, pathname.length - rest.length) : pathname;
  return base.replace(/\/+$/, "");
}

export default function App() {
  const { language } = useLanguage();
  const unread = useUnreadCounts();
  const { pathname } = useLocation();
  const base = mountPath(pathname, useParams()["*"]);
  return (
    <div className="mc">
      <nav className="mc-menu" aria-label={t(language, "menu")}>
        <h1>{t(language, "title")}</h1>
        {MENU.map((item) => (
          <NavLink key={item.key} to={`${base}/${item.key}`} className={({ isActive }) => (isActive ? "mc-menu__item mc-menu__item--active" : "mc-menu__item")}>
            {t(language, item.key)}
            {item.key === "messageV2" && unread.count > 0 && <span className="mc-badge" data-testid="mc-unread">{unread.count}</span>}
            {item.key === "rewardCenter" && unread.rewards > 0 && <span className="mc-badge" data-testid="mc-rewards">{unread.rewards}</span>}
            {item.key === "missionLeaderboard" && unread.missions > 0 && <span className="mc-badge" data-testid="mc-missions">{unread.missions}</span>}
          </NavLink>
        ))}
      </nav>
      <div className="mc-content">
        <Routes>
          <Route index element={<SecurityCenter />} />
          {MENU.map((item) => {
            const Page = PAGES[item.key];
            return <Route key={item.key} path={item.key} element={Page ? <Page /> : <NotAvailable />} />;
          })}
          <Route path="*" element={<NotAvailable />} />
        </Routes>
      </div>
    </div>
  );
}
