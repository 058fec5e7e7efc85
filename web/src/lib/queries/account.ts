import { queryOptions } from '@tanstack/react-query';
import { ZApiToken } from '@patchbay/schema';
import { z } from 'zod';
import { getQueryFn } from '../api-client.ts';

// Account reads for Settings (STYLE: queryOptions factories per resource). The current user
// lives in lib/auth.ts beside the login guard.

/** GET /api/auth/tokens: the user's API tokens, without their secrets. */
export const apiTokensQuery = queryOptions({
  queryKey: ['/api/auth/tokens'],
  queryFn: getQueryFn({ schema: z.array(ZApiToken) }),
});
