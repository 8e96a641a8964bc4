/** UI components shared by the shell and the remotes. Dialogs never close on an outside click (spec §2). */
import type { InputHTMLAttributes, ReactNode } from "react";
import { useEffect, useId, useRef } from "react";
import { focusables, keepTabInside } from "./focus";

interface DialogProps {
  title: string;
  onClose?: (() => void) | undefined;
  closeLabel?: string;
  children: ReactNode;
  wide?: boolean;
}

/** A modal dialog: focus moves in, Tab stays inside, Escape closes when it may be closed at all. */
export function Dialog({ title, onClose, closeLabel = "×", children, wide = false }: DialogProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = box.current;
    const previous = document.activeElement as HTMLElement | null;
    const items = focusables(node);
    (items.find((el) => el.tagName === "INPUT") ?? items[0])?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && onClose) onClose();
      keepTabInside(event, node);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus?.();
    };
  }, [onClose]);

  return (
    <div className="kit-overlay">
      <div ref={box} className={wide ? "kit-dialog kit-dialog--wide" : "kit-dialog"} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="kit-dialog__head">
          <h2 id={titleId}>{title}</h2>
          {onClose && (
            <button type="button" className="kit-icon-button" aria-label={closeLabel} onClick={onClose}>
              ×
            </button>
          )}
        </header>
        <div className="kit-dialog__body">{children}</div>
      </div>
    </div>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange"> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  hint?: string | undefined;
}

export function Field({ label, value, onChange, error, hint, id, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const described = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className="kit-field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {error ? (
        <p id={`${inputId}-error`} className="kit-field__error" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${inputId}-hint`} className="kit-field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

interface TabsProps<T extends string> {
  label: string;
  tabs: { key: T; title: string }[];
  active: T;
  onChange: (key: T) => void;
}

export function Tabs<T extends string>({ label, tabs, active, onChange }: TabsProps<T>) {
  if (tabs.length < 2) return null;
  return (
    <div className="kit-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          aria-selected={tab.key === active}
          className={tab.key === active ? "kit-tab kit-tab--active" : "kit-tab"}
          onClick={() => onChange(tab.key)}
        >
          {tab.title}
        </button>
      ))}
    </div>
  );
}

export function Alert({ children }: { children: ReactNode }) {
  return (
    <p className="kit-alert" role="alert">
      {children}
    </p>
  );
}

interface PagerProps {
  label: string;
  pageNo: number;
  totalPages: number;
  onPage: (pageNo: number) => void;
  /** The page the list on screen is (while the next one loads, the one still shown); ``pageNo`` by default. */
  shown?: number;
  previous?: string;
  next?: string;
}

/** Previous / next under a paged list, shown only when there is more than one page. */
export function Pager({ label, pageNo, totalPages, onPage, shown = pageNo, previous = "‹", next = "›" }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="kit-pager" aria-label={label}>
      <button type="button" className="kit-button kit-button--ghost" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {previous}
      </button>
      <span>
        {shown} / {totalPages}
      </span>
      <button type="button" className="kit-button kit-button--ghost" disabled={pageNo >= totalPages} onClick={() => onPage(pageNo + 1)}>
        {next}
      </button>
    </nav>
  );
}
