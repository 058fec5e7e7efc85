import type { QueryClient } from '@tanstack/react-query';

/**
 * `beforeLoad` of the routes whose screens use React Query: the signed-in layout (and so every
 * signed-in route) and the password-reset pages. (The docs page's catalog list, loaded when the
 * reader reaches it, takes the same client from lib/query-client.ts.) React Query and
 * the console's one QueryClient load with the first of them, so the other public pages never
 * download it (issue 19: about 11 kB gzip). Child routes read it as `context.queryClient`.
 */
export async function loadQueryClient(): Promise<{ queryClient: QueryClient }> {
  const { appQueryClient } = await import('./query-client.ts');
  return { queryClient: appQueryClient() };
}
