/** Parts the announcements and help topics pages share: one text per language, a labelled text area, the HTML the
 * server cleaned read as plain text (never drawn as HTML in a list), the local time of a date-time field, and a
 * row's edit / delete buttons with the delete's confirmation. */
import type { ChangeEvent } from "react";
import { useId } from "react";
import type { Language } from "@portal/kit";
import { SUPPORTED } from "@portal/kit";

export type Texts = Record<Language, string>;

export const NO_TEXTS: Texts = { TR: "", EN: "", CN: "" };

export function textsOf(value: Record<string, string> | null | undefined): Texts {
  return { TR: value?.["TR"] ?? "", EN: value?.["EN"] ?? "", CN: value?.["CN"] ?? "" };
}

/** The texts given, trimmed (an empty one left out). */
export function givenTexts(texts: Texts): Record<string, string> {
  const given: Record<string, string> = {};
  for (const language of SUPPORTED) {
    const text = texts[language].trim();
    if (text) given[language] = text;
  }
  return given;
}

/** A text in the reader's language, else the Turkish one. */
export function inLanguage(texts: Record<string, string>, language: Language): string {
  return texts[language] || texts["TR"] || "";
}

const BLOCKS = "p, div, br, li, h1, h2, h3, h4, h5, h6, tr, td, th, blockquote";

/** The words of the server-cleaned HTML, cut to ``limit`` characters: parsed in an inert document (no script runs,
 * nothing loads), scripts and styles dropped, a space after each block, and only its text kept, shown as text. */
export function plainText(html: string, limit = 80): string {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  body.querySelectorAll("script, style, template").forEach((element) => element.remove());
  body.querySelectorAll(BLOCKS).forEach((element) => element.after(" "));
  const text = (body.textContent ?? "").replace(/\s+/g, " ").trim();
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** An ISO date-time as a ``datetime-local`` field's value (the operator's local time, to the minute). */
export function localInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A ``datetime-local`` field's value (local time) as the ISO instant the server takes; null when empty or unreadable. */
export function isoOf(local: string): string | null {
  if (!local.trim()) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function TextArea({ label, value, onChange, rows = 4, maxLength }: { label: string; value: string; onChange: (value: string) => void; rows?: number; maxLength?: number }) {
  const id = useId();
  return (
    <div className="kit-field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} className="oc-content-textarea" value={value} rows={rows} maxLength={maxLength} onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)} />
    </div>
  );
}

interface RowActionsProps {
  confirming: boolean;
  pending: boolean;
  question: string;
  texts: { edit: string; remove: string; confirm: string; cancel: string };
  onEdit: () => void;
  onAsk: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Edit and delete; delete asks first, and only its confirmation calls. */
export function RowActions({ confirming, pending, question, texts, onEdit, onAsk, onConfirm, onCancel }: RowActionsProps) {
  return confirming ? (
    <div className="oc-row" role="group" aria-label={question}>
      <span>{question}</span>
      <button type="button" className="kit-button" disabled={pending} onClick={onConfirm}>
        {texts.confirm}
      </button>
      <button type="button" className="kit-button kit-button--ghost" onClick={onCancel}>
        {texts.cancel}
      </button>
    </div>
  ) : (
    <div className="oc-row">
      <button type="button" className="kit-button kit-button--ghost" onClick={onEdit}>
        {texts.edit}
      </button>
      <button type="button" className="kit-button kit-button--ghost" onClick={onAsk}>
        {texts.remove}
      </button>
    </div>
  );
}
