import { useState } from "react";
import type { MessageRead } from "@portal/kit";
import { formatDateTime, LoadFailure, messageWording, OutcomeLine, Pager, useAction, useLanguage } from "@portal/kit";
import { t } from "../../../shared/texts";
import { deleteMessage, markRead, useInboxReload, useMessages } from "../api";

function Message({ message, onRead, onDelete }: { message: MessageRead; onRead: () => void; onDelete: () => void }) {
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const wording = messageWording(language, message);
  const toggle = () => {
    if (!open && !message.read) onRead();
    setOpen(!open);
  };
  return (
    <li className={message.read ? "mc-message" : "mc-message mc-message--unread"} data-testid="message">
      <button type="button" className="mc-message__head" aria-expanded={open} onClick={toggle}>
        <span>{wording.title}</span>
        <time dateTime={message.occurredAt}>{formatDateTime(language, message.occurredAt)}</time>
      </button>
      {open && <p className="mc-message__body">{wording.body}</p>}
      <button type="button" className="kit-button kit-button--ghost" onClick={onDelete}>
        {t(language, "deleteMessage")}
      </button>
    </li>
  );
}

/** Platform information: the member's messages, newest first; opening one marks it read. */
export function Messages() {
  const { language } = useLanguage();
  const [pageNo, setPageNo] = useState(1);
  const messages = useMessages(pageNo);
  const reload = useInboxReload();
  const read = useAction((ids: number[] | "all") => markRead(language, ids), { onDone: reload });
  const remove = useAction((id: number) => deleteMessage(language, id), { onDone: reload });
  const page = messages.data ?? null;
  return (
    <section className="mc-panel">
      <h2>{t(language, "messageV2")}</h2>
      <div className="mc-row">
        <button type="button" className="kit-button" disabled={!page || page.total === 0} onClick={() => void read.submit("all")}>
          {t(language, "markAllRead")}
        </button>
      </div>
      <OutcomeLine outcome={read.outcome ?? remove.outcome} />
      <LoadFailure error={messages.error} />
      {page && page.list.length === 0 && <p>{t(language, "noMessages")}</p>}
      {page && page.list.length > 0 && (
        <ul className="mc-messages" data-testid="messages">
          {page.list.map((message) => (
            <Message key={message.id} message={message} onRead={() => void read.submit([message.id])} onDelete={() => void remove.submit(message.id)} />
          ))}
        </ul>
      )}
      {page && <Pager label={t(language, "messageV2")} previous={t(language, "previous")} next={t(language, "next")} pageNo={pageNo} shown={page.pageNum} totalPages={page.totalPages} onPage={setPageNo} />}
    </section>
  );
}
