import type { ComponentType, ErrorInfo, ReactNode } from "react";
import { Component, useEffect, useState } from "react";
import { useLanguage } from "@portal/kit";
import { NotAvailable } from "../pages/Simple";
import { text } from "../shared/texts";
import { REMOTE_TIMEOUT_MS, loadManifest, withTimeout } from "./manifest";

type State = { state: "loading" } | { state: "absent" } | { state: "failed" } | { state: "ready"; App: ComponentType };

function RemoteFailed() {
  const { language } = useLanguage();
  return (
    <section className="not-available" role="alert" data-testid="remote-failed">
      <h1>{text(language, "remoteFailed")}</h1>
    </section>
  );
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("remote crashed", error, info.componentStack);
  }
  override render() {
    return this.state.failed ? <RemoteFailed /> : this.props.children;
  }
}

/** A federated remote's ``./App``: absent from the manifest → "not available yet"; failing to load within
 * 120 s, or crashing → the translated fallback, while the rest of the shell keeps working. */
export function RemoteApp({ name }: { name: string }) {
  const { language } = useLanguage();
  const [load, setLoad] = useState<State>({ state: "loading" });

  useEffect(() => {
    let live = true;
    void (async () => {
      const manifest = await loadManifest();
      const remote = manifest[name];
      if (!remote) {
        if (live) setLoad({ state: "absent" });
        return;
      }
      try {
        const module = await withTimeout(
          import("./federation").then(({ host }) => {
            host.registerRemotes([{ name, entry: remote.entry, type: "module" }]);
            return host.loadRemote<{ default: ComponentType }>(`${name}/App`);
          }),
          REMOTE_TIMEOUT_MS,
        );
        if (!module?.default) throw new Error(`${name}/App has no default export`);
        if (live) setLoad({ state: "ready", App: module.default });
      } catch (error) {
        console.error(`remote ${name} failed to load`, error);
        if (live) setLoad({ state: "failed" });
      }
    })();
    return () => {
      live = false;
    };
  }, [name]);

  if (load.state === "loading") return <p className="loader">{text(language, "loading")}</p>;
  if (load.state === "absent") return <NotAvailable />;
  if (load.state === "failed") return <RemoteFailed />;
  const { App } = load;
  return (
    <Boundary>
      <App />
    </Boundary>
  );
}
