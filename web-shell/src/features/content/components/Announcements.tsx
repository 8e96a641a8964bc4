/** The announcement list (paged, one opened at a time) and the public popup's dialog. The page's first paint
 * (src/firstPopup.ts) draws the same markup with the DOM alone before the application has loaded; the shell's modal
 * host takes it over from the view it was left at. */
import { useState } from "react";
import { sanitizeHtml } from "@portal/kit/sanitize";
import { Dialog } from "@portal/kit";
import type { AnnouncementRead, Language } from "@portal/kit";
import { text } from "../../../shared/texts";
import { POPUP_PAGE, type PopupPosition, pageCount } from "../../../shared/announcementPages";

/** ``items`` ``pageSize`` a page, opened at ``initial`` (that notice's page, the notice open) or at ``view``. */
export function Paged({ items, pageSize, language, initial = 0, view }: { items: AnnouncementRead[]; pageSize: number; language: Language; initial?: number; view?: PopupPosition | undefined }) {
  const [page, setPage] = useState(view?.page ?? Math.floor(initial / pageSize));
  const [selected, setSelected] = useState<number | null>(view ? view.selected : (items[initial]?.id ?? null));
  const pages = pageCount(items.length, pageSize);
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

/** The public popup: its notices, six a page, from ``view`` when the page's first paint drew it already. */
export function AnnouncementsDialog({ items, language, onClose, view }: { items: AnnouncementRead[]; language: Language; onClose: () => void; view?: PopupPosition | undefined }) {
  return (
    <Dialog title={text(language, "announcements")} onClose={onClose} closeLabel={text(language, "close")} wide>
      <Paged items={items} pageSize={POPUP_PAGE} language={language} view={view} />
    </Dialog>
  );
}
