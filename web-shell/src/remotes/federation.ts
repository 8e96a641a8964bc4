/** The Module Federation host, made only when a page first needs a remote (this module is its own chunk, so
 * the home page never downloads the federation runtime). The shell offers the remotes its own React, React DOM
 * and kit as singletons (the kit carries the router and the query cache), so a remote renders inside the
 * shell's tree with its session, language and styles. */
import * as React from "react";
import * as ReactDOM from "react-dom";
import * as ReactDOMClient from "react-dom/client";
import * as JSXRuntime from "react/jsx-runtime";
import * as kit from "@portal/kit";
import { createInstance } from "@module-federation/runtime";
import { version as kitVersion } from "../../kit/package.json";

function singleton(version: string, lib: () => unknown) {
  return { version, lib, shareConfig: { singleton: true, requiredVersion: `^${version}` } };
}

export const host = createInstance({
  name: "shell",
  remotes: [],
  shared: {
    react: singleton(React.version, () => React),
    "react/jsx-runtime": singleton(React.version, () => JSXRuntime),
    "react-dom": singleton(ReactDOM.version, () => ReactDOM),
    "react-dom/client": singleton(ReactDOM.version, () => ReactDOMClient),
    "@portal/kit": singleton(kitVersion, () => kit),
  },
});
