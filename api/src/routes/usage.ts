import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { FREE_INTEGRATION_LIMIT, ZUsage, type TUsage } from '@patchbay/schema';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { errors, json, SIGNED_IN } from '../route-docs.ts';
import { currentUserId, requireAuth } from '../auth/middleware.ts';
import { ApiError } from '../errors.ts';
import { countExecutionsThisMonth, findUserById } from '@patchbay/db';

/** GET /api/usage: the Settings → API Usage figures, from real data. */
export function usageRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(requireAuth).get(
    '/',
    describeRoute({
      summary: 'Plan usage this month',
      security: SIGNED_IN,
      responses: { 200: json('Usage', ZUsage), ...errors(401) },
    }),
    async (c) => {
      const userId = currentUserId(c);
      const user = await findUserById(deps.sql, userId);
      // Executions are deployed runs (scheduled or "Run now") started this calendar month (UTC).
      const executions = await countExecutionsThisMonth(deps.sql, userId);
      if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Not signed in');
      const free = user.plan === 'free';
      const usage: TUsage = {
        plan: user.plan,
        integrations: {
          used: user.integrations_created,
          limit: free ? FREE_INTEGRATION_LIMIT : null,
        },
        // ADR 020: deployed runs are counted for the user to see, never capped.
        executionsThisMonth: { used: executions, limit: null },
      };
      return c.json(usage);
    },
  );
}
