/** One entry of the header's navigation with a drop menu (the disclosure pattern of the WAI-ARIA practices): a
 * button with aria-expanded opens its panel of links. Enter and Space toggle it; ArrowDown and ArrowUp open it
 * on its first or last link and move between its links (Home, End too); Escape closes it and gives focus back to
 * the button; focus leaving it closes it. A mouse opens it on hover on a desktop; a tap toggles it. */
import type { KeyboardEvent, PointerEvent, ReactNode } from "react";
import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { itemAfterKey, menuItems, useNavMenus } from "./navMenus";

const HOVER_CLOSE_MS = 200;
const EDGE = 8;

interface DropMenuProps {
  id: string;
  label: ReactNode;
  /** The entry of the page shown (its button is marked like an active link). */
  active?: boolean;
  /** A wider panel (the lottery's games by family). */
  wide?: boolean;
  children: ReactNode;
}

/** The panel's ref, keeping an open panel inside the window: shifted left when it would pass the right edge. */
function useInsideWindow(shown: boolean) {
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const node = panel.current;
    if (!node || !shown) return;
    const place = () => {
      node.style.left = "";
      const rect = node.getBoundingClientRect();
      const right = document.documentElement.clientWidth - EDGE;
      const shift = rect.right > right ? Math.max(EDGE - rect.left, right - rect.right) : 0;
      if (shift) node.style.left = `${shift}px`;
    };
    place();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(place);
    observer.observe(node);
    return () => observer.disconnect();
  }, [shown]);
  return panel;
}

export function DropMenu({ id, label, active = false, wide = false, children }: DropMenuProps) {
  const menus = useNavMenus();
  const panelId = `drop-menu-${useId().replaceAll(":", "")}`;
  const button = useRef<HTMLButtonElement>(null);
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const hoverTimer = useRef<number | undefined>(undefined);
  const isOpen = menus.openId === id;
  const panel = useInsideWindow(isOpen && !menus.compact);

  useEffect(() => {
    if (!isOpen || !focusOnOpen.current) return;
    const items = menuItems(panel.current);
    const item = focusOnOpen.current === "first" ? items[0] : items[items.length - 1];
    (item ?? panel.current)?.focus();
    focusOnOpen.current = null;
  }, [isOpen, panel]);
  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  const closeToButton = () => {
    menus.close(id);
    button.current?.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    focusOnOpen.current = event.key === "ArrowDown" ? "first" : "last";
    if (isOpen) {
      const items = menuItems(panel.current);
      (event.key === "ArrowDown" ? items[0] : items[items.length - 1])?.focus();
      focusOnOpen.current = null;
    } else menus.open(id, "key");
  };
  const onPanelKey = (event: KeyboardEvent) => {
    const next = itemAfterKey(menuItems(panel.current), document.activeElement, event.key);
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape" && isOpen) {
      event.stopPropagation();
      closeToButton();
    }
  };
  const onClick = () => {
    if (isOpen && menus.openedBy === "hover") menus.open(id, "click");
    else if (isOpen) menus.close(id);
    else menus.open(id, "click");
  };
  const hover = (event: PointerEvent, entering: boolean) => {
    if (event.pointerType !== "mouse" || menus.compact) return;
    window.clearTimeout(hoverTimer.current);
    if (entering && !isOpen) menus.open(id, "hover");
    else if (!entering && isOpen && menus.openedBy === "hover") hoverTimer.current = window.setTimeout(() => menus.close(id), HOVER_CLOSE_MS);
  };

  return (
    <div
      className={`drop-menu${isOpen ? " drop-menu--open" : ""}`}
      onKeyDown={onKey}
      onPointerEnter={(event) => hover(event, true)}
      onPointerLeave={(event) => hover(event, false)}
      onBlur={(event) => {
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) menus.close(id);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`main-nav__button drop-menu__button${active ? " active" : ""}`}
        aria-expanded={isOpen}
        aria-controls={panelId}
        data-nav-top=""
        onClick={onClick}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className="drop-menu__caret" aria-hidden="true" />
      </button>
      <div ref={panel} id={panelId} className={`drop-menu__panel${wide ? " drop-menu__panel--wide" : ""}`} hidden={!isOpen} tabIndex={-1} onKeyDown={onPanelKey}>
        {isOpen && children}
      </div>
    </div>
  );
}
