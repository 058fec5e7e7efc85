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
  type TRun,
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
import { getIntegration } from '../integrations/integration-store.ts';
import { jsonBody, queryParams } from '../validate.ts';
import { errors, json, SIGNED_IN } from '../route-docs.ts';
import { workflowFailure } from '../workflow-failure.ts';

interface RunRow {
  id: string;
  kind: TRun['kind'];
  status: TRun['status'];
  started_at: Date;
  duration_ms: number;
  attempt: number;
  data: unknown;
  error: TRun['error'];
  logs: string[];
  requests: TRun['requests'];
  state_changes: TRun['stateChanges'];
  workflow_id: string;
  run_id: string;
}

export function temporalWorkflowUrl(deps: AppDeps, workflowId: string, runId: string): string {
  const { baseUrl, namespace } = deps.temporalUi;
  return `${baseUrl.replace(/\/$/, '')}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(workflowId)}/${encodeURIComponent(runId)}/history`;
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
        description: 'Failing user code is a 200 with status "failed" and its line.',
        security: SIGNED_IN,
        responses: {
          200: json('Status, data, logs and the HTTP transcript', ZTestRunResponse),
          ...errors(401, 403, 404, 409, 429, 503, 504),
        },
      }),
      jsonBody(ZExecuteRequest),
      async (c) => {
        const integration = await runnableIntegration(c.req.param('id'), userId(c));
        const handle = await temporal.workflow.start<typeof workflows.testIntegration>(
          WORKFLOW_NAMES.testIntegration,
          {
            taskQueue: deps.taskQueue,
            workflowId: testWorkflowId(integration.id, randomUUID()),
            args: [{ integrationId: integration.id }],
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
            temporalUrl: temporalWorkflowUrl(deps, handle.workflowId, runId),
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
        const { limit, before } = c.req.valid('query');
        const rows = await sql<RunRow[]>`
        select id::text, kind, status, started_at, duration_ms, attempt, data, error, logs, requests, state_changes, workflow_id, run_id
        from runs
        where integration_id = ${integration.id} and (${before ?? null}::bigint is null or runs.id < ${before ?? null})
        order by runs.id desc -- not the text alias: '9' > '11'
        limit ${limit + 1}`;
        const page = rows.slice(0, limit);
        const body: TRunsPage = {
          runs: page.map((row) => ({
            id: row.id,
            kind: row.kind,
            status: row.status,
            startedAt: row.started_at.toISOString(),
            durationMs: row.duration_ms,
            attempts: row.attempt,
            data: row.data,
            error: row.error,
            logs: row.logs,
            requests: row.requests,
            stateChanges: row.state_changes,
            workflowId: row.workflow_id,
            runId: row.run_id,
            temporalUrl: temporalWorkflowUrl(deps, row.workflow_id, row.run_id),
          })),
          nextBefore: rows.length > limit ? Number(page.at(-1)?.id) : null,
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
        return c.json(await readState(deps, integration.id));
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
        await sql.begin(async (tx) => {
          // The version check and the write happen under the row lock a run's commit also takes.
          const [current] = await tx<{ state_version: string }[]>`
          select state_version from integrations where id = ${integration.id} for update`;
          if (Number(current?.state_version) !== version) {
            throw new ApiError(
              409,
              'STATE_CHANGED',
              'The saved state changed since you loaded it (a run committed). Reload and edit again.',
            );
          }
          await tx`delete from integration_state where integration_id = ${integration.id}`;
          for (const [key, value] of Object.entries(values)) {
            await tx`insert into integration_state (integration_id, key, value) values (${integration.id}, ${key}, ${tx.json(value)})`;
          }
          await tx`update integrations set state_version = state_version + 1 where id = ${integration.id}`;
        });
        return c.json(await readState(deps, integration.id));
      },
    );
}

async function readState(deps: AppDeps, integrationId: string): Promise<TIntegrationState> {
  const [row] = await deps.sql<
    { state_version: string }[]
  >`select state_version from integrations where id = ${integrationId}`;
  const entries = await deps.sql<{ key: string; value: unknown }[]>`
    select key, value from integration_state where integration_id = ${integrationId} order by key`;
  return {
    version: Number(row?.state_version ?? 0),
    values: Object.fromEntries(entries.map((entry) => [entry.key, entry.value])),
  };
}
