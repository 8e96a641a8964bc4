/** Which of the header's drop menus is open (one at a time), how it was opened, and whether the navigation is the
 * phone's panel (menus drop in place there and never open on hover). The layout's main navigation provides it;
 * a feature's entries (the game categories) read it through ``useNavMenus``. */
import { createContext, useContext } from "react";

/** How a drop menu was opened: a hover closes again when the pointer leaves; a click or a key keeps it open. */
export type OpenedBy = "hover" | "click" | "key";

export interface NavMenus {
  openId: string | null;
  openedBy: OpenedBy | null;
  /** The phone's panel: the menus open in place, below their entry, on a tap. */
  compact: boolean;
  open: (id: string, by: OpenedBy) => void;
  /** Close ``id`` if it is the open one (no id: whichever is open). */
  close: (id?: string) => void;
}

export const NavMenusContext = createContext<NavMenus>({
  openId: null,
  openedBy: null,
  compact: false,
  open: () => undefined,
  close: () => undefined,
});

export function useNavMenus(): NavMenus {
  return useContext(NavMenusContext);
}

/** The links and buttons of a drop menu's panel, in order, that a key moves between. */
export function menuItems(panel: HTMLElement | null): HTMLElement[] {
  return Array.from(panel?.querySelectorAll<HTMLElement>("a[href], button:not([disabled])") ?? []);
}

/** The item a key moves focus to from ``current`` (ArrowDown/ArrowUp wrap, Home/End), or null for another key. */
export function itemAfterKey(items: HTMLElement[], current: Element | null, key: string): HTMLElement | null {
  if (items.length === 0) return null;
  const index = items.findIndex((item) => item === current);
  if (key === "Home") return items[0] ?? null;
  if (key === "End") return items[items.length - 1] ?? null;
  if (key === "ArrowDown") return items[(index + 1) % items.length] ?? null;
  if (key === "ArrowUp") return items[index <= 0 ? items.length - 1 : index - 1] ?? null;
  return null;
}
