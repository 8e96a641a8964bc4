import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import type { Language } from "@portal/kit";
import { QueryClientProvider, keepPreviousData, useQuery } from "@tanstack/react-query";
import { LanguageContext, SessionProvider, api, createQueryClient, saveLanguage, savedLanguage, useLanguage, useSession } from "@portal/kit";
import { Footer } from "./layout/Footer";
import { Header } from "./layout/Header";
import { RightBar } from "./layout/RightBar";
import { FIRST_LOGIN_KEY } from "./features/auth/components/useAfterLogin";
import { popupClosedKey, popupKind } from "./features/content/components/ContentModals";
import { useModal } from "./modals/ModalContext";
import { ModalHost } from "./modals/ModalHost";
import { AppRoutes, ScrollToTop } from "./routes";
import type { SiteValue } from "./site";
import { SiteContext, siteValue } from "./site";
import { MaintenanceScreen, RegionScreen } from "./StatusScreens";
import { text } from "./texts";

/** The public popup, once per session per kind of user unless closed (spec §4); not over /login or /register. */
function StartupPopup() {
  const session = useSession();
  const modal = useModal();
  const { pathname } = useLocation();
  const kind = popupKind(session.isLogin, session.isAgent, session.isTrial);
  const settled = session.token === null || session.member !== null;
  useEffect(() => {
    if (!settled || pathname === "/login" || pathname === "/register") return;
    if (sessionStorage.getItem(popupClosedKey(kind)) || modal.isOpen()) return; // never over another dialog
    const firstLogin = sessionStorage.getItem(FIRST_LOGIN_KEY) === "1";
    sessionStorage.removeItem(FIRST_LOGIN_KEY);
    modal.open({ name: "announcements", firstLogin });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, settled]);
  return null;
}

function Shell() {
  return (
    <div className="app">
      <a className="skip-link" href="#content">
        ↓
      </a>
      <Header />
      <div className="app__body">
        <main id="content" className="app__main">
          <AppRoutes />
        </main>
        <RightBar />
      </div>
      <Footer />
      <ScrollToTop />
      <StartupPopup />
    </div>
  );
}

/** Site config and help load before anything renders; system status 1 and 2 replace the whole app. */
function Boot() {
  const { language } = useLanguage();
  const site = useQuery({
    queryKey: ["site", language],
    queryFn: async () => {
      const [config, help] = await Promise.all([api("siteConfig", language), api("helpCenter", language)]);
      return siteValue(config, help);
    },
    placeholderData: keepPreviousData, // a language change keeps the page until the new texts arrive
  });

  useEffect(() => {
    document.documentElement.lang = language === "CN" ? "zh" : language.toLowerCase();
  }, [language]);

  if (site.isPending) {
    return <p className="loader">{text(language, "loading")}</p>;
  }
  if (!site.data) {
    return (
      <main className="status-screen">
        <p role="alert">{text(language, "loadError")}</p>
        <button type="button" className="kit-button" onClick={() => void site.refetch()}>
          {text(language, "retry")}
        </button>
      </main>
    );
  }
  const value: SiteValue = site.data;
  if (value.config.systemStatus === 1) return <MaintenanceScreen config={value.config} language={language} />;
  if (value.config.systemStatus === 2) return <RegionScreen config={value.config} language={language} />;
  return (
    <SiteContext.Provider value={value}>
      <SessionProvider>
        <ModalHost>
          <Shell />
        </ModalHost>
      </SessionProvider>
    </SiteContext.Provider>
  );
}

export function App() {
  const [language, setLanguageState] = useState<Language>(() => savedLanguage(localStorage));
  const setLanguage = useCallback((next: Language) => {
    saveLanguage(localStorage, next);
    setLanguageState(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  const [queries] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queries}>
      <LanguageContext.Provider value={value}>
        <Boot />
      </LanguageContext.Provider>
    </QueryClientProvider>
  );
}
