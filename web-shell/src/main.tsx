import "./early"; // first: the page's reads start before the rest of the bundle evaluates
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, createQueryClient } from "@portal/kit";
import "@portal/kit/tokens.css";
import { App, startReads } from "./App";
import "./styles.css";

const root = document.getElementById("root");
if (root) {
  const queries = createQueryClient();
  startReads(queries, window.location.pathname);
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <App queries={queries} />
      </BrowserRouter>
    </StrictMode>,
  );
}
