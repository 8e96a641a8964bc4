/** Server state lives in TanStack Query (ARCHITECTURE §8): one client, made by the shell and shared with the
 * remotes as a federation singleton, so a remote's change (a deposit) refreshes the shell's view (the balance). */
import { QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 10_000, refetchOnWindowFocus: false } },
  });
}

export const queryKeys = {
  member: (token: string | null) => ["member", token] as const,
  balance: (token: string | null) => ["balance", token] as const,
};
