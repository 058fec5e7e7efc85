import { queryOptions } from '@tanstack/react-query';
import { ZApiToken } from '@patchbay/schema';
import { z } from 'zod';
import { getQueryFn } from '../api-client.ts';
import { CURRENT_USER_URL, fetchCurrentUser } from '../auth.ts';

// Account reads for the signed-in screens (STYLE: queryOptions factories per resource).

/**
 * The signed-in user for the login guard, the shell and Settings (lib/auth.ts fetches it).
 * Never retried; a 401 is "not signed in" (null), not an error.
 */
export const currentUserQuery = queryOptions({
  queryKey: [CURRENT_USER_URL],
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  retry: false,
});

/** GET /api/auth/tokens: the user's API tokens, without their secrets. */
export const apiTokensQuery = queryOptions({
  queryKey: ['/api/auth/tokens'],
  queryFn: getQueryFn({ schema: z.array(ZApiToken) }),
});
