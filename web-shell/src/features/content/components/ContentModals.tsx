/** The shell's content dialogs: the public popup (Announcements.tsx draws it), the system notice (8 a page) and
 * feedback (140 characters). */
import type { FormEvent } from "react";
import { useEffect, useState } from "react";
import { Dialog, LoadFailure, OutcomeLine, useAction, useLanguage, useSession } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { text } from "../../../shared/texts";
import { sendFeedback, useNotices } from "../api";
import type { PopupPosition } from "../../../shared/announcementPages";
import { popupClosedKey, popupKind } from "../popup";
import { AnnouncementsDialog, Paged } from "./Announcements";

export const NOTICE_PAGE = 8;
export const FEEDBACK_MAX = 140;

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

export function FeedbackModal() {
  const { language } = useLanguage();
  const modal = useModal();
  const [content, setContent] = useState("");
  const send = useAction(() => sendFeedback(language, content.trim()));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return send.refuse(text(language, "required"));
    void send.submit(undefined);
  };

  return (
    <Dialog title={text(language, "feedback")} onClose={modal.close} closeLabel={text(language, "close")}>
      {send.done ? (
        <p role="status">{text(language, "feedbackSent")}</p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <label className="visually-hidden" htmlFor="feedback-content">
            {text(language, "feedback")}
          </label>
          <textarea
            id="feedback-content"
            className="textarea"
            rows={4}
            maxLength={FEEDBACK_MAX}
            placeholder={text(language, "feedbackPlaceholder")}
            value={content}
            onChange={(event) => setContent(event.target.value)}
          />
          <small>{text(language, "charactersLeft", { n: FEEDBACK_MAX - content.length })}</small>
          <OutcomeLine outcome={send.outcome} />
          <button type="submit" className="kit-button kit-button--block">
            {text(language, "submit")}
          </button>
        </form>
      )}
    </Dialog>
  );
}
