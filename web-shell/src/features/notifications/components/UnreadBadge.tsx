import { Link, useLanguage, useUnreadCount } from "@portal/kit";
import { text } from "../../../shared/texts";

/** The header's messages entry with the unread count, live (the socket refreshes the count). */
export function UnreadBadge() {
  const { language } = useLanguage();
  const unread = useUnreadCount();
  return (
    <Link to="/member/messageV2" className="unread" data-testid="unread" aria-label={text(language, "unreadMessages", { n: unread })}>
      ✉{unread > 0 && <span className="badge">{unread > 99 ? "99+" : unread}</span>}
    </Link>
  );
}
