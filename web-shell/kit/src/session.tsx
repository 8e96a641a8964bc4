/** The session every part of the web shares: the token in session storage, the member, the balance. */
import type { ReactNode } from "react";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { api } from "./client";
import { MERCHANT_KEY, TOKEN_KEY, storedToken } from "./envelope";
import { useLanguage } from "./i18n";

export const AGENT_TYPES = [1, 2, 41, 42];
export const TRIAL_TYPE = 4;
const BALANCE_RETRIES = 10;
const BALANCE_RETRY_MS = 1000;

export interface Member {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
}

export interface Balance {
  currency: string;
  sum: number;
  wallets: { wallet: string; available: number; held: number }[];
}

export interface SessionValue {
  token: string | null;
  member: Member | null;
  balance: Balance | null;
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
  const [token, setToken] = useState<string | null>(() => storedToken());
  const [member, setMember] = useState<Member | null>(null);
  const [balance, setBalance] = useState<Balance | null>(null);

  const refreshBalance = useCallback(async () => {
    if (!storedToken()) return;
    try {
      setBalance(await api<Balance>("walletBalance", language));
    } catch {
      setBalance(null); // the wallet opens a moment after registration: the next refresh shows it
    }
  }, [language]);

  const forget = useCallback(() => {
    clearSessionStorage(sessionStorage);
    setToken(null);
    setMember(null);
    setBalance(null);
  }, []);

  useEffect(() => {
    if (!token) return;
    let live = true;
    api<Member>("memberInfo", language).then(
      (info) => {
        if (live) setMember(info);
      },
      () => {
        if (live) forget(); // an expired or revoked token
      },
    );
    // A new account's wallet opens a moment after registration (from auth's event): ask again a few times.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (triesLeft: number) => {
      api<Balance>("walletBalance", language).then(
        (loaded) => {
          if (live) setBalance(loaded);
        },
        () => {
          if (live && triesLeft > 0) timer = setTimeout(() => ask(triesLeft - 1), BALANCE_RETRY_MS);
        },
      );
    };
    ask(BALANCE_RETRIES);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token, language, forget]);

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

  const value = useMemo<SessionValue>(
    () => ({
      token,
      member,
      balance,
      isLogin: token !== null && member !== null,
      isAgent: member !== null && AGENT_TYPES.includes(member.type),
      isTrial: member?.type === TRIAL_TYPE,
      signIn,
      signOut,
      refreshBalance,
    }),
    [token, member, balance, signIn, signOut, refreshBalance],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (value === null) throw new Error("useSession outside SessionProvider");
  return value;
}
