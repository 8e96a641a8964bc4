/** The ops session: the console's own (never the member's token), kept in the tab's sessionStorage under its own key
 * (the origin's scripts share it: the console is served from the portal's origin, so the member site in the same tab
 * could read it; an origin of its own would separate them), sent by every call of the console through the generated
 * client. It ends on sign-out, when the server answers 401 (ended elsewhere), and at the expiry the login gave
 * (30 minutes: the server's session does not slide); ending it forgets every answer the console holds. */
import type { ReactNode } from "react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { OperationArgs, OperationId, OperationResponse, OpsSessionRead } from "@portal/kit";
import { ApiError, api, useLanguage, useQueryClient } from "@portal/kit";
import "./operations";

export const SESSION_KEY = "opsSession";
export const BRAND_KEY = "opsBrand";
const ALL_BRANDS = "*";

export interface OpsSession {
  token: string;
  username: string;
  roles: string[];
  merchants: string[];
  expiresAt: number;
}

export type OpsRole = "viewer" | "content" | "finance-maker" | "finance-checker" | "admin";

/** As the server decides: granted ``role`` or admin; any role grants viewer (every role may read). */
export function holds(session: OpsSession | null, role: OpsRole): boolean {
  if (!session || session.roles.length === 0) return false;
  return role === "viewer" || session.roles.includes(role) || session.roles.includes("admin");
}

/** Whether the session's brands are every brand (then the brand is typed, not picked). */
export function allBrands(session: OpsSession | null): boolean {
  return !!session && session.merchants.includes(ALL_BRANDS);
}

export function storedSession(storage: Storage, now = Date.now()): OpsSession | null {
  try {
    const value = JSON.parse(storage.getItem(SESSION_KEY) ?? "null") as OpsSession | null;
    return value && typeof value.token === "string" && value.expiresAt > now ? value : null;
  } catch {
    return null;
  }
}

export function sessionOf(read: OpsSessionRead, now = Date.now()): OpsSession {
  return { token: read.token, username: read.username, roles: read.roles, merchants: read.merchants, expiresAt: now + read.expiresIn * 1000 };
}

interface OpsValue {
  session: OpsSession | null;
  /** Why the last session ended, when the server ended it (shown on the login page). */
  ended: boolean;
  brand: string;
  setBrand: (code: string) => void;
  signIn: (read: OpsSessionRead) => void;
  signOut: () => Promise<void>;
  call: <Id extends OperationId>(id: Id, args?: OperationArgs<Id>) => Promise<OperationResponse[Id]>;
}

const OpsContext = createContext<OpsValue | null>(null);

function firstBrand(session: OpsSession | null): string {
  const named = session?.merchants.find((code) => code !== ALL_BRANDS);
  return named ?? "";
}

/** The brand a session works on: the one chosen before if the session may act for it, else its first. */
export function brandFor(session: OpsSession | null, chosen: string | null): string {
  if (session && chosen && (session.merchants.includes(chosen) || allBrands(session))) return chosen;
  return firstBrand(session);
}

export function OpsSessionProvider({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const queries = useQueryClient();
  const [session, setSession] = useState<OpsSession | null>(() => storedSession(sessionStorage));
  const [ended, setEnded] = useState(false);
  const [brand, setBrand] = useState(() => brandFor(session, sessionStorage.getItem(BRAND_KEY)));

  const choose = useCallback((code: string) => {
    sessionStorage.setItem(BRAND_KEY, code);
    setBrand(code);
  }, []);

  const clear = useCallback(
    (byServer: boolean) => {
      sessionStorage.removeItem(SESSION_KEY);
      sessionStorage.removeItem(BRAND_KEY);
      setSession(null);
      setEnded(byServer);
      queries.clear(); // nothing of what this person read stays for the next one
    },
    [queries],
  );

  useEffect(() => {
    if (!session) return undefined;
    const timer = setTimeout(() => clear(true), Math.max(0, session.expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [session, clear]);

  const call = useCallback(
    async <Id extends OperationId>(id: Id, args: OperationArgs<Id> = {}): Promise<OperationResponse[Id]> => {
      if (!session || session.expiresAt <= Date.now()) {
        clear(!!session);
        throw new ApiError("ops.session_required", "", 401);
      }
      try {
        return await api(id, language, { ...args, token: session.token });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) clear(true);
        throw error;
      }
    },
    [session, language, clear],
  );

  const value = useMemo<OpsValue>(
    () => ({
      session,
      ended,
      brand,
      setBrand: choose,
      signIn: (read) => {
        const next = sessionOf(read);
        sessionStorage.setItem(SESSION_KEY, JSON.stringify(next));
        setSession(next);
        setEnded(false);
        choose(brandFor(next, brand));
      },
      signOut: async () => {
        const token = session?.token;
        clear(false); // the screen empties at once, whatever the network does
        if (token) await api("opsLogout", language, { token }).catch(() => undefined);
      },
      call,
    }),
    [session, ended, brand, call, clear, choose, language],
  );
  return <OpsContext.Provider value={value}>{children}</OpsContext.Provider>;
}

export function useOps(): OpsValue {
  const value = useContext(OpsContext);
  if (!value) throw new Error("useOps outside OpsSessionProvider");
  return value;
}
