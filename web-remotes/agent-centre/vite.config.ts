import { federation } from "@module-federation/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// A Module Federation remote exposing ./App, served under /remotes/agent-centre/ (base and serving agree).
// React, React DOM and the kit (which carries the router and the query cache) come from the shell at run time
// (singletons), so the remote uses the shell's session, language and styles; `npm run dev -w web-remotes/agent-centre` runs it alone for development.
const SHARED = {
  react: { singleton: true, requiredVersion: "^19.3.1" },
  "react-dom": { singleton: true, requiredVersion: "^19.3.1" },
  "@portal/kit": { singleton: true, requiredVersion: "^0.1.0" },
};

export default defineConfig(({ mode }) => ({
  base: "/remotes/agent-centre/",
  plugins: [
    react(),
    ...(mode === "test"
      ? []
      : [federation({ name: "agentCentre", filename: "remoteEntry.js", exposes: { "./App": "./src/App.tsx" }, shared: SHARED, dts: false })]),
  ],
  build: { outDir: "dist", sourcemap: true, target: "es2022" },
  server: { port: 5175, proxy: { "/wps": "http://127.0.0.1:8080" } },
  test: { environment: "jsdom", include: ["src/**/*.test.tsx", "src/**/*.test.ts"] },
}));
