/** Feedback to the brand (140 characters), its own chunk: opened from a link, never on a first page. */
import type { FormEvent } from "react";
import { useState } from "react";
import { Dialog, OutcomeLine, useAction, useLanguage } from "@portal/kit";
import { useModal } from "../../../shared/ModalContext";
import { text } from "../../../shared/texts";
import { sendFeedback } from "../api";

export const FEEDBACK_MAX = 140;

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
