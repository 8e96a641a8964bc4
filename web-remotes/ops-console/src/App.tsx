/** The operators' console: the enrolment of an invited person (from their e-mail's link), the login, then the
 * frame (brand, language, sign-out), the menu by role and one page per item. Exposed as ./App; its own page at
 * /ops/ mounts it (main.tsx). */
import type { ReactNode } from "react";
import { Suspense, lazy, useState } from "react";
import type { Language } from "@portal/kit";
import { NavLink, Navigate, Route, Routes, SUPPORTED, useLanguage } from "@portal/kit";
import { AccountActions } from "./features/accounts/components/AccountActions";
import { Agents } from "./features/agents/components/Agents";
import { Audit } from "./features/audit/components/Audit";
import { DomainRoutes } from "./features/brand/components/DomainRoutes";
import { Flags } from "./features/brand/components/Flags";
import { LotteryVoids } from "./features/brand/components/LotteryVoids";
import { RegisterRules } from "./features/brand/components/RegisterRules";
import { SiteSettings } from "./features/brand/components/SiteSettings";
import { Announcements } from "./features/content/components/Announcements";
import { Banners } from "./features/content/components/Banners";
import { HelpTopics } from "./features/content/components/HelpTopics";
import { Enrol } from "./features/enrol/components/Enrol";
import { Adjustments } from "./features/finance/components/Adjustments";
import { Deposits } from "./features/finance/components/Deposits";
import { DualControl } from "./features/finance/components/DualControl";
import { Journal } from "./features/finance/components/Journal";
import { Withdrawals } from "./features/finance/components/Withdrawals";
import { Login } from "./features/login/components/Login";
import { Applications } from "./features/loyalty/components/Applications";
import { Bonuses } from "./features/loyalty/components/Bonuses";
import { Mall } from "./features/loyalty/components/Mall";
import { Missions } from "./features/loyalty/components/Missions";
import { PointRules } from "./features/loyalty/components/PointRules";
import { Prizes } from "./features/loyalty/components/Prizes";
import { Promotions } from "./features/loyalty/components/Promotions";
import { Redemptions } from "./features/loyalty/components/Redemptions";
import { VipReferral } from "./features/loyalty/components/VipReferral";
import { LotteryGames } from "./features/lottery/components/LotteryGames";
import { Members } from "./features/members/components/Members";
import { Broadcasts } from "./features/messages/components/Broadcasts";
import { Feedback } from "./features/messages/components/Feedback";
import { People } from "./features/people/components/People";
import { Ranges } from "./features/people/components/Ranges";
import { Requests } from "./features/people/components/Requests";
import { Reconciliation } from "./features/reconciliation/components/Reconciliation";
import { Vendors } from "./features/vendors/components/Vendors";
import "./ops-console.css";
import type { OpsRole, OpsSession } from "./shared/session";
import { OpsSessionProvider, allBrands, holds, useOps } from "./shared/session";
import type { TextKey } from "./shared/texts";
import { t } from "./shared/texts";

interface Page {
  path: string;
  title: TextKey;
  group: TextKey;
  /** Who finds it in the menu: any of these roles granted (admin: every page), or every ops person. */
  roles: OpsRole[] | "everyone";
  element: ReactNode;
}

// The charts' library is most of the console's weight: its page loads it when first opened.
const Dashboard = lazy(() => import("./features/dashboards/components/Dashboard").then((module) => ({ default: module.Dashboard })));

const FINANCE_READERS: OpsRole[] = ["viewer", "finance-maker", "finance-checker"];

