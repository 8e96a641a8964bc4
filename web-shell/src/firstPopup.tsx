/** A visitor's public popup drawn before the application has loaded (boot.tsx draws it; the shell's modal host
 * takes it over with the same component, Announcements.tsx). */
import { useEffect } from "react";
import type { Root } from "react-dom/client";
import type { AnnouncementRead, Language, SiteConfigRead } from "@portal/kit";
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

/** What the first paint hands to the application: the site's configuration and the popup's notices as it read them
 * (null: not read, or the read failed), and whether it drew the popup. */
export interface FirstPaint {
  config: SiteConfigRead | null;
  notices: AnnouncementRead[] | null;
  drawn: boolean;
}

export const NOTHING_DRAWN: FirstPaint = { config: null, notices: null, drawn: false };

/** Draw the visitor's popup into ``root`` once the site's configuration and the popup's notices have arrived;
 * resolves once it has painted. Nothing is drawn when a read fails (the application asks again and reports it),
 * when there is nothing to announce, when the site is under maintenance or closed to the visitor's region (the
 * application shows that screen instead), or, in effect, when the visitor closes it before the application loads. */
export async function paintFirstPopup(root: Root): Promise<FirstPaint> {
  const language = savedLanguage(localStorage);
  const [config, items] = await Promise.all([
    api("siteConfig", language).catch(() => null),
    api("notices", language, { query: { types: "PU", platform: "W" } }).catch(() => null),
  ]);
  if (!config || config.systemStatus !== 0 || !items || items.length === 0) return { config, notices: items, drawn: false };
  return new Promise((resolve) => {
    const close = () => {
      sessionStorage.setItem(popupClosedKey(popupKind(false, false, false)), "1");
      root.render(null);
      resolve({ config, notices: items, drawn: false });
    };
    root.render(<FirstPopup items={items} language={language} onPainted={() => resolve({ config, notices: items, drawn: true })} onClose={close} />);
  });
}
