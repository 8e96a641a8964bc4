/** The shell's first script (its own entry, injected at the top of index.html by vite.config.ts): starts the
 * page's reads at once, before the rest has loaded. boot.ts imports it too, so the dev server and the tests run the
 * same path; it runs once either way. Unless a visitor's popup is about to be drawn first (boot.ts), it also
 * starts loading the application, so its download and compilation run alongside React's. */
import { storedToken } from "@portal/kit/calls";
import { visitorPopupAtStart } from "./features/content/popup";
import { startFirstReads } from "./firstReads";

startFirstReads(window.location.pathname);
if (!visitorPopupAtStart(storedToken(), sessionStorage, window.location.pathname)) void import("./main");
