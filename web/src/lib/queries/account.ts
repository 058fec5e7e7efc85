import { queryOptions } from '@tanstack/react-query';
import type { TApiToken } from '@patchbay/schema';

// Account reads for Settings (STYLE: queryOptions factories per resource). The current user
// lives in lib/auth.ts beside the login guard.

/** GET /api/auth/tokens: the user's API tokens, without their secrets. */
export const apiTokensQuery = queryOptions<TApiToken[]>({ queryKey: ['/api/auth/tokens'] });
