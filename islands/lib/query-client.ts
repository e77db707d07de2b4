import { QueryClient } from "@tanstack/react-query";

/** Never refetch on focus, never poll, never go stale, no retries. */
export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, refetchOnReconnect: false, retry: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
