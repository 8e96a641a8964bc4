/** Announcements (the public popup, 6 a page), the system notice (8 a page) and feedback (140 characters). */
import type { FormEvent } from "react";
import { useEffect, useState } from "react";
import { Dialog, LoadFailure, OutcomeLine, sanitizeHtml, useAction, useLanguage, useSession } from "@portal/kit";
import type { AnnouncementRead } from "@portal/kit";
import { useModal } from "../../../modals/ModalContext";
import { text } from "../../../texts";
import { sendFeedback, useNotices } from "../api";
import { popupClosedKey, popupKind } from "../popup";

export const POPUP_PAGE = 6;
export const NOTICE_PAGE = 8;
export const FEEDBACK_MAX = 140;

function Paged({ items, pageSize, initial = 0 }: { items: AnnouncementRead[]; pageSize: number; initial?: number }) {
  const { language } = useLanguage();
  const [page, setPage] = useState(Math.floor(initial / pageSize));
  const [selected, setSelected] = useState<number | null>(items[initial]?.id ?? null);
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const shown = items.slice(page * pageSize, page * pageSize + pageSize);
  return (
    <div className="announcements">
      <ul className="announcements__list">
        {shown.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="announcements__title"
              aria-expanded={selected === item.id}
              onClick={() => setSelected((current) => (current === item.id ? null : item.id))}
            >
              {item.title}
              {item.startDateStr && <small>{item.startDateStr}</small>}
            </button>
            {selected === item.id && (
              <div className="announcements__content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.content) }} />
            )}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="pager" aria-label={text(language, "announcements")}>
          <button type="button" className="kit-button kit-button--ghost" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {text(language, "previous")}
          </button>
          <span>
            {page + 1} / {pages}
          </span>
          <button type="button" className="kit-button kit-button--ghost" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
            {text(language, "next")}
          </button>
        </nav>
      )}
    </div>
  );
}

/** The public announcement popup; shows nothing when there is nothing to announce. */
export function AnnouncementsModal({ firstLogin }: { firstLogin: boolean }) {
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
  return (
    <Dialog title={text(language, "announcements")} onClose={close} closeLabel={text(language, "close")} wide>
      <Paged items={items} pageSize={POPUP_PAGE} />
    </Dialog>
  );
}

export function NoticeModal({ index }: { index: number }) {
  const { language } = useLanguage();
  const modal = useModal();
  const notices = useNotices("B");
  const items = notices.data ?? null;

  return (
    <Dialog title={text(language, "notices")} onClose={modal.close} closeLabel={text(language, "close")} wide>
      <LoadFailure error={notices.error} />
      {items && <Paged items={items} pageSize={NOTICE_PAGE} initial={Math.min(index, Math.max(0, items.length - 1))} />}
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