export const PAGES: Page[] = [
  { path: "dashboards/daily", title: "dailyFigures", group: "dashboards", roles: FINANCE_READERS, element: <Suspense fallback={<Loading />}><Dashboard /></Suspense> },
  { path: "finance/withdrawals", title: "withdrawals", group: "finance", roles: FINANCE_READERS, element: <Withdrawals /> },
  { path: "finance/deposits", title: "deposits", group: "finance", roles: FINANCE_READERS, element: <Deposits /> },
  { path: "finance/journal", title: "journal", group: "finance", roles: FINANCE_READERS, element: <Journal /> },
  { path: "finance/adjustments", title: "adjustments", group: "finance", roles: FINANCE_READERS, element: <Adjustments /> },
  { path: "finance/dual-control", title: "dualControl", group: "finance", roles: FINANCE_READERS, element: <DualControl /> },
  { path: "finance/reconciliation", title: "reconciliation", group: "finance", roles: FINANCE_READERS, element: <Reconciliation /> },
  { path: "risk/members", title: "members", group: "risk", roles: FINANCE_READERS, element: <Members /> }, // not content editors: personal data
  { path: "accounts/actions", title: "accounts", group: "risk", roles: ["admin"], element: <AccountActions /> },
  { path: "audit/log", title: "audit", group: "risk", roles: "everyone", element: <Audit /> },
  // agents' contracts, teams and settlements: the finance readers (the server's rule); grants and moves: admin
  { path: "agents/list", title: "agentList", group: "agents", roles: FINANCE_READERS, element: <Agents /> },
  { path: "content/banners", title: "banners", group: "content", roles: ["content"], element: <Banners /> },
  { path: "content/announcements", title: "announcements", group: "content", roles: ["content"], element: <Announcements /> },
  { path: "content/help", title: "help", group: "content", roles: ["content"], element: <HelpTopics /> },
  { path: "content/broadcasts", title: "broadcasts", group: "content", roles: ["content"], element: <Broadcasts /> },
  // members' addresses and ids: for those who read members' affairs, not content editors
  { path: "content/feedback", title: "feedback", group: "content", roles: FINANCE_READERS, element: <Feedback /> },
  // the points service's rules: every role reads the rules and the mall; the rules change by an admin, the mall by
  // content editors; the redemptions (members' addresses and mobiles) by the finance readers, decided by a maker
  { path: "loyalty/rules", title: "pointRules", group: "loyalty", roles: "everyone", element: <PointRules /> },
  { path: "loyalty/mall", title: "pointsMall", group: "loyalty", roles: "everyone", element: <Mall /> },
  { path: "loyalty/redemptions", title: "mallRedemptions", group: "loyalty", roles: FINANCE_READERS, element: <Redemptions /> },
  // missions: every role reads them, content editors (or an admin) define and change them
  { path: "loyalty/missions", title: "missions", group: "loyalty", roles: "everyone", element: <Missions /> },
  // VIP levels and the referral rule: every role reads them, the brand's admin changes them
  { path: "loyalty/vip", title: "vipReferral", group: "loyalty", roles: "everyone", element: <VipReferral /> },
  // raffles and red envelopes: every role reads them, content editors (or an admin) add them
  { path: "loyalty/raffles", title: "prizeDraws", group: "loyalty", roles: "everyone", element: <Prizes /> },
  // promotions: every role reads them, content editors (or an admin) add and change them; the bonuses granted and the
  // activity applications (members' money and images): the finance readers, the applications decided by a maker
  { path: "loyalty/promotions", title: "promotions", group: "loyalty", roles: "everyone", element: <Promotions /> },
  { path: "loyalty/bonuses", title: "bonuses", group: "loyalty", roles: FINANCE_READERS, element: <Bonuses /> },
  { path: "loyalty/applications", title: "promotionApplications", group: "loyalty", roles: FINANCE_READERS, element: <Applications /> },
  { path: "brand/settings", title: "siteSettings", group: "brandAdmin", roles: ["admin"], element: <SiteSettings /> },
  { path: "brand/flags", title: "flags", group: "brandAdmin", roles: ["admin"], element: <Flags /> },
  { path: "brand/register-rules", title: "registerRules", group: "brandAdmin", roles: ["admin"], element: <RegisterRules /> },
  { path: "brand/domain-routes", title: "domainRoutes", group: "brandAdmin", roles: ["admin"], element: <DomainRoutes /> },
  // every role reads which vendor is down (support answers members); only an admin changes it (buttons by role)
  { path: "brand/vendors", title: "vendors", group: "brandAdmin", roles: "everyone", element: <Vendors /> },
  // every role reads the lottery games as members get them; only an admin changes them (the form by role)
  { path: "brand/lottery-games", title: "lotteryGames", group: "brandAdmin", roles: "everyone", element: <LotteryGames /> },
  { path: "brand/lottery-voids", title: "lotteryVoids", group: "finance", roles: ["finance-maker", "finance-checker"], element: <LotteryVoids /> },
  { path: "admin/people", title: "people", group: "admin", roles: ["admin"], element: <People /> },
  { path: "admin/requests", title: "requests", group: "admin", roles: ["admin"], element: <Requests /> },
  { path: "admin/ranges", title: "ranges", group: "admin", roles: ["admin"], element: <Ranges /> },
];

