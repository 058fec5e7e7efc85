// Running integrations (DESIGN.md §5): test runs (POST /execute, the spec's call), "Run
// now" (POST /run), the run history and the saved state. Mounted under /api/integrations.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import {
  WORKFLOW_FAILURE_CODES,
  ZExecuteRequest,
  ZIntegrationState,
  ZRunsPage,
  ZRunsQuery,
  ZRunStarted,
  ZTestRunResponse,
  ZUpdateStateRequest,
  type TIntegrationState,
  type TRunsPage,
  type TTestRunResponse,
} from '@patchbay/schema';
import {
  manualRunWorkflowId,
  testWorkflowId,
  WORKFLOW_NAMES,
  type RunOutcome,
  type workflows,
} from '@patchbay/workflows';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { awaitWorkflowResult } from '../await-workflow.ts';
import { currentUser, requireAuth } from '../auth/middleware.ts';
import { consume } from '../auth/rate-limits.ts';
import { ApiError } from '../errors.ts';
import { getIntegration, notFound } from '../integrations/integration-store.ts';
import { commitState, listRunsPage, readState, toRun, type UserRow } from '@patchbay/db';
import { jsonBody, queryParams } from '../validate.ts';
import { errors, json, SIGNED_IN } from '../route-docs.ts';
import { workflowFailure } from '../workflow-failure.ts';

export function temporalWorkflowUrl(deps: AppDeps, workflowId: string, runId: string): string {
  const { baseUrl, namespace } = deps.temporalUi;
  return `${baseUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(workflowId)}/${encodeURIComponent(runId)}/history`;
}

/**
 * `{ temporalUrl }` for operators, nothing for anyone else (issue 20): the Temporal Web UI is
 * an operator's tool, and the console shows a link only when a run carries one.
 */
function temporalLink(
  deps: AppDeps,
  user: UserRow,
  workflowId: string,
  runId: string,
): { temporalUrl?: string } {
  return user.role === 'operator'
    ? { temporalUrl: temporalWorkflowUrl(deps, workflowId, runId) }
    : {};
}

