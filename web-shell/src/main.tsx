/** The application, loaded by the page's entry (boot.tsx) into the root it made. */
import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import { BrowserRouter, createQueryClient, savedLanguage } from "@portal/kit";
import { App, startReads } from "./App";
import { seedPopupNotices } from "./features/content/api";
import type { FirstPaint } from "./firstPopup";

/** Render the shell into ``root``, taking what the first paint read. With the popup it drew, the first render waits
 * for the site's answer, so the popup stays on screen instead of giving way to the loading line. */
export async function startApp(root: Root, first: FirstPaint): Promise<void> {
  const queries = createQueryClient();
  if (first.notices) seedPopupNotices(queries, savedLanguage(localStorage), first.notices); // read once, drawn or not
  const site = startReads(queries, window.location.pathname, first.config);
  if (first.drawn) await site;
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App queries={queries} />
      </BrowserRouter>
    </StrictMode>,
  );
}
