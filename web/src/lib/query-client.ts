import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client.ts';

/**
 * Spec §7: data is never stale, not refetched on focus, not polled, and neither queries nor
 * mutations retry; spec §9: unused data is garbage-collected after 5 minutes. Fresh data
 * comes from invalidating after mutations.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
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
