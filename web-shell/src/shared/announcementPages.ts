/** How announcements are paged, without React: the shell's dialogs and the page's first paint (src/firstPopup.ts)
 * page them alike. */

/** Notices a page of the public popup. */
export const POPUP_PAGE = 6;

/** What a paged list shows: its page (from 0) and the notice opened on it, if any. */
export interface PopupPosition {
  page: number;
  selected: number | null;
}

export function pageCount(items: number, pageSize: number): number {
  return Math.max(1, Math.ceil(items / pageSize));
}