/** The pages of a person's work: those of the roles granted them (the server lets every role read more; the menu
 * keeps to what each one does). */
export function pagesFor(session: OpsSession | null): Page[] {
  if (!session) return [];
  return PAGES.filter((page) => page.roles === "everyone" || holds(session, "admin") || page.roles.some((role) => session.roles.includes(role)));
}

/** The invitation token of an enrolment link (``/ops/#enrolToken=…``), read once and taken out of the address bar
 * (and its history) at once. */
export function takeEnrolToken(location: Location, history: History): string | null {
  const match = /(?:^#|&)enrolToken=([^&]+)/.exec(location.hash);
  if (!match?.[1]) return null;
  history.replaceState(history.state, "", location.pathname + location.search);
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null; // a link cut short or mangled: no invitation (the login shows)
  }
}

/** The brand of an admin of every brand, typed: taken when the field is left or Enter pressed, not at each key. */
function BrandField({ value, onChange, label }: { value: string; onChange: (code: string) => void; label: string }) {
  const [typed, setTyped] = useState(value);
  const take = () => typed.trim() !== value && onChange(typed.trim());
  return (
    <input
      className="oc-select"
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={take}
      onKeyDown={(event) => event.key === "Enter" && take()}
      aria-label={label}
      size={10}
    />
  );
}

function Frame() {
  const { language, setLanguage } = useLanguage();
  const ops = useOps();
  const pages = pagesFor(ops.session);
  const groups = [...new Set(pages.map((page) => page.group))];
  const session = ops.session;
  if (!session) return null;
  return (
    <div className="oc">
      <header className="oc-head">
        <p className="oc-head__name">{t(language, "console")}</p>
        <div className="oc-head__tools">
          <label className="kit-field">
            {t(language, "brand")}
            {allBrands(session) ? (
              <BrandField value={ops.brand} onChange={ops.setBrand} label={t(language, "brandCode")} />
            ) : (
              <select className="oc-select" value={ops.brand} onChange={(event) => ops.setBrand(event.target.value)}>
                {session.merchants.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </label>
          <label className="kit-field">
            {t(language, "language")}
            <select className="oc-select" value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
              {SUPPORTED.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </label>
          <span>{t(language, "signedInAs", { name: session.username })}</span>
          <button type="button" className="kit-button kit-button--ghost" onClick={() => void ops.signOut()}>
            {t(language, "signOut")}
          </button>
        </div>
      </header>
      <div className="oc-body">
        <nav className="oc-menu" aria-label={t(language, "menu")}>
          <NavLink to="/" end>
            {t(language, "home")}
          </NavLink>
          {groups.map((group) => (
            <div key={group} role="group" aria-label={t(language, group)}>
              <h2>{t(language, group)}</h2>
              {pages
                .filter((page) => page.group === group)
                .map((page) => (
                  <NavLink key={page.path} to={`/${page.path}`}>
                    {t(language, page.title)}
                  </NavLink>
                ))}
            </div>
          ))}
        </nav>
        <main className="oc-page">
          {/* a brand changed: every page starts again (its filters, its page number) */}
          <Routes key={ops.brand}>
            <Route index element={<Home session={session} />} />
            {pages.map((page) => (
              <Route key={page.path} path={page.path} element={page.element} />
            ))}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Routes>
        </main>
      </div>
    </div>
  );
}

function Home({ session }: { session: OpsSession }) {
  const { language } = useLanguage();
  return (
    <section>
      <h1 className="oc-title">{t(language, "welcome", { name: session.username })}</h1>
      <p>{t(language, "yourRoles", { roles: session.roles.join(", ") })}</p>
      <p>{t(language, "yourBrands", { brands: session.merchants.join(", ") })}</p>
    </section>
  );
}

function Gate() {
  const ops = useOps();
  const [enrolToken, setEnrolToken] = useState(() => takeEnrolToken(window.location, window.history));
  const [enrolling, setEnrolling] = useState(enrolToken !== null);
  if (enrolling) {
    return (
      <Enrol
        token={enrolToken}
        onDone={() => {
          setEnrolToken(null);
          setEnrolling(false);
        }}
      />
    );
  }
  return ops.session ? <Frame /> : <Login />;
}

export default function App() {
  return (
    <OpsSessionProvider>
      <Gate />
    </OpsSessionProvider>
  );
}

function Loading() {
  const { language } = useLanguage();
  return <p>{t(language, "loading")}</p>;
}
