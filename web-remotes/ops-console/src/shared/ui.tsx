/** Parts every page of the console draws with: a table in a box of its own (it scrolls, never the page), a page
 * heading, and a status badge. */
import type { ReactNode } from "react";

export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="oc-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="oc-title">{children}</h1>;
}

export function Badge({ value, text }: { value: string; text: string }) {
  return (
    <span className={`oc-badge oc-badge--${value}`} data-status={value}>
      {text}
    </span>
  );
}

/** A date-time as the operator reads it: local, to the minute. */
export function when(iso: string | null | undefined, language: string): string {
  if (!iso) return "—";
  const locale = language === "CN" ? "zh-CN" : language === "EN" ? "en-GB" : "tr-TR";
  return new Date(iso).toLocaleString(locale, { dateStyle: "short", timeStyle: "short" });
}
