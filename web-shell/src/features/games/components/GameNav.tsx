import { api, NavLink, useLanguage, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { useGameMenus } from "../api";
import type { NavEntry } from "../rules";
import { navEntries } from "../rules";
import { labelText } from "../texts";
import { useGameStart } from "./useGameStart";

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
      <button type="button" className="main-nav__button" onClick={() => void open().catch(() => undefined)}>
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

/** The header's game categories: one entry per category that has a vendor. */
export function GameNav() {
  const { language } = useLanguage();
  const menus = useGameMenus().data ?? [];
  return (
    <>
      {navEntries(menus).map((entry) =>
        entry.to === null ? (
          <CockfightEntry key={entry.gameType} entry={entry} />
        ) : (
          <NavLink key={entry.gameType} to={entry.to}>
            {labelText(language, entry.gameType)}
          </NavLink>
        ),
      )}
    </>
  );
}
