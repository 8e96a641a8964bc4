/** Every route of spec §2. Routes whose content belongs to services not built yet say so; any other path is not
 * found. */
import type { ReactNode } from "react";
import { lazy, Suspense, useEffect, useRef } from "react";
import { Navigate, Route, Routes, storedToken, useLanguage, useLocation, useNavigate, useSession } from "@portal/kit";
import { text } from "./shared/texts";
import type { Modal } from "./shared/ModalContext";
import { useModal } from "./shared/ModalContext";
import { Home } from "./pages/Home";
import { HOME_PATHS } from "./firstReads";

// Pages no first visit opens load with their own chunks: an unknown path, the help and description pages, the
// sections not built yet, and the member and agent centres' loader (the remotes load through it).
const NotFound = lazy(() => import("./pages/NotFound").then((module) => ({ default: module.NotFound })));
const simple = () => import("./pages/Simple");
const Help = lazy(() => simple().then((module) => ({ default: module.Help })));
const Description = lazy(() => simple().then((module) => ({ default: module.Description })));
const NotAvailable = lazy(() => simple().then((module) => ({ default: module.NotAvailable })));
const RemoteApp = lazy(() => import("./remotes/RemoteApp").then((module) => ({ default: module.RemoteApp })));

const gamePages = () => import("./features/games/components/GamePages");
const GameListPage = lazy(() => gamePages().then((module) => ({ default: module.GameListPage })));
const GameCentrePage = lazy(() => gamePages().then((module) => ({ default: module.GameCentrePage })));
const PlayPage = lazy(() => gamePages().then((module) => ({ default: module.PlayPage })));
const LotteryPage = lazy(() => import("./features/lottery/components/LotteryPage").then((module) => ({ default: module.LotteryPage })));
const AgentLogin = lazy(() => import("./features/auth/components/AgentLogin").then((module) => ({ default: module.AgentLogin })));
const PointMallPage = lazy(() => import("./features/points/components/PointMallPage").then((module) => ({ default: module.PointMallPage })));
const PromotionsPage = lazy(() => import("./features/promotions/components/PromotionsPage").then((module) => ({ default: module.PromotionsPage })));
const ActivityPage = lazy(() => import("./features/activity/components/ActivityPage").then((module) => ({ default: module.ActivityPage })));
const VipPage = lazy(() => import("./features/vip/components/VipPage").then((module) => ({ default: module.VipPage })));
const FairnessPage = lazy(() => import("./features/games/components/FairnessPage").then((module) => ({ default: module.FairnessPage })));

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

export const GAME_CENTRE_PATHS = ["/cockfight", "/sports", "/esports", "/btiSports"];
export const GAME_LIST_PATHS = ["/rng", "/live", "/fish", "/pvp", "/inHouse", "/hot"];
export const LOTTERY_PATHS = ["/lottery", "/seaLottery", "/vnLottery"];
export const SECTION_PATHS = ["/seamless", "/sponsor"];

/** A route that needs a session: without a token in session storage it goes to /login (spec §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  return storedToken() ? <>{children}</> : <Navigate to="/login" replace />;
}

/** The member and agent centres are for real accounts: a trial account gets the trial notice instead. */
export function RequireRealAccount({ children }: { children: ReactNode }) {
  const session = useSession();
  const { open } = useModal();
  const trial = session.isTrial;
  useEffect(() => {
    if (trial) open({ name: "trial" });
  }, [trial, open]);
  if (!storedToken()) return <Navigate to="/login" replace />;
  return trial ? <Home /> : <>{children}</>;
}

/** A page for real accounts that a visitor may open: the page itself asks a visitor to log in (and stays where it
 * is once they have), a trial account gets the trial notice as in the member centre. */
export function RealAccountOrVisitor({ children }: { children: ReactNode }) {
  const session = useSession();
  return session.token ? <RequireRealAccount>{children}</RequireRealAccount> : <>{children}</>;
}

/** The agent centre admits agents only (isAgent from the login state): without a session the agent entry, a
 * member or a trial account home (a trial account with its notice). */
export function RequireAgent({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const session = useSession();
  const { open } = useModal();
  const trial = session.isTrial;
  useEffect(() => {
    if (trial) open({ name: "trial" });
  }, [trial, open]);
  if (!storedToken()) return <Navigate to="/agentLogin" replace />;
  if (session.member === null) return <p className="loader">{text(language, "loading")}</p>;
  return session.isAgent ? <>{children}</> : <Navigate to="/" replace />;
}

/** /login and /register: home with their modal; /login then returns to /. */
function HomeWithModal({ modal, redirect }: { modal: Modal; redirect: boolean }) {
  const { open } = useModal();
  const navigate = useNavigate();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    open(modal);
    if (redirect) navigate("/", { replace: true });
  }, [modal, open, navigate, redirect]);
  return <Home />;
}

/** Scroll to the top when the route changes (not when only the hash or query does). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return null;
}

export function AppRoutes() {
  return (
    <Routes>
      {HOME_PATHS.map((path) => (
        <Route key={path} path={path} element={<Home />} />
      ))}
      <Route path="/login" element={<HomeWithModal modal={{ name: "login" }} redirect />} />
      <Route path="/register" element={<HomeWithModal modal={{ name: "register" }} redirect={false} />} />
      <Route path="/help" element={<Page><Help /></Page>} />
      <Route path="/helpmc" element={<Page><Help /></Page>} />
      <Route path="/description" element={<Page><Description /></Page>} />
      {GAME_LIST_PATHS.map((path) => (
        <Route key={path} path={path} element={<Page><GameListPage /></Page>} />
      ))}
      {GAME_CENTRE_PATHS.map((path) => (
        <Route key={path} path={path} element={<Page><GameCentrePage /></Page>} />
      ))}
      {SECTION_PATHS.map((path) => (
        <Route key={path} path={path} element={<Page><NotAvailable /></Page>} />
      ))}
      <Route path="/promotions" element={<Page><PromotionsPage /></Page>} />
      <Route path="/activity" element={<RealAccountOrVisitor><Page><ActivityPage /></Page></RealAccountOrVisitor>} />
      <Route path="/pointMall" element={<RealAccountOrVisitor><Page><PointMallPage /></Page></RealAccountOrVisitor>} />
      <Route path="/gameListCenter/:vassalage/:gameType" element={<Page><GameListPage /></Page>} />
      <Route path="/play/:gameCode" element={<RequireRealAccount><Page><PlayPage /></Page></RequireRealAccount>} />
      <Route path="/fairness" element={<Page><FairnessPage /></Page>} />
      <Route path="/vip" element={<Page><VipPage /></Page>} />
      <Route path="/lott/*" element={<Page><NotAvailable /></Page>} />
      <Route path="/elott/*" element={<Page><NotAvailable /></Page>} />
      {LOTTERY_PATHS.map((path) => (
        <Route key={path} path={path} element={<RequireAuth><Page><LotteryPage path={path} /></Page></RequireAuth>} />
      ))}
      <Route path="/member/*" element={<RequireRealAccount><Page><RemoteApp name="memberCentre" /></Page></RequireRealAccount>} />
      <Route path="/agentLogin" element={<Page><AgentLogin /></Page>} />
      <Route path="/agentHome/*" element={<RequireAgent><Page><RemoteApp name="agentCentre" /></Page></RequireAgent>} />
      <Route path="*" element={<Page><NotFound /></Page>} />
    </Routes>
  );
}
