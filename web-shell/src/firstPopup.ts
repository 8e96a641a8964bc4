/** A visitor's public popup painted before the application has loaded, with the DOM alone: the page's entry
 * (boot.ts) draws it as soon as its notices arrive, without waiting for React, and the shell's modal host takes it
 * over with the same markup (Announcements.tsx; firstPopup.test.tsx holds the two to the same DOM) and the same view
 * (page and opened notice). Until then it works as the shell's does: close (button or Escape), open a notice, turn
 * the page, Tab kept inside. */
import type { AnnouncementRead, Language, SiteConfigRead } from "@portal/kit";
import { api, savedLanguage } from "@portal/kit/calls";
import { keepTabInside } from "@portal/kit/focus";
import { sanitizeHtml } from "@portal/kit/sanitize";
import { POPUP_PAGE, type PopupPosition, pageCount } from "./shared/announcementPages";
import { popupClosedKey, popupKind } from "./features/content/popup";
import { text } from "./shared/texts";

/** What the first paint hands to the application: the site's configuration and the popup's notices as it read them
 * (null: not read, or the read failed), whether it drew the popup, and ``handOver``, called as the application takes
 * the container: it ends the popup's own listeners and tells the view the application should show (null: not drawn,
 * or closed). */
export interface FirstPaint {
  config: SiteConfigRead | null;
  notices: AnnouncementRead[] | null;
  drawn: boolean;
  handOver: () => PopupPosition | null;
}

export const NOTHING_DRAWN: FirstPaint = { config: null, notices: null, drawn: false, handOver: () => null };

const FIRST_POPUP_TITLE_ID = "first-popup-title";

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, string> = {}, ...children: (Node | string)[]) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function button(props: Record<string, string>, label: string, onClick: () => void, disabled = false) {
  const node = element("button", { type: "button", ...props }, label);
  node.disabled = disabled;
  node.addEventListener("click", onClick);
  return node;
}

/** The popup's body for ``view``: the markup of ``Paged`` in Announcements.tsx. */
function pagedBody(items: AnnouncementRead[], language: Language, view: PopupPosition, show: (view: PopupPosition) => void) {
  const pages = pageCount(items.length, POPUP_PAGE);
  const list = element("ul", { class: "announcements__list" });
  for (const item of items.slice(view.page * POPUP_PAGE, view.page * POPUP_PAGE + POPUP_PAGE)) {
    const open = view.selected === item.id;
    const title = button({ class: "announcements__title", "aria-expanded": String(open) }, item.title, () =>
      show({ page: view.page, selected: open ? null : item.id }),
    );
    if (item.startDateStr) title.append(element("small", {}, item.startDateStr));
    const entry = element("li", {}, title);
    if (open) {
      const content = element("div", { class: "announcements__content" });
      content.innerHTML = sanitizeHtml(item.content);
      entry.append(content);
    }
    list.append(entry);
  }
  const body = element("div", { class: "announcements" }, list);
  if (pages > 1) {
    const turn = (page: number) => () => show({ page, selected: view.selected });
    body.append(
      element(
        "nav",
        { class: "pager", "aria-label": text(language, "announcements") },
        button({ class: "kit-button kit-button--ghost" }, text(language, "previous"), turn(view.page - 1), view.page === 0),
        element("span", {}, `${view.page + 1} / ${pages}`),
        button({ class: "kit-button kit-button--ghost" }, text(language, "next"), turn(view.page + 1), view.page >= pages - 1),
      ),
    );
  }
  return body;
}

/** The popup's dialog (the markup of the kit's ``Dialog``) at ``view``; ``close`` from its button or Escape. Returns
 * what ends its listener on the document. */
function drawDialog(container: HTMLElement, items: AnnouncementRead[], language: Language, view: PopupPosition, onView: (view: PopupPosition) => void, close: () => void) {
  const body = element("div", { class: "kit-dialog__body" });
  const show = (next: PopupPosition) => {
    onView(next);
    body.replaceChildren(pagedBody(items, language, next, show));
  };
  show(view);
  const closer = button({ class: "kit-icon-button", "aria-label": text(language, "close") }, "×", close);
  const box = element(
    "div",
    { class: "kit-dialog kit-dialog--wide", role: "dialog", "aria-modal": "true", "aria-labelledby": FIRST_POPUP_TITLE_ID },
    element("header", { class: "kit-dialog__head" }, element("h2", { id: FIRST_POPUP_TITLE_ID }, text(language, "announcements")), closer),
    body,
  );
  container.replaceChildren(element("div", { class: "kit-overlay" }, box));
  closer.focus();
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") close();
    keepTabInside(event, box);
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

/** Draw the visitor's popup into ``container`` once the site's configuration and the popup's notices have arrived;
 * resolves once it has painted. Nothing is drawn when a read fails (the application asks again and reports it), when
 * there is nothing to announce, or when the site is under maintenance or closed to the visitor's region (the
 * application shows that screen instead). Closed before the application loads, it stays closed for the session. */
export async function paintFirstPopup(container: HTMLElement): Promise<FirstPaint> {
  const language = savedLanguage(localStorage);
  const [config, notices] = await Promise.all([
    api("siteConfig", language).catch(() => null),
    api("notices", language, { query: { types: "PU", platform: "W" } }).catch(() => null),
  ]);
  const first = notices?.[0];
  if (!config || config.systemStatus !== 0 || !first) return { config, notices, drawn: false, handOver: () => null };
  let view: PopupPosition | null = { page: 0, selected: first.id };
  let stopListening = () => {};
  const close = () => {
    sessionStorage.setItem(popupClosedKey(popupKind(false, false, false)), "1");
    stopListening();
    container.replaceChildren();
    view = null;
  };
  stopListening = drawDialog(container, notices, language, view, (next) => (view = next), close);
  await new Promise<void>((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
  return {
    config,
    notices,
    drawn: true,
    handOver: () => {
      stopListening();
      return view;
    },
  };
}
