/** Keyboard focus inside a dialog, without React (the package's "./focus" entry): the kit's ``Dialog`` and the
 * shell's first paint, drawn before React, keep Tab inside alike. */

/** What Tab reaches inside ``node``, in order. */
export function focusables(node: HTMLElement | null): HTMLElement[] {
  return Array.from(node?.querySelectorAll<HTMLElement>("button, [href], input, select, textarea, [tabindex]") ?? []).filter(
    (el) => !el.hasAttribute("disabled") && el.tabIndex >= 0,
  );
}

/** On Tab (``event``), wrap focus from the last of ``node``'s focusable elements to the first, and back on Shift+Tab. */
export function keepTabInside(event: KeyboardEvent, node: HTMLElement | null): void {
  if (event.key !== "Tab") return;
  const items = focusables(node);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    last.focus();
    event.preventDefault();
  } else if (!event.shiftKey && document.activeElement === last) {
    first.focus();
    event.preventDefault();
  }
}