export function runRoutes(deps: AppDeps) {
  const { sql, temporal } = deps;
  const userId = (c: Parameters<typeof currentUser>[0]) => currentUser(c).id;

  /** The caller's integration, if it has code to run and the caller has runs left this hour. */
  const runnableIntegration = async (id: string, ownerId: string) => {
    const integration = await getIntegration(sql, ownerId, id);
    await consume(deps.auth.rateLimits.runsByUser, ownerId);
    if (integration.generated_code.trim() === '') {
      throw new ApiError(
        409,
        'NO_CODE',
        'This integration has no code yet: generate or write it, then save',
      );
    }
    return integration;
  };

  return new Hono<AppEnv>()
    .use(requireAuth)
    .post(
      '/:id/execute',
      describeRoute({
        summary: 'Test run in the sandbox (never commits state)',
        description:
          'Failing user code is a 200 with status "failed" and its line. `mode: "dry-run"` ' +
          'performs the reads for real and captures every write instead of sending it (ADR 017).',
        security: SIGNED_IN,
        responses: {
          200: json('Status, data, logs and the HTTP transcript', ZTestRunResponse),
          ...errors(401, 403, 404, 409, 429, 503, 504),
        },
      }),
      jsonBody(ZExecuteRequest),
      async (c) => {
        const integration = await runnableIntegration(c.req.param('id'), userId(c));
        const { mode } = c.req.valid('json');
        const handle = await temporal.workflow.start<typeof workflows.testIntegration>(
          WORKFLOW_NAMES.testIntegration,
          {
            taskQueue: deps.taskQueue,
            workflowId: testWorkflowId(integration.id, randomUUID()),
            args: [{ integrationId: integration.id, mode }],
          },
        );
        const outcome = await awaitWorkflowResult<RunOutcome>(
          handle,
          deps.workflowWaitMs,
          'The test run',
        ).catch((error: unknown) => {
          // The run could not even start (e.g. the integration was deleted meanwhile).
          throw workflowFailure(error, WORKFLOW_FAILURE_CODES.testIntegration);
        });
        const body: TTestRunResponse = {
          status: outcome.status,
          data: outcome.data,
          logs: outcome.logs,
          requests: outcome.requests,
          stateChanges: outcome.stateChanges,
          durationMs: outcome.durationMs,
          workflowId: handle.workflowId,
          ...(outcome.error ? { error: outcome.error } : {}),
          mode: outcome.mode ?? mode,
          captured: outcome.captured ?? [],
          summary: outcome.summary ?? '',
        };
        return c.json(body);
      },
    )

    .post(
      '/:id/run',
      describeRoute({
        summary: 'Run now: a deployed run outside the schedule',
        security: SIGNED_IN,
        responses: { 202: json('Started', ZRunStarted), ...errors(401, 403, 404, 409, 429) },
      }),
      async (c) => {
        const integration = await runnableIntegration(c.req.param('id'), userId(c));
        if (integration.status === 'draft') {
          // Issue 18 §1: a draft is work in progress; the console hides Run now, the API refuses it.
          throw new ApiError(
            409,
            'DRAFT',
            'This integration is a draft: deploy it before running it (test runs work on drafts)',
          );
        }
        const handle = await temporal.workflow.start<typeof workflows.runIntegration>(
          WORKFLOW_NAMES.runIntegration,
          {
            taskQueue: deps.taskQueue,
            workflowId: manualRunWorkflowId(integration.id, randomUUID()),
            args: [{ integrationId: integration.id, kind: 'manual' }],
          },
        );
        const runId = handle.firstExecutionRunId;
        return c.json(
          {
            workflowId: handle.workflowId,
            runId,
            ...temporalLink(deps, currentUser(c), handle.workflowId, runId),
          },
          202,
        );
      },
    )

    .get(
      '/:id/runs',
      describeRoute({
        summary: 'Run history, newest first, paged',
        security: SIGNED_IN,
        responses: { 200: json('A page of runs', ZRunsPage), ...errors(401, 404) },
      }),
      queryParams(ZRunsQuery),
      async (c) => {
        const integration = await getIntegration(sql, userId(c), c.req.param('id'));
        const page = await listRunsPage(sql, integration.id, c.req.valid('query'));
        const body: TRunsPage = {
          runs: page.rows.map((row) => ({
            ...toRun(row),
            ...temporalLink(deps, currentUser(c), row.workflow_id, row.run_id),
          })),
          nextBefore: page.nextBefore,
        };
        return c.json(body);
      },
    )

    .get(
      '/:id/state',
      describeRoute({
        summary: 'The saved state',
        security: SIGNED_IN,
        responses: { 200: json('State and its version', ZIntegrationState), ...errors(401, 404) },
      }),
      async (c) => {
        const integration = await getIntegration(sql, userId(c), c.req.param('id'));
        return c.json(await currentState(deps, integration.id));
      },
    )

    .put(
      '/:id/state',
      describeRoute({
        summary: 'Replace the saved state (with a version check)',
        security: SIGNED_IN,
        responses: { 200: json('The new state', ZIntegrationState), ...errors(401, 403, 404, 409) },
      }),
      jsonBody(ZUpdateStateRequest),
      async (c) => {
        const integration = await getIntegration(sql, userId(c), c.req.param('id'));
        const { version, values } = c.req.valid('json');
        // The same commit a run's success makes: version check and write under the row lock.
        const result = await commitState(sql, {
          integrationId: integration.id,
          readVersion: version,
          changes: { replaceWith: values },
        });
        if (result.status === 'integration-gone') throw notFound();
        if (result.status === 'state-changed') {
          throw new ApiError(
            409,
            'STATE_CHANGED',
            'The saved state changed since you loaded it (a run committed). Reload and edit again.',
          );
        }
        return c.json(await currentState(deps, integration.id));
      },
    );
}

async function currentState(deps: AppDeps, integrationId: string): Promise<TIntegrationState> {
  const state = await readState(deps.sql, integrationId);
  if (!state) throw notFound(); // deleted meanwhile
  return state;
}
