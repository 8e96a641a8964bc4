/** The system notices (8 a page), their own chunk: opened from the marquee, never on a first page. */
import { Dialog, LoadFailure, useLanguage } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { text } from "../../../shared/texts";
import { useNotices } from "../api";
import { Paged } from "./Announcements";

export const NOTICE_PAGE = 8;

export function NoticeModal({ index }: { index: number }) {
  const { language } = useLanguage();
  const modal = useModal();
  const notices = useNotices("B");
  const items = notices.data ?? null;

  return (
    <Dialog title={text(language, "notices")} onClose={modal.close} closeLabel={text(language, "close")} wide>
      <LoadFailure error={notices.error} />
      {items && <Paged items={items} pageSize={NOTICE_PAGE} language={language} initial={Math.min(index, Math.max(0, items.length - 1))} />}
    </Dialog>
  );
}
