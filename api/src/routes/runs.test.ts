// Test runs and deployed runs through the API, on the real Temporal dev server and a real
// worker with its sandbox; the third-party APIs are HTTP servers on loopback.
import { CTX_CONTRACT_EXAMPLE, intervalOffsetSeconds } from '@patchbay/schema';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { integrationScheduleId } from '@patchbay/workflows';
import { startFakeApi, type FakeApi } from '../../../scripts/test-support/fake-api.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';
import { reconcileSchedules } from '../runtime/reconcile-schedules.ts';
import { describeSchedule, syncSchedule } from '../runtime/schedules.ts';

// The ctx contract's example: a cursor in saved state, one POST per new customer.
// The very example the docs and the LLM prompt show, so it is proven to run.
const SYNC_CODE = CTX_CONTRACT_EXAMPLE;

const SOURCE_TOKEN = 'src-token-abcdefghijklmnop';
const DEST_KEY = 'dest-key-qrstuvwxyz012345';

let t: TestApp;
let worker: TestWorker;
let source: FakeApi;
let destination: FakeApi;
let user: TestUser;

beforeAll(async () => {
  const taskQueue = `test-${randomUUID()}`;
  t = await createTestApp({ taskQueue, workflowWaitMs: 45_000 });
  worker = await startTestWorker({ databaseUrl: t.db.url, vault: t.deps.vault, taskQueue });
  user = await createTestUser(t, { plan: 'pro' });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

beforeEach(async () => {
  await source?.close();
  await destination?.close();
  source = await startFakeApi();
  destination = await startFakeApi();
  source.on('GET /v1/customers', (request) => {
    const since = Number(request.query.get('created_gt') ?? 0);
    const all = [
      { email: 'ada@example.com', name: 'Ada', created: 100 },
      { email: 'grace@example.com', name: 'Grace', created: 200 },
    ];
    return { json: { data: all.filter((c) => c.created > since) } };
  });
  destination.on('POST /contacts', { status: 201, json: { ok: true } });
});

async function createIntegration(code = SYNC_CODE): Promise<string> {
  const response = await user.request('POST', '/api/integrations', {
    name: 'Customers to contacts',
    userPrompt: 'Copy new customers from the source into contacts at the destination.',
    sourceApiName: 'Source',
    sourceApiUrl: source.url,
    sourceAuthType: 'bearer',
    sourceApiKeyEncrypted: SOURCE_TOKEN,
    destApiName: 'Destination',
    destApiUrl: destination.url,
    destAuthType: 'api-key',
    destAuthConfig: { in: 'header', name: 'X-Api-Key' },
    destApiKeyEncrypted: DEST_KEY,
    generatedCode: code,
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  // Paused, not a draft: Run now refuses drafts, and no schedule ticks meanwhile.
  expect((await user.request('PUT', `/api/integrations/${id}`, { status: 'paused' })).status).toBe(
    200,
  );
  return id;
}

async function stateOf(id: string) {
  return (await (await user.request('GET', `/api/integrations/${id}/state`)).json()) as {
    version: number;
    values: Record<string, unknown>;
  };
}

async function runsOf(id: string) {
  return (await (await user.request('GET', `/api/integrations/${id}/runs`)).json()) as {
    runs: {
      kind: string;
      status: string;
      attempts: {
        attempt: number;
        status: string;
        error?: { name: string; message: string };
        durationMs: number;
        waitMs?: number;
        waitReason?: string;
      }[];
      logs: string[];
      error: { message: string } | null;
      temporalUrl: string;
      workflowId: string;
    }[];
    nextBefore: number | null;
  };
}

async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('test runs: POST /api/integrations/:id/execute', () => {
  it('runs the code in the sandbox and answers status, data, logs and the redacted transcript', async () => {
    const id = await createIntegration();
    const response = await user.request('POST', `/api/integrations/${id}/execute`, {
      testMode: true,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      status: string;
      data: unknown;
      logs: string[];
      requests: {
        method: string;
        url: string;
        status: number;
        requestHeaders: Record<string, string>;
      }[];
      stateChanges: { set: Record<string, unknown> };
      workflowId: string;
    };
    expect(body).toMatchObject({
      status: 'success',
      data: { synced: 2 },
      stateChanges: { set: { cursor: 200 } },
    });
    expect(body.logs.join('\n')).toContain('synced 2 customers');
    expect(body.requests.map((r) => `${r.method} ${new URL(r.url).pathname} ${r.status}`)).toEqual([
      'GET /v1/customers 200',
      'POST /contacts 201',
      'POST /contacts 201',
    ]);
    expect(body.workflowId).toMatch(new RegExp(`^test:${id}:[0-9a-f-]{36}$`));
    // The host added the credentials; the transcript never shows them.
    expect(source.received[0]?.headers.authorization).toBe(`Bearer ${SOURCE_TOKEN}`);
    expect(destination.received[0]?.headers['x-api-key']).toBe(DEST_KEY);
    expect(JSON.stringify(body)).not.toContain(SOURCE_TOKEN);
    expect(JSON.stringify(body)).not.toContain(DEST_KEY);

    // Recorded as a test run, visible in Temporal, and the state was not committed.
    const { runs } = await runsOf(id);
    expect(runs[0]).toMatchObject({
      kind: 'test',
      status: 'success',
      attempts: [{ attempt: 1, status: 'success', durationMs: expect.any(Number) }],
    });
    expect(runs[0]?.temporalUrl).toContain(
      `/namespaces/default/workflows/${encodeURIComponent(body.workflowId)}/`,
    );
    expect((await t.deps.temporal.workflow.getHandle(body.workflowId).describe()).status.name).toBe(
      'COMPLETED',
    );
    expect(await stateOf(id)).toEqual({ version: 0, values: {} });
  });

  it('records a run whose source answers NUL characters (PostgreSQL refuses them in jsonb)', async () => {
    source.on('GET /v1/odd', { json: { name: 'a\u0000b' } });
    const id = await createIntegration(
      "export default async function run(ctx) {\n  const { name } = await ctx.source.get('/v1/odd');\n  ctx.log('got', name);\n  return { name };\n}\n",
    );
    const response = await user.request('POST', `/api/integrations/${id}/execute`, {
      testMode: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'success', data: { name: 'a\u0000b' } });
    const { runs } = await runsOf(id);
    expect(runs[0]).toMatchObject({ kind: 'test', status: 'success' });
  });

  it("answers a failing run with the error at the user's line", async () => {
    const id = await createIntegration(
      'export default async function run(ctx) {\n  const x = 1;\n  throw new Error("boom at line 3");\n}\n',
    );
    const body = (await (
      await user.request('POST', `/api/integrations/${id}/execute`, { testMode: true })
    ).json()) as {
      status: string;
      error: { message: string; line: number };
    };
    expect(body.status).toBe('failed');
    expect(body.error).toMatchObject({
      message: expect.stringContaining('boom at line 3'),
      line: 3,
    });
  });

  it('refuses a body other than {testMode: true}, code-less integrations, and other users', async () => {
    const id = await createIntegration();
    expect(
      (await user.request('POST', `/api/integrations/${id}/execute`, { testMode: false })).status,
    ).toBe(400);
    expect((await user.request('POST', `/api/integrations/${id}/execute`, {})).status).toBe(400);
    const empty = await createIntegration('');
    expect(
      (await user.request('POST', `/api/integrations/${empty}/execute`, { testMode: true })).status,
    ).toBe(409);
    const stranger = await createTestUser(t);
    expect(
      (await stranger.request('POST', `/api/integrations/${id}/execute`, { testMode: true }))
        .status,
    ).toBe(404);
  });
});

describe('deployed runs', () => {
  it('deploy creates the schedule; pause, resume and delete follow it', async () => {
    const id = await createIntegration();
    const deploy = await user.request('PUT', `/api/integrations/${id}`, {
      generatedCode: SYNC_CODE,
      status: 'active',
    });
    expect(deploy.status).toBe(200);
    expect(await describeSchedule(t.deps.temporal, id)).toEqual({
      paused: false,
      everyMs: 15 * 60_000,
      offsetMs: intervalOffsetSeconds(15, id) * 1000,
    });
    const description = await t.deps.temporal.schedule
      .getHandle(integrationScheduleId(id))
      .describe();
    expect(description.policies.overlap).toBe('SKIP');
    expect(description.action).toMatchObject({
      type: 'startWorkflow',
      workflowType: 'runIntegration',
    });

    await user.request('PUT', `/api/integrations/${id}`, { status: 'paused' });
    expect((await describeSchedule(t.deps.temporal, id))?.paused).toBe(true);
    await user.request('PUT', `/api/integrations/${id}`, {
      status: 'active',
      schedule: { everyMinutes: 5 },
    });
    expect(await describeSchedule(t.deps.temporal, id)).toEqual({
      paused: false,
      everyMs: 5 * 60_000,
      offsetMs: intervalOffsetSeconds(5, id) * 1000,
    });
    expect((await user.request('DELETE', `/api/integrations/${id}`)).status).toBe(204);
    expect(await describeSchedule(t.deps.temporal, id)).toBeNull();
  });

  it('"Run now" records a manual run and commits its state once', async () => {
    const id = await createIntegration();
    const started = await user.request('POST', `/api/integrations/${id}/run`);
    expect(started.status).toBe(202);
    const { workflowId } = (await started.json()) as { workflowId: string };
    await t.deps.temporal.workflow.getHandle(workflowId).result();
    expect(await stateOf(id)).toEqual({ version: 1, values: { cursor: 200 } });
    expect((await runsOf(id)).runs[0]).toMatchObject({
      kind: 'manual',
      status: 'success',
      attempts: [{ attempt: 1, status: 'success', durationMs: expect.any(Number) }],
    });

    // The next run starts from the committed cursor: nothing new to copy.
    const again = (await (await user.request('POST', `/api/integrations/${id}/run`)).json()) as {
      workflowId: string;
    };
    await t.deps.temporal.workflow.getHandle(again.workflowId).result();
    expect(destination.received.filter((r) => r.path === '/contacts')).toHaveLength(2);
    const usage = (await (await user.request('GET', '/api/usage')).json()) as {
      executionsThisMonth: { used: number };
    };
    expect(usage.executionsThisMonth.used).toBeGreaterThanOrEqual(2);
  });

  it('refuses Run now on a draft with 409; test runs still work on it', async () => {
    const response = await user.request('POST', '/api/integrations', {
      userPrompt: 'Copy new customers from the source into contacts at the destination.',
      sourceApiName: 'Source',
      sourceApiUrl: source.url,
      sourceAuthType: 'none',
      destApiName: 'Destination',
      destApiUrl: destination.url,
      destAuthType: 'none',
      generatedCode: 'export default async function run() { return 1; }\n',
    });
    const { id, status } = (await response.json()) as { id: string; status: string };
    expect(status).toBe('draft');
    const refused = await user.request('POST', `/api/integrations/${id}/run`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'DRAFT',
      message: expect.stringContaining('deploy it before running it'),
    });
    expect((await runsOf(id)).runs).toEqual([]);
  });

  it('retries a 503 twice, succeeds on attempt 3 with one run record and state committed once', async () => {
    const id = await createIntegration();
    destination.on('POST /contacts', [
      { status: 503, json: { error: 'busy' } },
      { status: 503, json: { error: 'busy' } },
      { status: 201, json: {} },
    ]);
    const { workflowId } = (await (
      await user.request('POST', `/api/integrations/${id}/run`)
    ).json()) as { workflowId: string };
    await t.deps.temporal.workflow.getHandle(workflowId).result();
    const { runs } = await runsOf(id);
    expect(runs.filter((run) => run.workflowId === workflowId)).toEqual([
      expect.objectContaining({ status: 'success' }),
    ]);
    // The two failures stay visible, each with its error and the backoff after it.
    const busy = { name: expect.any(String), message: expect.stringContaining('503') };
    expect(runs[0]?.attempts).toEqual([
      {
        attempt: 1,
        status: 'failed',
        error: busy,
        durationMs: expect.any(Number),
        startedAt: expect.any(String),
        waitMs: 2000,
        waitReason: 'backoff',
      },
      {
        attempt: 2,
        status: 'failed',
        error: busy,
        durationMs: expect.any(Number),
        startedAt: expect.any(String),
        waitMs: 4000,
        waitReason: 'backoff',
      },
      {
        attempt: 3,
        status: 'success',
        durationMs: expect.any(Number),
        startedAt: expect.any(String),
      },
    ]);
    expect(await stateOf(id)).toEqual({ version: 1, values: { cursor: 200 } });
  });

  it('waits at least Retry-After before retrying a 429', async () => {
    const id = await createIntegration();
    source.on('GET /v1/customers', [
      { status: 429, json: { error: 'slow down' }, headers: { 'retry-after': '3' } },
      { json: { data: [] } },
    ]);
    const { workflowId } = (await (
      await user.request('POST', `/api/integrations/${id}/run`)
    ).json()) as { workflowId: string };
    await t.deps.temporal.workflow.getHandle(workflowId).result();
    const [first, second] = source.received.filter((r) => r.path === '/v1/customers');
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(3000);
    // The run history says why the run waited: the API's Retry-After.
    expect((await runsOf(id)).runs[0]?.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        status: 'failed',
        waitMs: 3000,
        waitReason: 'retry-after',
      }),
      expect.objectContaining({ attempt: 2, status: 'success' }),
    ]);
  });

  it('does not retry an error the code marks as not worth retrying; the integration is failed until a success', async () => {
    const id = await createIntegration(
      'export default async function run(ctx) {\n  if (!(await ctx.state.get("ok"))) throw new ctx.NonRetryableError("bad configuration");\n  return { fine: true };\n}\n',
    );
    await user.request('PUT', `/api/integrations/${id}`, { status: 'active' });
    const first = (await (await user.request('POST', `/api/integrations/${id}/run`)).json()) as {
      workflowId: string;
    };
    await expect(t.deps.temporal.workflow.getHandle(first.workflowId).result()).rejects.toThrow();
    const failedRun = (await runsOf(id)).runs[0];
    expect(failedRun).toMatchObject({
      kind: 'manual',
      status: 'failed',
      // Not retryable: one attempt, and no wait after it.
      attempts: [
        {
          attempt: 1,
          status: 'failed',
          error: expect.objectContaining({ message: expect.stringContaining('bad configuration') }),
          durationMs: expect.any(Number),
        },
      ],
    });
    expect(failedRun?.error?.message).toContain('bad configuration');
    expect(
      ((await (await user.request('GET', `/api/integrations/${id}`)).json()) as { status: string })
        .status,
    ).toBe('failed');

    const { version } = await stateOf(id);
    await user.request('PUT', `/api/integrations/${id}/state`, { version, values: { ok: true } });
    const second = (await (await user.request('POST', `/api/integrations/${id}/run`)).json()) as {
      workflowId: string;
    };
    await t.deps.temporal.workflow.getHandle(second.workflowId).result();
    expect(
      ((await (await user.request('GET', `/api/integrations/${id}`)).json()) as { status: string })
        .status,
    ).toBe('active');
  });

  it('pages the run history newest first', async () => {
    const id = await createIntegration('export default async function run() { return 1; }\n');
    for (let i = 0; i < 3; i++) {
      const { workflowId } = (await (
        await user.request('POST', `/api/integrations/${id}/run`)
      ).json()) as { workflowId: string };
      await t.deps.temporal.workflow.getHandle(workflowId).result();
    }
    const first = (await (
      await user.request('GET', `/api/integrations/${id}/runs?limit=2`)
    ).json()) as { runs: { id: string }[]; nextBefore: number };
    expect(first.runs).toHaveLength(2);
    const second = (await (
      await user.request('GET', `/api/integrations/${id}/runs?limit=2&before=${first.nextBefore}`)
    ).json()) as {
      runs: { id: string }[];
      nextBefore: number | null;
    };
    expect(second.runs).toHaveLength(1);
    expect(second.nextBefore).toBeNull();
    expect(Number(first.runs[0]?.id)).toBeGreaterThan(Number(first.runs[1]?.id));
  });
});

describe('saved state, by hand', () => {
  it('edits with a version check', async () => {
    const id = await createIntegration();
    const edited = await user.request('PUT', `/api/integrations/${id}/state`, {
      version: 0,
      values: { cursor: 150 },
    });
    expect(await edited.json()).toEqual({ version: 1, values: { cursor: 150 } });
    const stale = await user.request('PUT', `/api/integrations/${id}/state`, {
      version: 0,
      values: { cursor: 0 },
    });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'STATE_CHANGED' });
    // The next run starts from the edited cursor.
    const { workflowId } = (await (
      await user.request('POST', `/api/integrations/${id}/run`)
    ).json()) as { workflowId: string };
    await t.deps.temporal.workflow.getHandle(workflowId).result();
    expect(
      destination.received
        .filter((r) => r.path === '/contacts')
        .map((r) => (r.body as { email: string }).email),
    ).toEqual(['grace@example.com']);
  });

  it('refuses an empty or overlong key in the words ctx.state uses, and keeps the state', async () => {
    const id = await createIntegration();
    for (const [key, rule] of [
      ['', 'the key must not be empty'],
      ['k'.repeat(201), 'the key must be at most 200 characters'],
    ] as const) {
      const refused = await user.request('PUT', `/api/integrations/${id}/state`, {
        version: 0,
        values: { cursor: 1, [key]: 1 },
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: `values: ${rule}`,
      });
    }
    expect(await stateOf(id)).toEqual({ version: 0, values: {} });
  });

  it('keeps null as a value, not as a missing one', async () => {
    const id = await createIntegration();
    const edited = await user.request('PUT', `/api/integrations/${id}/state`, {
      version: 0,
      values: { cursor: null, seen: [null] },
    });
    expect(edited.status).toBe(200);
    expect(await stateOf(id)).toEqual({ version: 1, values: { cursor: null, seen: [null] } });
  });
});

