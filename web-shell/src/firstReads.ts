/** The reads a page starts before the application's code has loaded, without React: src/early.ts runs this as
 * its own small script at the top of the page, so the answers are on their way while the bundle downloads and
 * evaluates; the shell's queries (startReads in App.tsx) then take these answers instead of asking again. */
import { savedLanguage, startApiRead, storedToken } from "@portal/kit/calls";
import { visitorPopupDue } from "./features/content/popup";
import { WINNERS_LIMIT } from "./features/games/limits";

export const HOME_PATHS = ["/", "/index", "/index.html", "/home"];

/** The site configuration and help centre on every page; on the home page also its banners, notices, the public
 * popup's notices when a visitor will see it, the game menus, hot games, winners board and jackpot. */
export function startFirstReads(pathname: string): void {
  const language = savedLanguage(localStorage);
  startApiRead("siteConfig", language);
  startApiRead("helpCenter", language);
  if (!HOME_PATHS.includes(pathname)) return;
  if (visitorPopupDue(storedToken(), sessionStorage)) {
    startApiRead("notices", language, { query: { types: "PU", platform: "W" } });
    return;
  }
  startApiRead("banners", language, { query: { group: "w_home" } });
  startApiRead("banners", language, { query: { group: "w_video" } });
  startApiRead("notices", language, { query: { types: "B", platform: "W" } });
  startApiRead("gameMenus", "EN");
  startApiRead("hotGames", language);
  startApiRead("winnerBoard", language, { query: { gameCategory: "ALL", limitNum: WINNERS_LIMIT } });
  startApiRead("jackpot", language);
}
