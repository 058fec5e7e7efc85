import { Hono } from 'hono';
import { FREE_INTEGRATION_LIMIT, FREE_MONTHLY_EXECUTIONS, type TUsage } from '@patchbay/schema';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { currentUser, requireAuth } from '../auth/middleware.ts';
import { ApiError } from '../errors.ts';

/** GET /api/usage: the Settings → API Usage figures, from real data. */
export function usageRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(requireAuth).get('/', async (c) => {
    const [user] = await deps.sql<{ plan: 'free' | 'pro'; integrations_created: number }[]>`
      select plan, integrations_created from users where id = ${currentUser(c).id}`;
    if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Not signed in');
    const free = user.plan === 'free';
    const usage: TUsage = {
      plan: user.plan,
      integrations: {
        used: user.integrations_created,
        limit: free ? FREE_INTEGRATION_LIMIT : null,
      },
      // Executions are runs of deployed integrations; none are recorded before the runtime exists.
      executionsThisMonth: { used: 0, limit: free ? FREE_MONTHLY_EXECUTIONS : null },
    };
    return c.json(usage);
  });
}