describe('state committed during a run', () => {
  it('a run whose state changed under it (a hand edit) does not overwrite it: it retries from the new state', async () => {
    const id = await createIntegration();
    // The first read is slow, so the edit lands while the run is in flight.
    source.on('GET /v1/customers', [
      { json: { data: [{ email: 'ada@example.com', name: 'Ada', created: 100 }] }, delayMs: 1500 },
      (request) => ({
        json: {
          data:
            Number(request.query.get('created_gt')) >= 500
              ? []
              : [{ email: 'x@example.com', name: 'X', created: 999 }],
        },
      }),
    ]);
    const { workflowId } = (await (
      await user.request('POST', `/api/integrations/${id}/run`)
    ).json()) as { workflowId: string };
    await waitFor(async () => source.received.length > 0, 'the run to start');
    const edit = await user.request('PUT', `/api/integrations/${id}/state`, {
      version: 0,
      values: { cursor: 500 },
    });
    expect(edit.status).toBe(200);
    await t.deps.temporal.workflow.getHandle(workflowId).result();
    // Attempt 1 (computed from cursor 0) could not commit; attempt 2 read the edited cursor.
    expect(source.received.map((request) => request.query.get('created_gt'))).toEqual(['0', '500']);
    expect(await stateOf(id)).toEqual({ version: 2, values: { cursor: 500 } });
    expect((await runsOf(id)).runs[0]).toMatchObject({
      status: 'success',
      attempts: [
        expect.objectContaining({
          attempt: 1,
          status: 'failed',
          error: expect.objectContaining({ name: 'StateChanged' }),
        }),
        expect.objectContaining({ attempt: 2, status: 'success' }),
      ],
    });
  });
});

