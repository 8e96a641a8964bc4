import { useState } from "react";
import { LoadFailure, Pager, sanitizeHtml, useLanguage } from "@portal/kit";
import { t } from "../../../shared/texts";
import { useAnnouncements } from "../api";

/** The announcements, newest first; a title opens its text (sanitised HTML) and closes it again. */
export function Announcements() {
  const { language } = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const announcements = useAnnouncements(pageNo);
  const page = announcements.data;
  return (
    <section className="ac-panel">
      <h2>{t(language, "announcement")}</h2>
      <LoadFailure error={announcements.error} />
      {page && page.list.length === 0 && <p>{t(language, "empty")}</p>}
      <ul className="ac-list">
        {page?.list.map((item) => (
          <li key={item.id} className="ac-list__item">
            <button type="button" className="ac-list__head" aria-expanded={openId === item.id} onClick={() => setOpenId(openId === item.id ? null : item.id)}>
              <span>{item.title}</span>
              <time className="ac-muted">{item.startDateStr}</time>
            </button>
            {openId === item.id && <div className="ac-list__body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.content) }} />}
          </li>
        ))}
      </ul>
      {page && <Pager label={t(language, "announcement")} previous={t(language, "previous")} next={t(language, "next")} pageNo={pageNo} shown={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />}
    </section>
  );
}
