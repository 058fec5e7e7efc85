import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { ZPingRequest, type TPingResponse } from '@patchbay/schema';
import {
  pingWorkflowId,
  WORKFLOW_NAMES,
  type PingResult,
  type workflows,
} from '@patchbay/workflows';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { awaitWorkflowResult } from '../await-workflow.ts';
import { jsonBody } from '../validate.ts';

/** POST /api/ping: runs the `ping` workflow end to end (api → Temporal → worker → api). */
export function pingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post('/', jsonBody(ZPingRequest), async (c) => {
    const { message } = c.req.valid('json');
    const started = performance.now();
    const handle = await deps.temporal.workflow.start<typeof workflows.ping>(WORKFLOW_NAMES.ping, {
      taskQueue: deps.taskQueue,
      workflowId: pingWorkflowId(randomUUID()),
      args: [message],
    });
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
  });
}
