// The signed-in user, shared by the login guard, the top bars and the shell.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from './api-client.ts';

export const USER_QUERY_KEY = ['/api/auth/user'] as const;

/**
 * GET /api/auth/user. Spec §4 and §7: never retried; a 401 means "not signed in" (null),
 * not an error. Every public page asks (the top bar), so the schema, and zod with it, loads
 * only when there is a user to parse: a visitor's pages stay small (issue 19).
 */
export const currentUserQuery = queryOptions({
  queryKey: USER_QUERY_KEY,
  queryFn: getQueryFn({
    schema: () => import('@patchbay/schema').then(({ ZUser }) => ZUser),
    on401: 'returnNull',
  }),
  retry: false,
});

/** Spec §4: logout posts to the server, then the browser goes to /. */
export async function logOut(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
  } finally {
    window.location.href = '/';
  }
}

/** Landing → signup → Create Integration: the typed prompt survives the detour. */
export const PENDING_PROMPT_KEY = 'patchbay.pendingPrompt';
