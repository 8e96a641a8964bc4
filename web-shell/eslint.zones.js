// Import zones of a web package's src/, organised as bulletproof-react does:
//
//   src/features/<feature>/...  a feature: imports its own folder, src/shared and packages (the kit), never the
//                               app layer nor another feature
//   src/shared/...              code the app and the features share: imports src/shared and packages only
//   src/... (everything else)   the app layer (start-up, routes, pages, layout, dialog host, remotes): imports
//                               anything
//
// Written with ESLint's own no-restricted-imports (regex patterns) and no-restricted-syntax (dynamic import()),
// so it needs no plugin. The patterns read the specifier as written, so each depth below a zone's root has its
// own block: from src/features/auth/components/X.tsx, "../../" is src/features and "../../../" is src.

const MAX_DEPTH = 8; // folders below src/features/<feature> (or src/shared) that the blocks cover

const up = (count) => `^(?:\\./)?(?:\\.\\./){${count}}`;

const FEATURE_TO_FEATURE =
  "A feature imports its own folder, src/shared and the kit, never another feature: move what both need to " +
  "src/shared, or compose the two in the app layer (src/pages, src/routes.tsx).";
const FEATURE_TO_APP =
  "A feature never imports the app layer (src outside features/ and shared/): move what it needs to " +
  "src/shared, or pass it in.";
const SHARED_TO_APP =
  "src/shared imports only src/shared and packages (the kit), never the app layer or a feature: pass it in, " +
  "or move the feature's part to src/shared.";
const OUTSIDE_SRC = "Import code outside src through its package (@portal/kit), not by a relative path.";

/** The patterns a file ``depth`` folders below src/features/<feature> may not import. */
function featurePatterns(depth) {
  return [
    { regex: `${up(depth + 1)}(?!\\.\\./)`, message: FEATURE_TO_FEATURE },
    { regex: `${up(depth + 2)}(?!\\.\\./|shared(?:/|$))`, message: FEATURE_TO_APP },
    { regex: up(depth + 3), message: OUTSIDE_SRC },
  ];
}

/** The patterns a file ``depth`` folders below src/shared may not import. */
function sharedPatterns(depth) {
  return [
    { regex: `${up(depth + 1)}(?!\\.\\./|shared(?:/|$))`, message: SHARED_TO_APP },
    { regex: up(depth + 2), message: OUTSIDE_SRC },
  ];
}

/** no-restricted-syntax entries for import("...") with the same patterns (no-restricted-imports skips them);
 * esquery's regular expressions cannot hold a "/", so it is written \x2F. */
function dynamicImports(patterns) {
  return patterns.map(({ regex, message }) => ({
    selector: `ImportExpression > Literal[value=/${regex.replaceAll("/", "\\x2F")}/]`,
    message,
  }));
}

/**
 * Config blocks holding the zones; ``restrictions`` is the package's other no-restricted-imports options (its
 * ``paths``), kept because a later block's options replace an earlier one's.
 */
export function importZones(restrictions = {}) {
  const blocks = [];
  for (let depth = 0; depth <= MAX_DEPTH; depth += 1) {
    const below = "*/".repeat(depth);
    for (const [files, patterns] of [
      [`src/features/*/${below}*.{ts,tsx}`, featurePatterns(depth)],
      [`src/shared/${below}*.{ts,tsx}`, sharedPatterns(depth)],
    ]) {
      blocks.push({
        files: [files],
        rules: {
          "no-restricted-imports": ["error", { ...restrictions, patterns }],
          "no-restricted-syntax": ["error", ...dynamicImports(patterns)],
        },
      });
    }
  }
  return blocks;
}
