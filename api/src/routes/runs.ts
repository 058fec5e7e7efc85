// Running integrations: test runs (POST /execute), "Run now" (POST /run), the run history and the
// saved state. Mounted under /api/integrations.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import {
  DEPLOYED_RUN_KINDS,
  temporalWorkflowUrl,
  WORKFLOW_FAILURE_CODES,
  ZExecuteRequest,
  ZIntegrationState,
  ZRerunRequest,
  ZReplayRequest,
  ZReplayResponse,
  ZRunDetail,
  ZRunsPage,
  ZRunsQuery,
  ZRunStarted,
  ZTestRunResponse,
  ZUpdateStateRequest,
  toTestRunResponse,
  type TIntegrationState,
  type TReplayResponse,
  type TRunDetail,
  type TRunsPage,
  type TTestRunResponse,
} from '@patchbay/schema';
import {
  manualRunWorkflowId,
  replayWorkflowId,
  rerunWorkflowId,
  testWorkflowId,
  WORKFLOW_NAMES,
  type ReplayRunResult,
  type RunOutcome,
  type workflows,
} from '@patchbay/workflows';
import { stateKeyProblem } from '@patchbay/runtime';
import type { AppDeps } from '../app-deps.ts';
import type { AppEnv } from '../app-env.ts';
import { awaitWorkflowResult } from '../await-workflow.ts';
import { currentUser, currentUserId, requireAuth } from '../auth/middleware.ts';
import { consume } from '../auth/rate-limits.ts';
import { ApiError } from '../errors.ts';
import { getIntegration, notFound } from '../integrations/integration-store.ts';
import { connectedAccounts, refuseUnlessReady } from '../integrations/deploy-readiness.ts';
import {
  commitState,
  findRunOfIntegration,
  listRunsInFlight,
  listRunsPage,
  readState,
  toRun,
  toRunSummary,
  type RunRow,
  type UserRow,
} from '@patchbay/db';
import { originalEvent, originalRunInput, rerunInput } from '../runs/rerun-input.ts';
import { jsonBody, queryParams } from '../validate.ts';
import { errors, json, SIGNED_IN } from '../route-docs.ts';
import { workflowFailure } from '../workflow-failure.ts';
import { sampleWebhookEvent } from '../integrations/webhook-settings.ts';

/**
 * `{ temporalUrl }` for operators, nothing for anyone else: the Temporal Web UI is
 * an operator's tool, and the console shows a link only when a run carries one.
 */
export function temporalLink(
  deps: AppDeps,
  user: UserRow,
  workflowId: string,
  runId: string,
): { temporalUrl?: string } {
  return user.role === 'operator'
    ? { temporalUrl: temporalWorkflowUrl(deps.temporalUi, workflowId, runId) }
    : {};
}

