/** The agent centre: the menu in the spec's order and one page per item; the contract dialog opens from any page,
 * and by itself when a request waits for the agent's answer. Exposed as ./App. */
import { useEffect, useState } from "react";
import { NavLink, Route, Routes, useLanguage, useLocation, useParams, useSession } from "@portal/kit";
import { Announcements } from "./features/announcements/components/Announcements";
import { ContractPage } from "./features/contracts/components/ContractPage";
import { MyIncome } from "./features/income/components/MyIncome";
import { AccountDetails } from "./features/records/components/AccountDetails";
import { RegisterAccount } from "./features/register/components/RegisterAccount";
import { TeamManagement } from "./features/team/components/TeamManagement";
import { TeamOverview } from "./features/team/components/TeamOverview";
import { TeamReport } from "./features/team/components/TeamReport";
import "./agent-centre.css";
import type { ContractTarget } from "./shared/ContractModal";
import { ContractModal, ContractModalContext } from "./shared/ContractModal";
import { useContracts } from "./shared/contracts";
import type { KindKey } from "./shared/rules";
import { KINDS, asKind, kindOf, requestsFor, visibleKinds } from "./shared/rules";
import type { TextKey } from "./shared/texts";
import { t } from "./shared/texts";

/** Spec §2, in order; the four contract entries only for the kinds in use (``visibleKinds``). */
export const MENU: TextKey[] = [
  "announcement", "teamOverview", "registerCenter", "teamManagement", "teamBetting", "userLoss", "myIncome",
  "accountDetails", "dividend", "dailyWage", "hourlySalary", "realTimeSalary",
];

const CONTRACT_KEYS = new Set<string>(KINDS.map((item) => item.key));

function page(key: TextKey) {
  switch (key) {
    case "announcement":
      return <Announcements />;
    case "teamOverview":
      return <TeamOverview />;
    case "registerCenter":
      return <RegisterAccount />;
    case "teamManagement":
      return <TeamManagement />;
    case "teamBetting":
      return <TeamReport report="betting" />;
    case "userLoss":
      return <TeamReport report="losses" />;
    case "myIncome":
      return <MyIncome />;
    case "accountDetails":
      return <AccountDetails />;
    default:
      return CONTRACT_KEYS.has(key) ? <ContractPage kindKey={key as KindKey} /> : null;
  }
}

/** Where the shell mounted the agent centre (``/agentHome``): the path without the part this remote routes. */
export function mountPath(pathname: string, rest: string | undefined): string {
  const base = rest ? pathname.slice(0, pathname.length - rest.length) : pathname;
  return base.replace(/\/+$/, "");
}

/** Once per session: the dialog shows itself when a request waits for the agent's answer. */
export const PROMPTED_KEY = "agentContractPrompted";

export default function App() {
  const { language } = useLanguage();
  const session = useSession();
  const { pathname } = useLocation();
  const base = mountPath(pathname, useParams()["*"]);
  const contracts = useContracts();
  const kinds = visibleKinds(contracts.data);
  const [target, setTarget] = useState<ContractTarget | null>(null);
  const [prompted, setPrompted] = useState(() => sessionStorage.getItem(PROMPTED_KEY) === "1");
  const [menuOpen, setMenuOpen] = useState(false);
  const waiting = requestsFor(contracts.data, session.member?.id);
  const first = waiting[0];

  // The first time a request is seen waiting in this session, the dialog opens by itself (set while rendering,
  // as React's "adjusting state when a prop changes" does, so it needs no second pass through an effect).
  if (first && !prompted) {
    setPrompted(true);
    const kind = asKind(first.kind);
    if (kind) setTarget({ mode: "answer", kind, requestId: first.id });
  }
  useEffect(() => {
    if (prompted) sessionStorage.setItem(PROMPTED_KEY, "1");
  }, [prompted]);

  const shown = MENU.filter((key) => !CONTRACT_KEYS.has(key) || kinds.has(kindOf(key as KindKey)));
  const current = shown.find((key) => pathname.endsWith(`/${key}`)) ?? "teamOverview";

  return (
    <ContractModalContext.Provider value={setTarget}>
      <div className="ac">
        <nav className="ac-menu" aria-label={t(language, "menu")}>
          <div className="ac-menu__head">
            <h1>{t(language, "title")}</h1>
            <button type="button" className="ac-menu__toggle" aria-expanded={menuOpen} aria-controls="ac-menu-items" onClick={() => setMenuOpen(!menuOpen)}>
              {t(language, current)} ▾
            </button>
          </div>
          <div id="ac-menu-items" className={menuOpen ? "ac-menu__items ac-menu__items--open" : "ac-menu__items"}>
            {shown.map((key) => (
              <NavLink key={key} to={`${base}/${key}`} onClick={() => setMenuOpen(false)} className={({ isActive }) => (isActive ? "ac-menu__item ac-menu__item--active" : "ac-menu__item")}>
                {t(language, key)}
                {CONTRACT_KEYS.has(key) && waiting.some((request) => request.kind === kindOf(key as KindKey)) && <span className="ac-badge" aria-label={t(language, "pendingBadge")}>1</span>}
              </NavLink>
            ))}
          </div>
          {kinds.size < KINDS.length && <p className="ac-menu__note">{t(language, "contractsAvailable")}</p>}
        </nav>
        <div className="ac-content">
          {waiting.length > 0 && (
            <section className="ac-callout" data-testid="requests-waiting">
              <span>{t(language, "requestsWaiting")}: {waiting.length}</span>
              <button type="button" className="kit-button" onClick={() => {
                  const kind = first ? asKind(first.kind) : null;
                  if (first && kind) setTarget({ mode: "answer", kind, requestId: first.id });
                }}>
                {t(language, "open")}
              </button>
            </section>
          )}
          <Routes>
            <Route index element={<TeamOverview />} />
            {shown.map((key) => (
              <Route key={key} path={key} element={page(key)} />
            ))}
            <Route path="*" element={<TeamOverview />} />
          </Routes>
        </div>
      </div>
      {target && <ContractModal target={target} onClose={() => setTarget(null)} />}
    </ContractModalContext.Provider>
  );
}
