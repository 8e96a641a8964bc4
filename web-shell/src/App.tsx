import { useEffect, useState } from "react";
import { Link, Route, Routes } from "react-router";
import { call } from "./api";
import { Home } from "./Home";
import type { Language } from "./i18n";
import { SUPPORTED, saveLanguage, savedLanguage, text } from "./i18n";
import { MaintenanceScreen, RegionScreen } from "./StatusScreens";
import type { HelpTopic, SiteConfig } from "./types";

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; config: SiteConfig; help: HelpTopic[] };

/** Site config loads before anything renders; system status 1 and 2 replace the whole app (spec §2). */
export function App() {
  const [language, setLanguage] = useState<Language>(() => savedLanguage(localStorage));
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    document.documentElement.lang = language === "CN" ? "zh" : language.toLowerCase();
    let live = true;
    Promise.all([
      call<SiteConfig>("/wps/system/config", language),
      call<HelpTopic[]>("/wps/system/helpCenter", language),
    ]).then(
      ([config, help]) => live && setLoad({ state: "ready", config, help }),
      () => live && setLoad({ state: "failed" }),
    );
    return () => {
      live = false;
    };
  }, [language, attempt]);

  if (load.state === "loading") {
    return <p className="loader">{text(language, "loading")}</p>;
  }
  if (load.state === "failed") {
    return (
      <main className="status-screen">
        <p role="alert">{text(language, "loadError")}</p>
        <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
          {text(language, "retry")}
        </button>
      </main>
    );
  }
  const { config, help } = load;
  if (config.systemStatus === 1) return <MaintenanceScreen config={config} language={language} />;
  if (config.systemStatus === 2) return <RegionScreen config={config} language={language} />;

  const choose = (next: Language) => {
    saveLanguage(localStorage, next);
    setLanguage(next);
  };

  return (
    <div className="app">
      <header className="header">
        <Link to="/" className="brand">
          {config.name}
        </Link>
        <label>
          <span className="visually-hidden">{text(language, "language")}</span>
          <select value={language} onChange={(event) => choose(event.target.value as Language)} aria-label={text(language, "language")}>
            {SUPPORTED.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
      </header>
      <main>
        <Routes>
          {["/", "/index", "/index.html", "/home"].map((path) => (
            <Route key={path} path={path} element={<Home language={language} />} />
          ))}
          <Route
            path="*"
            element={
              <section className="not-available">
                <p>{text(language, "notAvailable")}</p>
                <Link to="/">{text(language, "backHome")}</Link>
              </section>
            }
          />
        </Routes>
      </main>
      <footer className="footer">
        <nav aria-label={text(language, "help")}>
          {help.map((topic) => (
            <a key={topic.key} href={`/help#${topic.key}`}>
              {topic.title}
            </a>
          ))}
        </nav>
        <p>{config.description}</p>
        <small>{config.copyright}</small>
      </footer>
    </div>
  );
}
