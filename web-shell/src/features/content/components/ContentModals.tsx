/** The public popup (Announcements.tsx draws it); the system notice is NoticeModal.tsx, feedback FeedbackModal.tsx. */
import { useEffect } from "react";
import { useLanguage, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { useNotices } from "../api";
import type { PopupPosition } from "../../../shared/announcementPages";
import { popupClosedKey, popupKind } from "../popup";
import { AnnouncementsDialog } from "./Announcements";

/** The public announcement popup; shows nothing when there is nothing to announce. ``view``: where the page's first
 * paint left it. */
export function AnnouncementsModal({ firstLogin, view }: { firstLogin: boolean; view?: PopupPosition | undefined }) {
  const { language } = useLanguage();
  const modal = useModal();
  const session = useSession();
  const notices = useNotices("PU", firstLogin);
  const nothing = notices.isError || notices.data?.length === 0;
  const kind = popupKind(session.isLogin || session.token !== null, session.isAgent, session.isTrial);

  useEffect(() => {
    if (nothing) modal.closeIfOpen("announcements");
  }, [nothing, modal]);

  const items = notices.data;
  if (nothing || !items) return null;
  const close = () => {
    sessionStorage.setItem(popupClosedKey(kind), "1");
    modal.close();
  };
  return <AnnouncementsDialog items={items} language={language} onClose={close} view={view} />;
}
