import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The operators' console: its own page at /ops/ (index.html, with its own login: never the member site's, which
// does not list it in /remotes.json), built as a Module Federation remote exposing ./App like the other remotes,
// with the same singletons (React, React DOM, the kit carrying the router and the query cache).
const SHARED = {
  react: { singleton: true, requiredVersion: "^19.3.1" },
  "react-dom": { singleton: true, requiredVersion: "^19.3.1" },
  "@portal/kit": { singleton: true, requiredVersion: "^0.1.0" },
};

export default defineConfig(({ mode }) => ({
  base: "/ops/",
  plugins: [
    react(),
    ...(mode === "test"
      ? []
      : [federation({ name: "opsConsole", filename: "remoteEntry.js", exposes: { "./App": "./src/App.tsx" }, shared: SHARED, dts: false })]),
  ],
  build: { outDir: "dist", sourcemap: true, target: "es2022" },
  server: { port: 5176, proxy: { "/wps": "http://127.0.0.1:8080" } },
  test: { environment: "jsdom", include: ["src/**/*.test.tsx", "src/**/*.test.ts"] },
}));
