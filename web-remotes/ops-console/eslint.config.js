import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { importZones } from "../../web-shell/eslint.zones.js";

// One router and one query cache on the page: they reach the shell and the remotes through the kit (a federation
// singleton that re-exports them), never from their packages directly.
const THROUGH_THE_KIT = {
  paths: ["react-router", "react-router-dom", "@tanstack/react-query"].map((name) => ({
    name,
    message: "Import it from @portal/kit (kit/src/routing.ts, kit/src/query.ts), so the page keeps one copy.",
  })),
};

export default tseslint.config(
  { ignores: ["dist", "node_modules"] },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.strict],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, "no-restricted-imports": ["error", THROUGH_THE_KIT] },
  },
  // Features import the kit and src/shared, never the app layer or another feature (the shell's eslint.zones.js).
  ...importZones(THROUGH_THE_KIT),
);
