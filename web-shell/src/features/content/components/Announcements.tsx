/** The announcement list (paged, one opened at a time) and the public popup's dialog. They take the language as a
 * prop and read no context, so the page's first paint (src/firstPopup.tsx) draws the same popup before the application
 * has loaded that the shell's modal host draws afterwards. */
import { useState } from "react";
import { sanitizeHtml } from "@portal/kit/sanitize";
import { Dialog } from "@portal/kit/ui";
import type { AnnouncementRead, Language } from "@portal/kit";
import { text } from "../../../texts";

export const POPUP_PAGE = 6;

export function Paged({ items, pageSize, language, initial = 0 }: { items: AnnouncementRead[]; pageSize: number; language: Language; initial?: number }) {
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

/** The public popup: its notices, six a page. */
export function AnnouncementsDialog({ items, language, onClose }: { items: AnnouncementRead[]; language: Language; onClose: () => void }) {
  return (
    <Dialog title={text(language, "announcements")} onClose={onClose} closeLabel={text(language, "close")} wide>
      <Paged items={items} pageSize={POPUP_PAGE} language={language} />
    </Dialog>
  );
}
