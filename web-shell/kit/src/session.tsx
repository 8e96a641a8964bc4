/** The session every part of the web shares: the token in session storage, the member and the balance (both
 * server state in the shared query cache). */
import type { ReactNode } from "react";
import { createContext, useCallback, useContext, useMemo, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { BalanceRead, MemberRead } from "./api.gen";
import { api } from "./client";
import { ApiError, MERCHANT_KEY, TOKEN_KEY, storedToken } from "./envelope";
import { useLanguage } from "./i18n";
import { queryKeys } from "./query";

export const AGENT_TYPES = [1, 2, 41, 42];
export const TRIAL_TYPE = 4;
// A new account's wallet opens a moment after registration (from auth's event): the balance is asked again.
const BALANCE_RETRIES = 10;
const BALANCE_RETRY_MS = 1000;

export interface SessionValue {
  token: string | null;
  member: MemberRead | null;
  balance: BalanceRead | null;
  isLogin: boolean;
  isAgent: boolean;
  isTrial: boolean;
  signIn: (token: string) => Promise<void>;
  signOut: () => Promise<void>;
  refreshBalance: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Keep only the merchant code: logout clears session storage except it (spec §4). */
export function clearSessionStorage(storage: Storage): void {
  const merchant = storage.getItem(MERCHANT_KEY);
  storage.clear();
  if (merchant !== null) storage.setItem(MERCHANT_KEY, merchant);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  const queries = useQueryClient();
  const [token, setToken] = useState<string | null>(() => storedToken());

  const forget = useCallback(() => {
    clearSessionStorage(sessionStorage);
    setToken(null);
    queries.removeQueries({ queryKey: ["member"] });
    queries.removeQueries({ queryKey: ["balance"] });
  }, [queries]);

  const member = useQuery({
    queryKey: queryKeys.member(token),
    enabled: token !== null,
    staleTime: Infinity,
    queryFn: async () => {
      try {
        return await api("memberInfo", language);
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 401) forget(); // an expired or revoked token
        throw failure;
      }
    },
  });
  const balance = useQuery({
    queryKey: queryKeys.balance(token),
    enabled: token !== null,
    queryFn: () => api("walletBalance", language),
    retry: BALANCE_RETRIES,
    retryDelay: BALANCE_RETRY_MS,
  });

  const refreshBalance = useCallback(() => queries.invalidateQueries({ queryKey: ["balance"] }), [queries]);

  const signIn = useCallback(async (next: string) => {
    sessionStorage.setItem(TOKEN_KEY, next);
    setToken(next);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await api("logout", language);
    } finally {
      forget();
    }
  }, [language, forget]);

  const info = member.data ?? null;
  const value = useMemo<SessionValue>(
    () => ({
      token,
      member: token ? info : null,
      balance: token ? (balance.data ?? null) : null,
      isLogin: token !== null && info !== null,
      isAgent: info !== null && AGENT_TYPES.includes(info.type),
      isTrial: info?.type === TRIAL_TYPE,
      signIn,
      signOut,
      refreshBalance,
    }),
    [token, info, balance.data, signIn, signOut, refreshBalance],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (value === null) throw new Error("useSession outside SessionProvider");
  return value;
}
