/** The page's entry. It starts the first reads (early.ts) and, for a visitor whose public popup is due, draws that
 * popup with the DOM alone as soon as its notices arrive (firstPopup.ts); only then does it load the application
 * (main.tsx: React and the shell), which takes over the same root and keeps the popup open where the visitor left it.
 * The popup is what a first visit sees, and React and the application are nearly all of the page's JavaScript: drawn
 * by them, the popup waited for all of it. */
import "./early";
import "@portal/kit/tokens.css";
import "./styles.css";
import { storedToken } from "@portal/kit/calls";
import { visitorPopupAtStart } from "./features/content/popup";
import { NOTHING_DRAWN, paintFirstPopup } from "./firstPopup";

const container = document.getElementById("root");
if (container) {
  const painted = visitorPopupAtStart(storedToken(), sessionStorage, window.location.pathname) ? paintFirstPopup(container) : Promise.resolve(NOTHING_DRAWN);
  void painted.then(async (first) => {
    const { startApp } = await import("./main");
    await startApp(container, first);
  });
}
