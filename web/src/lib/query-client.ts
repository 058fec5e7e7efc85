import { QueryClient } from '@tanstack/react-query';

/**
 * Data is never stale, not refetched on focus, not polled, and neither queries nor mutations
 * retry; unused data is garbage-collected after 5 minutes. Fresh data comes from invalidating
 * after mutations, so the console asks the API only when something it did changed an answer.
 */
let client: QueryClient | undefined;

/** The console's one QueryClient, made when the first route that uses React Query loads. */
export function appQueryClient(): QueryClient {
  client ??= createQueryClient();
  return client;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // No default query function: every read comes from a factory in lib/queries/ that
        // parses its answer with the shared schema (ADR 018).
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
