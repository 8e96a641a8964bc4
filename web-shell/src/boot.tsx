/** The page's entry. It starts the first reads (early.ts) and, for a visitor whose public popup is due, draws that
 * popup with React as soon as its notices arrive (firstPopup.tsx); only then does it load the application
 * (main.tsx), which takes over the same root and keeps the popup open. The popup is what a first visit sees, and the
 * application's code is most of the page's JavaScript: drawn by the application, the popup waited for all of it. */
import "./early";
import "@portal/kit/tokens.css";
import "./styles.css";
import { createRoot } from "react-dom/client";
import { storedToken } from "@portal/kit/calls";
import { visitorPopupAtStart } from "./features/content/popup";
import { NOTHING_DRAWN, paintFirstPopup } from "./firstPopup";

const container = document.getElementById("root");
if (container) {
  const root = createRoot(container);
  const drawn = visitorPopupAtStart(storedToken(), sessionStorage, window.location.pathname) ? paintFirstPopup(root) : Promise.resolve(NOTHING_DRAWN);
  void drawn.then(async (first) => {
    const { startApp } = await import("./main");
    await startApp(root, first);
  });
}
