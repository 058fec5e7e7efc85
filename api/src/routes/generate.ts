import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { WorkflowFailedError } from '@temporalio/client';
import { ZGenerateRequest, type TGenerateResponse } from '@patchbay/schema';
import { generateWorkflowId, WORKFLOW_NAMES, type workflows } from '@patchbay/workflows';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { awaitWorkflowResult } from '../await-workflow.ts';
import { requireAuth } from '../auth/middleware.ts';
import { ApiError } from '../errors.ts';
import { jsonBody } from '../validate.ts';

/**
 * POST /api/integrations/generate: the generateCode workflow (LLM or template), waited
 * for up to WORKFLOW_WAIT_MS. Its input never carries credentials (ZGenerateRequest).
 */
export function generateRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireAuth)
    .post('/generate', jsonBody(ZGenerateRequest), async (c) => {
      const handle = await deps.temporal.workflow.start<typeof workflows.generateCode>(
        WORKFLOW_NAMES.generateCode,
        {
          taskQueue: deps.taskQueue,
          workflowId: generateWorkflowId(randomUUID()),
          args: [c.req.valid('json')],
        },
      );
      try {
        return c.json(
          await awaitWorkflowResult<TGenerateResponse>(
            handle,
            deps.workflowWaitMs,
            'Code generation',
          ),
        );
      } catch (error) {
        if (!(error instanceof WorkflowFailedError)) throw error;
        // The activity's own message ('The AI provider rejected the API key', …), not Temporal's wrapping.
        let cause: unknown = error.cause;
        while (cause instanceof Error && cause.cause) cause = cause.cause;
        const message = cause instanceof Error ? cause.message : 'Failed to generate code';
        throw new ApiError(502, 'GENERATION_FAILED', message);
      }
    });
}
