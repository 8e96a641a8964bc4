import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The Module Federation host is made at run time, when a page first needs a remote (src/remotes/federation.ts),
// so the first load is a plain, tree-shaken bundle: no federation runtime and no whole shared packages.
export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: true, target: "es2022" },
  server: { proxy: { "/wps": "http://127.0.0.1:8080", "/lgw": "http://127.0.0.1:8080", "/remotes": "http://127.0.0.1:8080" } },
  test: { environment: "jsdom", include: ["src/**/*.test.tsx", "src/**/*.test.ts"] },
});
