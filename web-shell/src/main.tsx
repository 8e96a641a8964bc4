/** The application, loaded by the page's entry (boot.ts) once the first paint is done. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, createQueryClient, savedLanguage } from "@portal/kit";
import { App, startReads } from "./App";
import { seedPopupNotices } from "./features/content/api";
import type { FirstPaint } from "./firstPopup";

/** Render the shell into ``container``, taking what the first paint read and the popup it drew (its markup is
 * replaced by the same markup from React, at the same view). With that popup on screen, the first render waits for the
 * site's answer, so the popup stays instead of giving way to the loading line. */
export async function startApp(container: HTMLElement, first: FirstPaint): Promise<void> {
  const queries = createQueryClient();
  if (first.notices) seedPopupNotices(queries, savedLanguage(localStorage), first.notices); // read once, drawn or not
  const site = startReads(queries, window.location.pathname, first.config);
  if (first.drawn) await site;
  const popupView = first.handOver();
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <App queries={queries} popupView={popupView} />
      </BrowserRouter>
    </StrictMode>,
  );
}
