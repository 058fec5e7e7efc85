// A run's timeline read from Temporal's history, for its owner. The Temporal Web UI
// is for operators (it shows every account); everyone else reads their own runs here, scoped
// to their integrations. Mounted under /api/integrations.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ZRunTimeline, type TRunTimeline } from '@patchbay/schema';
import { findRunOfIntegration } from '@patchbay/db';
import { ServiceError, WorkflowNotFoundError } from '@temporalio/client';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { currentUserId, requireAuth } from '../auth/middleware.ts';
import { ApiError } from '../errors.ts';
import { getIntegration } from '../integrations/integration-store.ts';
import { errors, json, SIGNED_IN } from '../route-docs.ts';
import { readRunTimeline } from '../runs/run-timeline.ts';

export function runHistoryRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(requireAuth).get(
    '/:id/runs/:runId/history',
    describeRoute({
      summary: "One run's timeline from Temporal's history: attempts, waits and results",
      security: SIGNED_IN,
      responses: {
        200: json('The run’s steps, oldest first', ZRunTimeline),
        ...errors(401, 404, 503),
      },
    }),
    async (c) => {
      const integration = await getIntegration(deps.sql, currentUserId(c), c.req.param('id'));
      const run = await findRunOfIntegration(deps.sql, integration.id, c.req.param('runId'));
      if (!run) throw new ApiError(404, 'NOT_FOUND', 'Run not found');
      try {
        const body: TRunTimeline = {
          workflowId: run.workflow_id,
          runId: run.run_id,
          entries: await readRunTimeline(deps.temporal, run.workflow_id, run.run_id),
        };
        return c.json(body);
      } catch (error) {
        // Temporal keeps histories for its retention period; the run record outlives it.
        if (error instanceof WorkflowNotFoundError)
          throw new ApiError(
            404,
            'HISTORY_EXPIRED',
            'Temporal no longer has this run’s history (it is kept for the namespace’s retention period); the run record above is what remains',
          );
        if (error instanceof ServiceError)
          throw new ApiError(
            503,
            'TEMPORAL_UNAVAILABLE',
            'Temporal could not be reached; try again shortly',
          );
        throw error;
      }
    },
  );
}
