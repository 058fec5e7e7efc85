import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import {
  WORKFLOW_FAILURE_CODES,
  ZGenerateRequest,
  ZGenerateResponse,
  type TGenerateResponse,
} from '@patchbay/schema';
import { generateWorkflowId, WORKFLOW_NAMES, type workflows } from '@patchbay/workflows';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { awaitWorkflowResult } from '../await-workflow.ts';
import { currentUserId, requireAuth } from '../auth/middleware.ts';
import { consume } from '../auth/rate-limits.ts';
import { getIntegration } from '../integrations/integration-store.ts';
import { errors, json, SIGNED_IN } from '../route-docs.ts';
import { jsonBody } from '../validate.ts';
import { workflowFailure } from '../workflow-failure.ts';

/**
 * POST /api/integrations/generate: the generateCode workflow (LLM or template), waited
 * for up to WORKFLOW_WAIT_MS. Its input never carries credentials (ZGenerateRequest).
 */
export function generateRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(requireAuth).post(
    '/generate',
    describeRoute({
      summary: 'Generate integration code (LLM or template)',
      description:
        'A refused prompt or unusable answer is 422; a rejected key, an exhausted quota or an ' +
        'unreachable provider is 503 (the failure types in schema/src/failures.ts). With an ' +
        '`integrationId` whose connections have credentials, the code is proven by a dry run ' +
        "and repaired once if it fails (`verification`); another user's id is 404.",
      security: SIGNED_IN,
      responses: {
        200: json('The code and which generator wrote it', ZGenerateResponse),
        ...errors(401, 403, 404, 422, 429, 503, 504),
      },
    }),
    jsonBody(ZGenerateRequest),
    async (c) => {
      await consume(deps.auth.rateLimits.generateByUser, currentUserId(c));
      const request = c.req.valid('json');
      // The dry run (ADR 017) uses that integration's credentials: it must be the user's.
      if (request.integrationId !== undefined) {
        await getIntegration(deps.sql, currentUserId(c), request.integrationId);
      }
      const handle = await deps.temporal.workflow.start<typeof workflows.generateCode>(
        WORKFLOW_NAMES.generateCode,
        {
          taskQueue: deps.taskQueue,
          workflowId: generateWorkflowId(randomUUID()),
          args: [request],
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
        throw workflowFailure(error, WORKFLOW_FAILURE_CODES.generateCode);
      }
    },
  );
}