export function runRoutes(deps: AppDeps) {
  const { sql, temporal } = deps;

  /** Run now and re-runs: a deployed run, answered 202 with its ids (and Temporal link). */
  const startDeployedRun = async (
    user: UserRow,
    workflowId: string,
    input: Parameters<typeof workflows.runIntegration>[0],
  ) => {
    const handle = await temporal.workflow.start<typeof workflows.runIntegration>(
      WORKFLOW_NAMES.runIntegration,
      { taskQueue: deps.taskQueue, workflowId, args: [input] },
    );
    const runId = handle.firstExecutionRunId;
    return {
      workflowId: handle.workflowId,
      runId,
      ...temporalLink(deps, user, handle.workflowId, runId),
    };
  };

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

  /** The integration's run `:runId`, or 404. */
  const recordedRun = async (integrationId: string, runId: string): Promise<RunRow> => {
    const run = await findRunOfIntegration(sql, integrationId, runId);
    if (!run) throw new ApiError(404, 'NOT_FOUND', 'Run not found');
    return run;
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
        const integration = await runnableIntegration(c.req.param('id'), currentUserId(c));
        const { mode, event, eventHeaders } = c.req.valid('json');
        const handle = await temporal.workflow.start<typeof workflows.testIntegration>(
          WORKFLOW_NAMES.testIntegration,
          {
            taskQueue: deps.taskQueue,
            workflowId: testWorkflowId(integration.id, randomUUID()),
            args: [
              {
                integrationId: integration.id,
                mode,
                // A sample event's body becomes the test run's ctx.event.
                ...(event === undefined
                  ? {}
                  : { event: sampleWebhookEvent(integration, event, eventHeaders) }),
              },
            ],
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
        const body: TTestRunResponse = toTestRunResponse(outcome, handle.workflowId, mode);
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
        const integration = await runnableIntegration(c.req.param('id'), currentUserId(c));
        if (integration.status === 'draft') {
          // A draft is work in progress: the console hides Run now, the API refuses it.
          throw new ApiError(
            409,
            'DRAFT',
            'This integration is a draft: deploy it before running it (test runs work on drafts)',
          );
        }
        // ADR 031: a run that cannot get past its first request is refused, not started.
        refuseUnlessReady(integration, await connectedAccounts(sql, integration.id));
        return c.json(
          await startDeployedRun(
            currentUser(c),
            manualRunWorkflowId(integration.id, randomUUID()),
            { integrationId: integration.id, kind: 'manual' },
          ),
          202,
        );
      },
    )

    .get(
      '/:id/runs',
      describeRoute({
        summary: 'Run history, newest first, paged, without transcripts',
        description:
          'Filter by `status` and by `kind` (how the run started). Each row is a summary; ' +
          'GET /runs/:runId has the logs, data and redacted transcript. The first ' +
          'page also lists the deployed runs under way (`inFlight`): the attempt running or ' +
          'waiting, the failures so far and when the next attempt is due.',
        security: SIGNED_IN,
        responses: { 200: json('A page of runs', ZRunsPage), ...errors(400, 401, 404) },
      }),
      queryParams(ZRunsQuery),
      async (c) => {
        const integration = await getIntegration(sql, currentUserId(c), c.req.param('id'));
        const query = c.req.valid('query');
        const page = await listRunsPage(sql, integration.id, query);
        // The runs under way head the first page (ADR 037); they have no outcome yet.
        const inFlight =
          query.before === undefined && query.status === undefined
            ? await listRunsInFlight(sql, integration.id, query.kind)
            : [];
        const body: TRunsPage = {
          runs: page.rows.map((row) => ({
            ...toRunSummary(row),
            ...temporalLink(deps, currentUser(c), row.workflow_id, row.run_id),
          })),
          nextBefore: page.nextBefore,
          inFlight: inFlight.map((run) => ({
            ...run,
            ...temporalLink(deps, currentUser(c), run.workflowId, run.runId),
          })),
        };
        return c.json(body);
      },
    )

    .get(
      '/:id/runs/:runId',
      describeRoute({
        summary: 'One run with its logs, data and redacted transcript',
        security: SIGNED_IN,
        responses: { 200: json('The run', ZRunDetail), ...errors(401, 404) },
      }),
      async (c) => {
        const integration = await getIntegration(sql, currentUserId(c), c.req.param('id'));
        const run = await recordedRun(integration.id, c.req.param('runId'));
        const body: TRunDetail = {
          ...toRun(run),
          ...temporalLink(deps, currentUser(c), run.workflow_id, run.run_id),
        };
        return c.json(body);
      },
    )

    .post(
      '/:id/runs/:runId/rerun',
      describeRoute({
        summary: 'Re-run a deployed run: a new deployed run that commits state',
        description:
          "`code: 'as-ran'` runs the code version the run ran, with the same trigger input (a " +
          "webhook run's event); `'current'` runs the integration's current code.",
        security: SIGNED_IN,
        responses: {
          202: json('Started', ZRunStarted),
          ...errors(400, 401, 403, 404, 409, 429),
        },
      }),
      jsonBody(ZRerunRequest),
      async (c) => {
        const integration = await runnableIntegration(c.req.param('id'), currentUserId(c));
        const run = await recordedRun(integration.id, c.req.param('runId'));
        const { code } = c.req.valid('json');
        if (integration.status === 'draft') {
          throw new ApiError(
            409,
            'DRAFT',
            'This integration is a draft: deploy it before re-running a run',
          );
        }
        if (!(DEPLOYED_RUN_KINDS as readonly string[]).includes(run.kind)) {
          throw new ApiError(
            409,
            'NOT_DEPLOYED_RUN',
            `Only deployed runs can be re-run; this is a ${run.kind} run (replay it instead)`,
          );
        }
        if (code === 'as-ran' && run.code_version === null) {
          throw new ApiError(
            409,
            'NO_CODE_VERSION',
            'This run was recorded before runs kept their code version: re-run it with the current code',
          );
        }
        const original = await originalRunInput(temporal, run.workflow_id, run.run_id);
        if (original === null && run.kind === 'webhook') {
          throw new ApiError(
            409,
            'EVENT_UNAVAILABLE',
            "Temporal no longer has this webhook run's event (histories are kept for the namespace's retention period)",
          );
        }
        return c.json(
          await startDeployedRun(
            currentUser(c),
            rerunWorkflowId(integration.id, randomUUID()),
            rerunInput(original, integration.id, code === 'as-ran' ? run.code_version : null),
          ),
          202,
        );
      },
    )

    .post(
      '/:id/runs/:runId/replay',
      describeRoute({
        summary: 'Replay code against a recorded run: reads from its recording, writes captured',
        description:
          "Runs `code` (the editor's contents) as a Temporal workflow in the sandbox. Every read " +
          "is answered from the recorded run's transcript (method, path and query, in order), " +
          'every write is captured, nothing leaves the machine and state is not committed. A ' +
          'request with no recorded answer fails the replay, naming it (ADR 023).',
        security: SIGNED_IN,
        responses: {
          200: json('The replay next to the recorded run', ZReplayResponse),
          ...errors(400, 401, 404, 429, 503, 504),
        },
      }),
      jsonBody(ZReplayRequest),
      async (c) => {
        const integration = await getIntegration(sql, currentUserId(c), c.req.param('id'));
        await consume(deps.auth.rateLimits.runsByUser, integration.user_id);
        const run = await recordedRun(integration.id, c.req.param('runId'));
        const { code } = c.req.valid('json');
        // The replay sees the event the recorded run saw (a webhook run, a test with an event).
        const event = await originalEvent(temporal, run.workflow_id, run.run_id);
        const handle = await temporal.workflow.start<typeof workflows.replayRun>(
          WORKFLOW_NAMES.replayRun,
          {
            taskQueue: deps.taskQueue,
            workflowId: replayWorkflowId(integration.id, randomUUID()),
            args: [
              {
                integrationId: integration.id,
                recordedRunId: run.id,
                code,
                ...(event === undefined ? {} : { event }),
              },
            ],
          },
        );
        const result = await awaitWorkflowResult<ReplayRunResult>(
          handle,
          deps.workflowWaitMs,
          'The replay',
        ).catch((error: unknown) => {
          throw workflowFailure(error, WORKFLOW_FAILURE_CODES.replayRun);
        });
        const { outcome } = result;
        const body: TReplayResponse = {
          workflowId: handle.workflowId,
          recorded: {
            id: run.id,
            codeVersion: run.code_version,
            status: run.status,
            data: run.data,
            logs: run.logs,
            error: run.error,
            writes: result.recordedWrites,
          },
          replay: {
            status: outcome.status,
            data: outcome.data,
            logs: outcome.logs,
            error: outcome.error ?? null,
            writes: (outcome.captured ?? []).map((write) => ({
              side: write.side,
              method: write.method,
              path: `${write.path}${new URL(write.url).search}`,
              body: write.body,
              status: null,
              schemaErrors: write.schemaErrors,
            })),
            requests: outcome.requests,
            summary: outcome.summary ?? '',
            durationMs: outcome.durationMs,
          },
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
        const integration = await getIntegration(sql, currentUserId(c), c.req.param('id'));
        return c.json(await currentState(deps, integration.id));
      },
    )

    .put(
      '/:id/state',
      describeRoute({
        summary: 'Replace the saved state (with a version check)',
        security: SIGNED_IN,
        responses: {
          200: json('The new state', ZIntegrationState),
          ...errors(400, 401, 403, 404, 409),
        },
      }),
      jsonBody(ZUpdateStateRequest),
      async (c) => {
        const { version, values } = c.req.valid('json');
        for (const key of Object.keys(values)) {
          const problem = stateKeyProblem(key);
          if (problem !== null) {
            const message = `values: ${problem}`;
            throw new ApiError(400, 'VALIDATION_FAILED', message, [
              { path: ['values', key], message },
            ]);
          }
        }
        const integration = await getIntegration(sql, currentUserId(c), c.req.param('id'));
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
