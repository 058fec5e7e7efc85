import { queryOptions } from '@tanstack/react-query';
import { ZApiToken } from '@patchbay/schema';
import { apiPath } from '@patchbay/schema/api-routes';
import { z } from 'zod';
import { getQueryFn } from '../api-client.ts';
import { fetchCurrentUser } from '../auth.ts';

// Account reads for the signed-in screens (STYLE: queryOptions factories per resource).

/**
 * The signed-in user for the login guard, the shell and Settings (lib/auth.ts fetches it).
 * Never retried; a 401 is "not signed in" (null), not an error.
 */
export const currentUserQuery = queryOptions({
  queryKey: [apiPath('currentUser')],
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  retry: false,
});

/** The user's API tokens, without their secrets. */
export const apiTokensQuery = queryOptions({
  queryKey: [apiPath('apiTokens')],
  queryFn: getQueryFn(apiPath('apiTokens'), { schema: z.array(ZApiToken) }),
});
