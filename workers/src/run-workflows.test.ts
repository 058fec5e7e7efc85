// The deployed-run and housekeeping workflows on Temporal's time-skipping test server: five
// attempts with backoff, a Retry-After of an hour and the retention windows all pass in seconds,
// while the history's timestamps show the real waits.
// Real activities against the test database and a real sandbox; the only fake is the
// failing executeIntegration of the first case, whose own effect is not what it tests.
import { randomUUID } from 'node:crypto';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { WorkflowFailedError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import {
  DefaultLogger,
  Runtime,
  Worker,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import {
  alertWorkflowId,
  DEPLOYED_RUN_RETRY,
  MAX_RETRY_DELAY_MS,
  WORKFLOW_NAMES,
  type RunOutcome,
} from '@patchbay/workflows';
import { listAlertsOfIntegration } from '@patchbay/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../../scripts/test-support/fake-api.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../scripts/test-support/test-app.ts';
import { createTimeSkippingEnvironment } from '../../scripts/test-support/time-skipping.ts';
import { createExecuteIntegration } from './activities/execute-integration.ts';
import { createPruneRetention } from './activities/prune-retention.ts';
import { createRecordFailedRun } from './activities/record-failed-run.ts';
import { createAlertActivities } from './activities/send-alert.ts';
import { bundleWorkflows } from './bundle-workflows.ts';
import { SandboxPool } from './sandbox/index.ts';

// Expected activity failures would otherwise print a warning per attempt, and the test
// server (no heartbeat-details capability) one per worker.
Runtime.install({
  logger: new DefaultLogger('ERROR'),
  telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } },
});

const CODE = `export default async function run(ctx) {
  const page = await ctx.source.get('/items');
  return { count: page.items.length };
}
`;

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundleWithSourceMap;
let t: TestApp;
let user: TestUser;
let source: FakeApi;
let sandbox: SandboxPool;

beforeAll(async () => {
  [env, bundle] = await Promise.all([createTimeSkippingEnvironment(), bundleWorkflows()]);
  t = await createTestApp();
  user = await createTestUser(t, { plan: 'pro' });
  source = await startFakeApi();
  sandbox = new SandboxPool({ size: 1 });
});

afterAll(async () => {
  await sandbox?.close();
  await source?.close();
  await t?.close();
  await env?.teardown();
});

/** An active integration reading `source`, created through the API as a user would. */
async function createActiveIntegration(): Promise<string> {
  const response = await user.request('POST', '/api/integrations', {
    userPrompt: 'Count the items of the source.',
    sourceApiName: 'Items',
    sourceApiUrl: source.url,
    sourceAuthType: 'none',
    destApiName: 'Nothing',
    destApiUrl: source.url,
    destAuthType: 'none',
    generatedCode: CODE,
    schedule: { everyMinutes: 15 },
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  // Active without a Temporal schedule: these runs are started by the test.
  await t.db.sql`update integrations set status = 'active' where id = ${id}`;
  return id;
}

/** Runs `body` with a worker on the time-skipping server polling a fresh task queue. */
async function withWorker<T>(
  activities: Record<string, (...args: never[]) => Promise<unknown>>,
  body: (taskQueue: string) => Promise<T>,
): Promise<T> {
  const taskQueue = `workflows-${randomUUID()}`;
  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    taskQueue,
    workflowBundle: bundle,
    activities,
  });
  return worker.runUntil(body(taskQueue));
}

/**
 * Waits for the alert deliveries the integration's runs started and left (ADR 022). The
 * time-skipping server keeps a time-skipping lock for each child its parent abandoned
 * (temporalio/sdk-typescript#1101); released here, or every later wait would take real time.
 */
async function alertsDelivered(integrationId: string): Promise<void> {
  for (const alert of await listAlertsOfIntegration(t.db.sql, integrationId)) {
    await env.client.workflow.getHandle(alertWorkflowId(alert.id)).result();
    await env.connection.testService?.unlockTimeSkipping({});
  }
}

async function elapsedMs(workflowId: string): Promise<number> {
  const description = await env.client.workflow.getHandle(workflowId).describe();
  return (description.closeTime?.getTime() ?? Number.NaN) - description.startTime.getTime();
}

