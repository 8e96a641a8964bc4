import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import type { Language, SiteConfigRead } from "@portal/kit";
import type { QueryClient } from "@portal/kit";
import {
  api,
  createQueryClient,
  keepPreviousData,
  LanguageContext,
  QueryClientProvider,
  savedLanguage,
  saveLanguage,
  SessionProvider,
  storedToken,
  useLanguage,
  useLocation,
  useQuery,
  useSession,
} from "@portal/kit";
import { Footer } from "./layout/Footer";
import { Header } from "./layout/Header";
import { RightBar } from "./layout/RightBar";
import { LiveToasts } from "./features/notifications/components/LiveToasts";
import { takeResetToken } from "./features/auth/api";
import { FIRST_LOGIN_KEY } from "./features/auth/components/useAfterLogin";
import type { PopupPosition } from "./shared/announcementPages";
import { NO_POPUP_PATHS, popupClosedKey, popupKind, visitorPopupAtStart, visitorPopupDue } from "./features/content/popup";
import type { Modal } from "./shared/ModalContext";
import { useModal } from "./shared/ModalContext";
import { ModalHost } from "./modals/ModalHost";
import { HOME_PATHS } from "./firstReads";

// shown only while the brand is closed (maintenance) or closed to the visitor's region: their own chunk
const MaintenanceScreen = lazy(() => import("./StatusScreens").then((module) => ({ default: module.MaintenanceScreen })));
const RegionScreen = lazy(() => import("./StatusScreens").then((module) => ({ default: module.RegionScreen })));
import { AppRoutes, ScrollToTop } from "./routes";
import { prefetchHome } from "./features/content/api";
import { prefetchGames } from "./features/games/api";
import type { SiteValue } from "./shared/site";
import { SiteContext, siteValue } from "./shared/site";
import { text } from "./shared/texts";

/** The e-mailed reset link opens its dialog, on arrival or when pasted into an open page (a fragment change). */
function ResetLinkDialog() {
  const modal = useModal();
  useEffect(() => {
    const openIfLinked = () => {
      const token = takeResetToken(window.location, window.history);
      if (token) modal.open({ name: "resetPassword", token });
    };
    openIfLinked();
    window.addEventListener("hashchange", openIfLinked);
    return () => window.removeEventListener("hashchange", openIfLinked);
  }, [modal]);
  return null;
}

/** The public popup, once per session per kind of user unless closed (spec §4); not over /login or /register.
 * A visitor's opens with the first render (Boot); this opens it after a login, a logout or a session's check. */
function StartupPopup() {
  const session = useSession();
  const modal = useModal();
  const { pathname } = useLocation();
  const kind = popupKind(session.isLogin, session.isAgent, session.isTrial);
  const settled = session.token === null || session.member !== null;
  useEffect(() => {
    if (!settled || NO_POPUP_PATHS.includes(pathname)) return;
    if (sessionStorage.getItem(popupClosedKey(kind)) || modal.isOpen()) return; // never over another dialog
    const firstLogin = sessionStorage.getItem(FIRST_LOGIN_KEY) === "1";
    sessionStorage.removeItem(FIRST_LOGIN_KEY);
    modal.open({ name: "announcements", firstLogin });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, settled]);
  return null;
}

/** With a dialog open from the start (a visitor's popup), the page behind it renders just after the dialog has
 * painted: the dialog is what the visitor reads first, and the page is most of the first render's work. */
function Shell({ behindDialog }: { behindDialog: boolean }) {
  const pageShown = useDeferredValue(true, !behindDialog);
  if (!pageShown) return null;
  return (
    <div className="app">
      <a className="skip-link" href="#content">
        ↓
      </a>
      <Header />
      <LiveToasts />
      <div className="app__body">
        <main id="content" className="app__main">
          <AppRoutes />
        </main>
        <RightBar />
      </div>
      <Footer />
      <ScrollToTop />
      <ResetLinkDialog />
      <StartupPopup />
    </div>
  );
}

/** The site's configuration and help; ``config`` when it has been read already (by the page's first paint). */
function siteQuery(language: string, config: SiteConfigRead | null = null) {
  return {
    queryKey: ["site", language],
    queryFn: async () => {
      const [read, help] = await Promise.all([config ?? api("siteConfig", language), api("helpCenter", language)]);
      return siteValue(read, help);
    },
  };
}

/** Put the first page's reads in the query cache before React renders anything: the same reads as
 * startFirstReads (firstReads.ts), whose answers, already on their way, these queries take. Resolves once the
 * site's read has settled; ``config``, when the page's first paint read it already. */
export function startReads(queries: QueryClient, pathname: string, config: SiteConfigRead | null = null): Promise<void> {
  const language = savedLanguage(localStorage);
  const site = queries.prefetchQuery(siteQuery(language, config));
  if (HOME_PATHS.includes(pathname)) {
    prefetchHome(queries, language, visitorPopupDue(storedToken(), sessionStorage));
    prefetchGames(queries, language);
  }
  return site;
}

/** Site config and help load before anything renders; system status 1 and 2 replace the whole app. ``popupView``:
 * where the visitor left the popup the page's first paint drew. */
function Boot({ popupView }: { popupView: PopupPosition | null }) {
  const { language } = useLanguage();
  const { pathname } = useLocation();
  const [startDialog] = useState<Modal | null>(() =>
    visitorPopupAtStart(storedToken(), sessionStorage, pathname)
      ? { name: "announcements", firstLogin: false, ...(popupView ? { view: popupView } : {}) }
      : null,
  );
  const site = useQuery({
    ...siteQuery(language),
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
  if (value.config.systemStatus === 1) return <Suspense fallback={null}><MaintenanceScreen config={value.config} language={language} /></Suspense>;
  if (value.config.systemStatus === 2) return <Suspense fallback={null}><RegionScreen config={value.config} language={language} /></Suspense>;
  return (
    <SiteContext.Provider value={value}>
      <SessionProvider>
        <ModalHost initial={startDialog}>
          <Shell behindDialog={startDialog !== null} />
        </ModalHost>
      </SessionProvider>
    </SiteContext.Provider>
  );
}

/** The whole shell; ``queries`` is the query client the first reads were started on (startReads), ``popupView`` the
 * view of the popup the page's first paint drew (main.tsx). */
export function App({ queries: started, popupView = null }: { queries?: QueryClient; popupView?: PopupPosition | null }) {
  const [queries] = useState(() => started ?? createQueryClient());
  const [language, setLanguageState] = useState<Language>(() => savedLanguage(localStorage));
  const setLanguage = useCallback((next: Language) => {
    saveLanguage(localStorage, next);
    setLanguageState(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return (
    <QueryClientProvider client={queries}>
      <LanguageContext.Provider value={value}>
        <Boot popupView={popupView} />
      </LanguageContext.Provider>
    </QueryClientProvider>
  );
}
