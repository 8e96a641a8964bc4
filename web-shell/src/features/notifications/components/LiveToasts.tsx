import { useCallback, useState } from "react";
import { flushSync } from "react-dom";
import type { MessageRead } from "@portal/kit";
import { messageWording, useLanguage, useLiveNotifications } from "@portal/kit";
import { text } from "../../../shared/texts";

const SHOWN_MS = 8000;

/** The tab's live socket and its toasts: each new message (deposit arrived, withdrawal paid, a broadcast...) in
 * the member's language with its amount and time, for eight seconds or until closed. A toast is committed at once,
 * on its own: batched with the lists and the balance the same message refreshes, it waited for their render. */
export function LiveToasts() {
  const { language } = useLanguage();
  const [toasts, setToasts] = useState<MessageRead[]>([]);
  const dismiss = useCallback((id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (message: MessageRead) => {
      flushSync(() => setToasts((shown) => [...shown.slice(-3), message]));
      setTimeout(() => dismiss(message.id), SHOWN_MS);
    },
    [dismiss],
  );
  const live = useLiveNotifications(show);
  return (
    <div className="toasts" role="status" aria-live="polite" data-live={live ? "open" : "closed"} data-testid="live">
      {toasts.map((toast) => {
        const wording = messageWording(language, toast);
        return (
          <div key={toast.id} className={`toast toast--${toast.kind.replace(".", "-")}`} data-testid="toast">
            <strong>{wording.title}</strong>
            <p>{wording.body}</p>
            <button type="button" className="kit-icon-button" aria-label={text(language, "close")} onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        );
      })}
    </div>
  );
}