describe('runIntegration', () => {
  it('retries exhausted: every attempt with backoff, then one failed run recorded and the integration marked failed', async () => {
    const id = await createActiveIntegration();
    const attempts: number[] = [];
    const workflowId = `run:${id}:manual:${randomUUID()}`;

    const failure = await withWorker(
      {
        // Every attempt fails the way the sandbox reports a retryable upstream error.
        executeIntegration: async () => {
          const attempt = Context.current().info.attempt;
          attempts.push(attempt);
          const outcome: RunOutcome = {
            status: 'failed',
            data: null,
            logs: [`[info] attempt ${attempt}`],
            requests: [],
            stateChanges: { set: {}, deleted: [] },
            durationMs: 5,
            attempt,
            error: { name: 'HttpError', message: 'GET /items answered 503', retryable: true },
          };
          throw ApplicationFailure.create({
            message: 'GET /items answered 503',
            type: 'HttpError',
            details: [outcome],
          });
        },
        recordFailedRun: createRecordFailedRun({ sql: t.db.sql }),
        // Turning failed sends one alert (ADR 022): real delivery, to a server without mail.
        ...createAlertActivities({
          sql: t.db.sql,
          vault: t.deps.vault,
          allowPrivateNetwork: true,
          alerts: {
            smtp: null,
            appUrl: 'http://localhost:3000',
            temporalUi: { baseUrl: 'http://localhost:8233', namespace: 'default' },
          },
        }),
      },
      (taskQueue) =>
        env.client.workflow
          .execute(WORKFLOW_NAMES.runIntegration, {
            taskQueue,
            workflowId,
            args: [{ integrationId: id, kind: 'manual' }],
          })
          .then(
            () => null,
            (error: unknown) => error,
          )
          .then(async (error) => {
            await alertsDelivered(id);
            return error;
          }),
    );

    expect(failure).toBeInstanceOf(WorkflowFailedError);
    expect((failure as WorkflowFailedError).cause?.message).toBe(
      'The run failed after its retries: GET /items answered 503',
    );
    const maximumAttempts = DEPLOYED_RUN_RETRY.maximumAttempts;
    expect(attempts).toEqual(Array.from({ length: maximumAttempts }, (_, i) => i + 1));
    // The backoff really waited (2 + 4 + 8 + 16 s for five attempts), in server time.
    const backoffMs = Array.from({ length: maximumAttempts - 1 }, (_, i) => 2000 * 2 ** i);
    expect(await elapsedMs(workflowId)).toBeGreaterThanOrEqual(
      backoffMs.reduce((sum, wait) => sum + Math.min(wait, MAX_RETRY_DELAY_MS), 0),
    );

    const runs = await t.db.sql`
      select status, attempt, logs, error from runs where workflow_id = ${workflowId}`;
    expect(runs).toEqual([
      {
        status: 'failed',
        attempt: DEPLOYED_RUN_RETRY.maximumAttempts,
        logs: [`[info] attempt ${DEPLOYED_RUN_RETRY.maximumAttempts}`],
        error: expect.objectContaining({ name: 'HttpError', message: 'GET /items answered 503' }),
      },
    ]);
    const [integration] = await t.db.sql`select status from integrations where id = ${id}`;
    expect(integration?.status).toBe('failed');
  });

  it('a Retry-After of an hour waits at most the retry cap, then the run succeeds', async () => {
    const id = await createActiveIntegration();
    source.on('GET /items', [
      { status: 429, headers: { 'retry-after': '3600' }, json: { error: 'slow down' } },
      { json: { items: [{ id: 1 }, { id: 2 }] } },
    ]);
    const workflowId = `run:${id}:manual:${randomUUID()}`;

    const outcome = await withWorker(
      {
        executeIntegration: createExecuteIntegration({
          sql: t.db.sql,
          vault: t.deps.vault,
          sandbox,
          allowPrivateNetwork: true,
        }),
        recordFailedRun: createRecordFailedRun({ sql: t.db.sql }),
      },
      (taskQueue) =>
        env.client.workflow.execute(WORKFLOW_NAMES.runIntegration, {
          taskQueue,
          workflowId,
          args: [{ integrationId: id, kind: 'manual' }],
        }) as Promise<RunOutcome>,
    );

    expect(outcome).toMatchObject({ status: 'success', data: { count: 2 }, attempt: 2 });
    expect(source.received.filter((request) => request.path === '/items')).toHaveLength(2);
    // Not an hour, and not the 2 s of a plain first retry: the cap.
    const elapsed = await elapsedMs(workflowId);
    expect(elapsed).toBeGreaterThanOrEqual(MAX_RETRY_DELAY_MS);
    expect(elapsed).toBeLessThan(MAX_RETRY_DELAY_MS + 30_000);
    const runs = await t.db.sql`
      select status, attempt from runs where workflow_id = ${workflowId}`;
    expect(runs).toEqual([{ status: 'success', attempt: 2 }]);
  });
});

describe('pruneRetention', () => {
  it('deletes runs older than 90 days, audit rows older than a year and day-old runs left under way, and keeps recent ones', async () => {
    const id = await createActiveIntegration();
    const insertRun = (workflowId: string, daysAgo: number) => t.db.sql`
      insert into runs (integration_id, kind, workflow_id, run_id, attempt, status, started_at, duration_ms)
      values (${id}, 'manual', ${workflowId}, ${randomUUID()}, 1, 'success',
              now() - make_interval(days => ${daysAgo}), 10)`;
    const insertAudit = (action: string, daysAgo: number) => t.db.sql`
      insert into audit_log (user_id, action, at)
      values (${user.id}, ${action}, now() - make_interval(days => ${daysAgo}))`;
    await insertRun('retention:expired', 91);
    await insertRun('retention:recent', 89);
    await insertAudit('retention.expired', 366);
    await insertAudit('retention.recent', 364);
    // A run left "under way" by a workflow that ended without its record (ADR 037).
    const insertInFlight = (workflowId: string, hoursAgo: number) => t.db.sql`
      insert into runs_in_flight
        (workflow_id, run_id, integration_id, kind, started_at, attempt, attempt_started_at)
      values (${workflowId}, ${randomUUID()}, ${id}, 'manual',
              now() - make_interval(hours => ${hoursAgo}), 1,
              now() - make_interval(hours => ${hoursAgo}))`;
    await insertInFlight('retention:stale', 25);
    await insertInFlight('retention:under-way', 0);

    await withWorker({ pruneRetention: createPruneRetention({ sql: t.db.sql }) }, (taskQueue) =>
      env.client.workflow.execute(WORKFLOW_NAMES.pruneRetention, {
        taskQueue,
        workflowId: `housekeeping-${randomUUID()}`,
      }),
    );

    const runs = await t.db.sql`
      select workflow_id from runs where workflow_id like 'retention:%' order by workflow_id`;
    expect(runs).toEqual([{ workflow_id: 'retention:recent' }]);
    const audit = await t.db.sql`
      select action from audit_log where action like 'retention.%' order by action`;
    expect(audit).toEqual([{ action: 'retention.recent' }]);
    const inFlight = await t.db.sql`
      select workflow_id from runs_in_flight where workflow_id like 'retention:%'`;
    expect(inFlight).toEqual([{ workflow_id: 'retention:under-way' }]);
  });
});
