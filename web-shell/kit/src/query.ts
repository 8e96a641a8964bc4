/** Server state lives in TanStack Query (ARCHITECTURE §8): one client, made by the shell and shared with the
 * remotes through the kit (a federation singleton), so a remote's change (a deposit) refreshes the shell's view
 * (the balance). The shell and remotes import TanStack Query from here, never from the package itself, for the
 * reason routing.ts gives. */
import { QueryClient } from "@tanstack/react-query";

export {
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 10_000, refetchOnWindowFocus: false } },
  });
}

export const queryKeys = {
  member: (token: string | null) => ["member", token] as const,
  balance: (token: string | null) => ["balance", token] as const,
};
