import type { ReactNode } from "react";
import type { MenuRead, VendorRead } from "@portal/kit";
import { api, Link, useLanguage, useLocation, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { DropMenu } from "../../../shared/nav/DropMenu";
import { text } from "../../../shared/texts";
import { useGameMenus } from "../api";
import type { NavEntry } from "../rules";
import { gameListCenterPath, navEntries } from "../rules";
import { gameText, labelText } from "../texts";
import { useGameStart } from "./useGameStart";

const LOTTERY_TYPES = ["LOTT", "ELOTT"];

/** Cockfight has no page: its entry starts the category's game directly (spec §2). */
function CockfightEntry({ entry }: { entry: NavEntry }) {
  const { language } = useLanguage();
  const session = useSession();
  const modal = useModal();
  const { start, outcome } = useGameStart();
  const open = async () => {
    if (!session.token) return modal.open({ name: "login" });
    const first = (await api("gameList", language, { query: { gameType: entry.gameType, pageNo: 1, pageSize: 1 } })).list[0];
    if (first) start(first);
  };
  return (
    <>
      <button type="button" className="main-nav__button" data-nav-top="" onClick={() => void open().catch(() => undefined)}>
        {labelText(language, entry.gameType)}
      </button>
      {outcome && (
        <span className="main-nav__alert" role="alert">
          {outcome.text}
        </span>
      )}
    </>
  );
}

/** A category's drop menu: all its games, then each of its vendors (its own list, the named route gameListCenter). */
function CategoryMenu({ entry, vendors, active }: { entry: NavEntry; vendors: VendorRead[]; active: boolean }) {
  const { language } = useLanguage();
  return (
    <DropMenu id={entry.gameType} label={labelText(language, entry.gameType)} active={active}>
      <ul className="drop-menu__list">
        <li>
          <Link to={entry.to ?? "/"} className="drop-menu__item drop-menu__item--all">
            {text(language, "allGames")}
          </Link>
        </li>
        {vendors.map((vendor) => (
          <li key={vendor.vassalage}>
            <Link to={gameListCenterPath(vendor.vassalage, entry.gameType)} className="drop-menu__item">
              {vendor.name}
              {vendor.maintenance && <small className="drop-menu__note">{gameText(language, "underMaintenance")}</small>}
            </Link>
          </li>
        ))}
      </ul>
    </DropMenu>
  );
}

/** The vendors of a category's menus (the lottery's entry gathers LOTT and ELOTT). */
function vendorsOf(menus: MenuRead[], gameTypes: string[]): VendorRead[] {
  return menus.filter((menu) => gameTypes.includes(menu.gameType)).flatMap((menu) => menu.vendors);
}

/** Whether the page shown belongs to ``entry`` (its page, or one of its vendors' lists). */
function isActive(pathname: string, entry: NavEntry): boolean {
  const type = entry.gameType.toLowerCase();
  return pathname === entry.to || (pathname.startsWith("/gameListCenter/") && pathname.endsWith(`/${type}`));
}

/** The header's game categories: one entry per category that has a vendor, each with a drop menu of its vendors;
 * cockfight starts its game; the lottery's one entry (its drop menu of games is the layout's, given as
 * ``lottery``, since it reads the lottery feature). */
export function GameNav({ lottery }: { lottery: (entry: NavEntry, vendors: VendorRead[]) => ReactNode }) {
  const menus = useGameMenus().data ?? [];
  const { pathname } = useLocation();
  const entries = navEntries(menus).filter(
    (entry, index, all) => !LOTTERY_TYPES.includes(entry.gameType) || all.findIndex((first) => LOTTERY_TYPES.includes(first.gameType)) === index,
  );
  return (
    <>
      {entries.map((entry) => (
        <li key={entry.gameType} className="main-nav__item">
          {LOTTERY_TYPES.includes(entry.gameType) ? (
            lottery(entry, vendorsOf(menus, LOTTERY_TYPES))
          ) : entry.to === null ? (
            <CockfightEntry entry={entry} />
          ) : (
            <CategoryMenu entry={entry} vendors={vendorsOf(menus, [entry.gameType])} active={isActive(pathname, entry)} />
          )}
        </li>
      ))}
    </>
  );
}
