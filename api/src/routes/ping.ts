import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ZPingRequest, ZPingResponse, type TPingResponse } from '@patchbay/schema';
import {
  pingWorkflowId,
  WORKFLOW_NAMES,
  type PingResult,
  type workflows,
} from '@patchbay/workflows';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { awaitWorkflowResult } from '../await-workflow.ts';
import { ApiError } from '../errors.ts';
import { errors, json } from '../route-docs.ts';
import { jsonBody } from '../validate.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * POST /api/ping: runs the `ping` workflow end to end (api → Temporal → worker → api).
 * For signed-in users and for this machine (npm start's self-check, the bench): every
 * call starts a workflow, so the open internet may not call it.
 */
export function pingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post(
    '/',
    describeRoute({
      summary: 'Run the ping workflow end to end',
      description: 'For signed-in users and for callers on this machine (npm start, the bench).',
      responses: { 200: json('The worker answered', ZPingResponse), ...errors(401, 403, 504) },
    }),
    jsonBody(ZPingRequest),
    async (c) => {
      if (!c.get('auth') && !LOOPBACK.has(c.get('ip'))) {
        throw new ApiError(401, 'UNAUTHENTICATED', 'Not signed in');
      }
      const { message } = c.req.valid('json');
      const started = performance.now();
      const handle = await deps.temporal.workflow.start<typeof workflows.ping>(
        WORKFLOW_NAMES.ping,
        {
          taskQueue: deps.taskQueue,
          workflowId: pingWorkflowId(randomUUID()),
          args: [message],
        },
      );
      const result = await awaitWorkflowResult<PingResult>(
        handle,
        deps.workflowWaitMs,
        'The ping workflow',
      );
      const body: TPingResponse = {
        reply: result.reply,
        workflowId: handle.workflowId,
        roundTripMs: Math.round(performance.now() - started),
      };
      return c.json(body);
    },
  );
}
