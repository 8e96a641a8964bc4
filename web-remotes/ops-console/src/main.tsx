/** The console's own page at /ops/: its providers (language, query cache, router under /ops), then the console.
 * The member site never loads it. */
import { StrictMode, useEffect, useMemo, useState } from "react";
import { createRoot } from "react-dom/client";
import "@portal/kit/tokens.css";
import type { Language } from "@portal/kit";
import { BrowserRouter, LanguageContext, QueryClientProvider, Route, Routes, createQueryClient, saveLanguage, savedLanguage } from "@portal/kit";
import App from "./App";

const HTML_LANG: Record<Language, string> = { TR: "tr", EN: "en", CN: "zh-CN" };

function Page() {
  const [language, setLanguage] = useState<Language>(() => savedLanguage(localStorage));
  const value = useMemo(
    () => ({
      language,
      setLanguage: (next: Language) => {
        saveLanguage(localStorage, next);
        setLanguage(next);
      },
    }),
    [language],
  );
  const [queries] = useState(createQueryClient);
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[language]; // capitals, hyphens and screen readers follow it
  }, [language]);
  return (
    <QueryClientProvider client={queries}>
      <LanguageContext.Provider value={value}>
        <BrowserRouter basename="/ops">
          <Routes>
            <Route path="/*" element={<App />} />
          </Routes>
        </BrowserRouter>
      </LanguageContext.Provider>
    </QueryClientProvider>
  );
}

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Page />
    </StrictMode>,
  );
}
