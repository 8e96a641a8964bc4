/** The header's main navigation (spec §2): home, one entry per game category with its drop menu (the lottery's
 * lists every game by family), promotions, and "More". On a desktop it is one line; below 1200 px a menu button
 * opens it as a panel with the same entries, their menus dropping in place. ArrowLeft and ArrowRight move
 * between the entries. */
import type { KeyboardEvent } from "react";
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { NavLink, useLanguage, useLocation } from "@portal/kit";
import { GameNav } from "../../features/games/components/GameNav";
import type { NavMenus, OpenedBy } from "../../shared/nav/navMenus";
import { NavMenusContext } from "../../shared/nav/navMenus";
import { text } from "../../shared/texts";
import { LotteryMenu } from "./LotteryMenu";
import { MoreMenu } from "./MoreMenu";
import "./nav.css";

/** Where the bar becomes the phone's panel (nav.css holds the same width). */
export const COMPACT_QUERY = "(max-width: 1199px)";

function subscribe(change: () => void) {
  const query = window.matchMedia?.(COMPACT_QUERY);
  query?.addEventListener("change", change);
  return () => query?.removeEventListener("change", change);
}

function useCompact(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(COMPACT_QUERY).matches ?? false, () => false);
}

/** ArrowLeft/ArrowRight: focus the previous or next entry of the bar (closing an open menu). */
function moveBetweenEntries(event: KeyboardEvent<HTMLElement>, close: () => void) {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const entries = Array.from(event.currentTarget.querySelectorAll<HTMLElement>("[data-nav-top]"));
  const index = entries.findIndex((entry) => entry.closest(".main-nav__item")?.contains(document.activeElement));
  if (index === -1) return;
  const next = entries[(index + (event.key === "ArrowRight" ? 1 : entries.length - 1)) % entries.length];
  event.preventDefault();
  close();
  next?.focus();
}

export function MainNav() {
  const { language } = useLanguage();
  const { pathname, search } = useLocation();
  const compact = useCompact();
  const root = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const [state, setState] = useState<{ openId: string | null; openedBy: OpenedBy | null }>({ openId: null, openedBy: null });
  const close = useCallback((id?: string) => setState((now) => (id === undefined || now.openId === id ? { openId: null, openedBy: null } : now)), []);
  const menus: NavMenus = useMemo(
    () => ({ ...state, compact, open: (openId: string, openedBy: OpenedBy) => setState({ openId, openedBy }), close }),
    [state, compact, close],
  );

  const where = pathname + search;
  const [shownAt, setShownAt] = useState(where);
  if (shownAt !== where) {
    // another page: every menu and the panel close (state reset while rendering, as React advises)
    setShownAt(where);
    setPanelOpen(false);
    setState({ openId: null, openedBy: null });
  }
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) {
        close();
        setPanelOpen(false);
      }
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [close]);

  const onKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape") return;
    if (state.openId) close();
    else if (panelOpen) {
      setPanelOpen(false);
      toggle.current?.focus();
    }
  };
  const shown = !compact || panelOpen;
  return (
    <nav ref={root} className={`main-nav${panelOpen ? " main-nav--open" : ""}`} aria-label={text(language, "menu")} onKeyDown={onKey}>
      <button ref={toggle} type="button" className="main-nav__toggle" aria-expanded={panelOpen} aria-controls="main-nav-entries" onClick={() => setPanelOpen(!panelOpen)}>
        <span className="main-nav__burger" aria-hidden="true" />
        {text(language, "menuButton")}
      </button>
      <NavMenusContext.Provider value={menus}>
        <ul id="main-nav-entries" className="main-nav__list" hidden={!shown} onKeyDown={(event) => moveBetweenEntries(event, close)}>
          <li className="main-nav__item">
            <NavLink to="/" end data-nav-top="">
              {text(language, "home")}
            </NavLink>
          </li>
          <GameNav lottery={(entry, vendors) => <LotteryMenu gameType={entry.gameType} vendors={vendors} />} />
          <li className="main-nav__item">
            <NavLink to="/promotions" data-nav-top="">
              {text(language, "promotions")}
            </NavLink>
          </li>
          <li className="main-nav__item">
            <MoreMenu />
          </li>
        </ul>
      </NavMenusContext.Provider>
    </nav>
  );
}
