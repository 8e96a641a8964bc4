/** Standalone development: the remote with its own router and providers (in the portal the shell gives them). */
import { StrictMode, useMemo, useState } from "react";
import { createRoot } from "react-dom/client";
import "@portal/kit/tokens.css";
import type { Language } from "@portal/kit";
import { BrowserRouter, createQueryClient, LanguageContext, QueryClientProvider, Route, Routes, savedLanguage, SessionProvider } from "@portal/kit";
import App from "./App";

function Standalone() {
  const [language, setLanguage] = useState<Language>(() => savedLanguage(localStorage));
  const value = useMemo(() => ({ language, setLanguage }), [language]);
  const [queries] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queries}>
    <LanguageContext.Provider value={value}>
      <SessionProvider>
        <BrowserRouter>
          <Routes>
            <Route path="/agentHome/*" element={<App />} />
            <Route path="*" element={<App />} />
          </Routes>
        </BrowserRouter>
      </SessionProvider>
    </LanguageContext.Provider>
    </QueryClientProvider>
  );
}

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Standalone />
    </StrictMode>,
  );
}
