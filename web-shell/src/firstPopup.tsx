/** A visitor's public popup drawn before the application has loaded (boot.tsx draws it; the shell's modal host
 * takes it over with the same component, Announcements.tsx). */
import { useEffect } from "react";
import type { Root } from "react-dom/client";
import type { AnnouncementRead, Language } from "@portal/kit";
import { api, savedLanguage } from "@portal/kit/calls";
import { AnnouncementsDialog } from "./features/content/components/Announcements";
import { popupClosedKey, popupKind } from "./features/content/popup";

/** The popup of the first paint; ``onPainted`` once the browser has drawn it (a frame, then a task). */
function FirstPopup({ items, language, onPainted, onClose }: { items: AnnouncementRead[]; language: Language; onPainted: () => void; onClose: () => void }) {
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(onPainted, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [onPainted]);
  return <AnnouncementsDialog items={items} language={language} onClose={onClose} />;
}

/** The visitor's popup notices, drawn into ``root``; resolves with them once painted, or with none when there is
 * nothing to show (no notices, a failed read, or the visitor closed the popup before the application loaded). */
export async function paintFirstPopup(root: Root): Promise<AnnouncementRead[] | null> {
  const language = savedLanguage(localStorage);
  let items: AnnouncementRead[];
  try {
    items = await api("notices", language, { query: { types: "PU", platform: "W" } });
  } catch {
    return null; // the application's popup reads again and reports it
  }
  if (items.length === 0) return null;
  return new Promise((resolve) => {
    const close = () => {
      sessionStorage.setItem(popupClosedKey(popupKind(false, false, false)), "1");
      root.render(null);
      resolve(null);
    };
    root.render(<FirstPopup items={items} language={language} onPainted={() => resolve(items)} onClose={close} />);
  });
}