describe('the reconciler', () => {
  it('recreates a schedule deleted behind our back, fixes its paused state, and removes orphans', async () => {
    const id = await createIntegration();
    await user.request('PUT', `/api/integrations/${id}`, { status: 'active' });
    await t.deps.temporal.schedule.getHandle(integrationScheduleId(id)).delete();
    const paused = await createIntegration();
    await user.request('PUT', `/api/integrations/${paused}`, { status: 'active' });
    await user.request('PUT', `/api/integrations/${paused}`, { status: 'paused' });
    await t.deps.temporal.schedule.getHandle(integrationScheduleId(paused)).unpause();
    const orphan = randomUUID();
    await syncSchedule(t.deps.temporal, t.deps.taskQueue, {
      id: orphan,
      status: 'active',
      schedule: { everyMinutes: 60 },
      trigger: 'schedule',
    });

    // Another deployment's Schedule on the same namespace (its own task queue): not ours to remove.
    const neighbours = randomUUID();
    await syncSchedule(t.deps.temporal, `other-${randomUUID()}`, {
      id: neighbours,
      status: 'active',
      schedule: { everyMinutes: 60 },
      trigger: 'schedule',
    });

    await waitFor(async () => {
      const report = await reconcileSchedules(t.deps);
      return (await describeSchedule(t.deps.temporal, orphan)) === null && report;
    }, 'the orphan to be listed and removed');
    expect(await describeSchedule(t.deps.temporal, neighbours)).not.toBeNull();
    await t.deps.temporal.schedule.getHandle(integrationScheduleId(neighbours)).delete();
    expect(await describeSchedule(t.deps.temporal, id)).toEqual({
      paused: false,
      everyMs: 15 * 60_000,
      offsetMs: intervalOffsetSeconds(15, id) * 1000,
    });
    expect((await describeSchedule(t.deps.temporal, paused))?.paused).toBe(true);
  });
});
