/** The header's "More" drop menu: the sections a player opens less often than the games (spec §2's other header
 * keys), so the bar fits one line at 1366 px in every language. */
import { Link, useLanguage, useLocation } from "@portal/kit";
import { DropMenu } from "../../shared/nav/DropMenu";
import type { TextKey } from "../../shared/texts";
import { text } from "../../shared/texts";

export const MORE_LINKS: { to: string; key: TextKey }[] = [
  { to: "/activity", key: "activity" },
  { to: "/pointMall", key: "pointMall" },
  { to: "/vip", key: "vip" },
  { to: "/help", key: "help" },
];

export function MoreMenu() {
  const { language } = useLanguage();
  const { pathname } = useLocation();
  return (
    <DropMenu id="more" label={text(language, "more")} active={MORE_LINKS.some((link) => link.to === pathname)}>
      <ul className="drop-menu__list">
        {MORE_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="drop-menu__item" aria-current={pathname === link.to ? "page" : undefined}>
              {text(language, link.key)}
            </Link>
          </li>
        ))}
      </ul>
    </DropMenu>
  );
}
