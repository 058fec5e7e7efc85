import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { appQueryClient } from '../lib/query-client.ts';

/**
 * React Query, with the console's one client, around the screens that use it: the signed-in
 * layout, the password-reset pages and the docs page's catalog list (ADR 026). Only their
 * code-split chunks import this module, so the other public pages never load React Query.
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
