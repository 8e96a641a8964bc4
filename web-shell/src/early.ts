/** The shell's first script (its own entry, injected at the top of index.html by vite.config.ts): starts the
 * page's reads at once, before the application's bundle has loaded. main.tsx imports it too, so the dev server
 * and the tests run the same path; it runs once either way. */
import { startFirstReads } from "./firstReads";

startFirstReads(window.location.pathname);
