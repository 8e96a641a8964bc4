/** The application, loaded by the page's entry (boot.tsx) into the root it made. */
import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import type { AnnouncementRead } from "@portal/kit";
import { BrowserRouter, createQueryClient, savedLanguage } from "@portal/kit";
import { App, startReads } from "./App";
import { seedPopupNotices } from "./features/content/api";

/** Render the shell into ``root``. With ``popupNotices`` (the visitor's popup the entry already drew), the first
 * render waits for the site's answer, so the popup stays on screen instead of giving way to the loading line. */
export async function startApp(root: Root, popupNotices: AnnouncementRead[] | null): Promise<void> {
  const queries = createQueryClient();
  if (popupNotices) seedPopupNotices(queries, savedLanguage(localStorage), popupNotices);
  const site = startReads(queries, window.location.pathname);
  if (popupNotices) await site;
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App queries={queries} />
      </BrowserRouter>
    </StrictMode>,
  );
}
