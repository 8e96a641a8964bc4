/** The ops session: the console's own (never the member's token), held by this page alone in sessionStorage under its
 * own key, sent by every call of the console through the generated client. It ends on logout, when the server
 * answers 401 (30 minutes without use, or ended elsewhere), and at the expiry the login gave. */
import type { ReactNode } from "react";
import { createContext, useCallback, useContext, useMemo, useState } from "react";
import type { OperationArgs, OperationId, OperationResponse, OpsSessionRead } from "@portal/kit";
import { ApiError, api, useLanguage } from "@portal/kit";

export const SESSION_KEY = "opsSession";
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

export function OpsSessionProvider({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const [session, setSession] = useState<OpsSession | null>(() => storedSession(sessionStorage));
  const [ended, setEnded] = useState(false);
  const [brand, setBrand] = useState(() => sessionStorage.getItem("opsBrand") ?? firstBrand(session));

  const clear = useCallback((byServer: boolean) => {
    sessionStorage.removeItem(SESSION_KEY);
    setSession(null);
    setEnded(byServer);
  }, []);

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
      setBrand: (code) => {
        sessionStorage.setItem("opsBrand", code);
        setBrand(code);
      },
      signIn: (read) => {
        const next = sessionOf(read);
        sessionStorage.setItem(SESSION_KEY, JSON.stringify(next));
        setSession(next);
        setEnded(false);
        if (!brand || !(next.merchants.includes(brand) || allBrands(next))) setBrand(firstBrand(next));
      },
      signOut: async () => {
        try {
          if (session) await api("opsLogout", language, { token: session.token });
        } finally {
          clear(false);
        }
      },
      call,
    }),
    [session, ended, brand, call, clear, language],
  );
  return <OpsContext.Provider value={value}>{children}</OpsContext.Provider>;
}

export function useOps(): OpsValue {
  const value = useContext(OpsContext);
  if (!value) throw new Error("useOps outside OpsSessionProvider");
  return value;
}
