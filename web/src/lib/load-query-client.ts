import type { QueryClient } from '@tanstack/react-query';

/**
 * `beforeLoad` of the signed-in layout: every signed-in route's loader reads the console's one
 * QueryClient as `context.queryClient`. It is imported here, not in the route file, so React
 * Query loads with the first signed-in route and the public pages never download it
 * (ADR 026). The screens get the same client from components/with-query-client.tsx.
 */
export async function loadQueryClient(): Promise<{ queryClient: QueryClient }> {
  const { appQueryClient } = await import('./query-client.ts');
  return { queryClient: appQueryClient() };
}
