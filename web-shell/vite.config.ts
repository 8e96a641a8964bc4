import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The Module Federation host: remotes come from /remotes.json at run time (src/remotes); React, the router,
// the query cache and the kit are shared singletons so a remote uses the shell's copies (its session, language, styles).
export const SHARED = {
  react: { singleton: true, requiredVersion: "19.3.1" },
  "react-dom": { singleton: true, requiredVersion: "19.3.1" },
  "react-router": { singleton: true, requiredVersion: "7.18.0" },
  "@tanstack/react-query": { singleton: true, requiredVersion: "5.108.0" },
  "@portal/kit": { singleton: true, requiredVersion: "0.1.0" },
};

export default defineConfig(({ mode }) => ({
  plugins: [react(), ...(mode === "test" ? [] : [federation({ name: "shell", remotes: {}, shared: SHARED, dts: false })])],
  build: { outDir: "dist", sourcemap: true, target: "es2022" },
  server: { proxy: { "/wps": "http://127.0.0.1:8080", "/lgw": "http://127.0.0.1:8080", "/remotes": "http://127.0.0.1:8080" } },
  test: { environment: "jsdom", include: ["src/**/*.test.tsx", "src/**/*.test.ts"] },
}));
