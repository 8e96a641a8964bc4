import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

const here = (path: string) => decodeURIComponent(new URL(path, import.meta.url).pathname);

/** src/early.ts as its own small entry, loaded first in the page's head: it starts the first page's reads while
 * the rest still downloads and evaluates (boot.ts imports it too, so it runs once). */
function earlyReads(): Plugin {
  return {
    name: "portal-early-reads",
    apply: "build",
    config: () => ({ build: { rolldownOptions: { input: { index: here("index.html"), early: here("src/early.ts") } } } }),
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const early = Object.values(context.bundle ?? {}).find((item) => item.type === "chunk" && item.isEntry && item.name === "early");
        if (!early) throw new Error("the early entry (src/early.ts) is missing from the bundle");
        return [{ tag: "script", attrs: { type: "module", crossorigin: true, src: `/${early.fileName}` }, injectTo: "head-prepend" }];
      },
    },
  };
}

// The Module Federation host is made at run time, when a page first needs a remote (src/remotes/federation.ts),
// so the first load is a plain, tree-shaken bundle: no federation runtime and no whole shared packages.
export default defineConfig({
  plugins: [react(), earlyReads()],
  build: {
    outDir: "dist",
    sourcemap: true,
    target: "es2022",
    // The games' drawings (tiles' art, slot symbols, cards, vendor marks) as one chunk: split by the bundler among the
    // pages that share them, the first page loaded three, each with its own overhead.
    rolldownOptions: { output: { advancedChunks: { groups: [{ name: "game-art", test: /features[\\/]games[\\/](art[\\/](?!names\.)|components[\\/]GameArt\.tsx)/ }] } } },
  },
  server: { proxy: { "/wps": "http://127.0.0.1:8080", "/lgw": "http://127.0.0.1:8080", "/remotes": "http://127.0.0.1:8080" } },
  test: { environment: "jsdom", include: ["src/**/*.test.tsx", "src/**/*.test.ts"] },
});
