// Replay a fix against a failed run's recording (ADR 023), re-run as it ran or with the current
// code, and the run history's filters and detail view. Real Temporal, worker and sandbox; the
// third-party APIs are HTTP servers on loopback that count what they receive.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TReplayResponse, TRunDetail, TRunsPage } from '@patchbay/schema';
import { startFakeApi, type FakeApi } from '../../../scripts/test-support/fake-api.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';

// Copies customers into contacts; Grace's email is malformed at the source.
const BROKEN_CODE = `export default async function run(ctx) {
  const page = await ctx.source.get('/v1/customers', { query: { limit: 2 } });
  for (const c of page.data) {
    await ctx.destination.post('/contacts', { json: { email: c.email, name: c.name } });
  }
  ctx.log('copied ' + page.data.length);
  return { copied: page.data.length };
}
`;
// The fix: repair the email before writing it.
const FIXED_CODE = BROKEN_CODE.replace(
  '{ email: c.email, name: c.name }',
  "{ email: c.email.replace(' at ', '@'), name: c.name }",
);

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
  await source?.close();
  await destination?.close();
  await worker.stop();
  await t.close();
});

beforeEach(async () => {
  await source?.close();
  await destination?.close();
  source = await startFakeApi();
  destination = await startFakeApi();
  source.on('GET /v1/customers', {
    json: {
      data: [
        { email: 'ada@example.com', name: 'Ada' },
        { email: 'grace at example.com', name: 'Grace' },
      ],
    },
  });
  // The destination refuses a malformed email with 422, as a real CRM would.
  destination.on('POST /contacts', (request) => {
    const body = request.body as { email?: string };
    return body.email?.includes('@')
      ? { status: 201, json: { id: `c-${body.email}` } }
      : { status: 422, json: { error: 'email: invalid' } };
  });
});

async function createIntegration(code = BROKEN_CODE): Promise<string> {
  const response = await user.request('POST', '/api/integrations', {
    name: 'Customers to contacts',
    userPrompt: 'Copy customers into contacts.',
    sourceApiName: 'Loopback source',
    sourceApiUrl: source.url,
    sourceAuthType: 'api-key',
    sourceAuthConfig: { in: 'query', name: 'api_key' },
    sourceApiKeyEncrypted: 'source-key-abcdefghijklmnop',
    destApiName: 'Loopback destination',
    destApiUrl: destination.url,
    destAuthType: 'bearer',
    destApiKeyEncrypted: 'dest-token-qrstuvwxyz012345',
    generatedCode: code,
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  // Paused: Run now refuses drafts, and no schedule ticks during the test.
  await user.request('PUT', `/api/integrations/${id}`, { status: 'paused' });
  return id;
}

async function runsOf(id: string, query = ''): Promise<TRunsPage> {
  const response = await user.request('GET', `/api/integrations/${id}/runs${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TRunsPage;
}

/** Starts a deployed run and waits for its end; returns its run record id. */
async function runToEnd(path: string, body?: unknown): Promise<{ workflowId: string }> {
  const started = await user.request('POST', path, body);
  expect(started.status).toBe(202);
  const { workflowId } = (await started.json()) as { workflowId: string };
  await t.deps.temporal.workflow
    .getHandle(workflowId)
    .result()
    .catch(() => undefined);
  return { workflowId };
}

async function failedRun(id: string): Promise<string> {
  await runToEnd(`/api/integrations/${id}/run`);
  const [run] = (await runsOf(id)).runs;
  expect(run).toMatchObject({ kind: 'manual', status: 'failed', codeVersion: 1 });
  expect(run?.error?.message).toContain('→ 422');
  return run?.id ?? '';
}

describe('replay: POST /api/integrations/:id/runs/:runId/replay', () => {
  it('shows the fix writing the corrected record, and nothing leaves the machine', async () => {
    const id = await createIntegration();
    const runId = await failedRun(id);
    const sourceBefore = source.received.length;
    const destinationBefore = destination.received.length;
    expect(destinationBefore).toBe(2);

    const response = await user.request('POST', `/api/integrations/${id}/runs/${runId}/replay`, {
      code: FIXED_CODE,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as TReplayResponse;

    // The loopback APIs received nothing during the replay.
    expect(source.received.length).toBe(sourceBefore);
    expect(destination.received.length).toBe(destinationBefore);

    expect(body.recorded).toMatchObject({ id: runId, status: 'failed', codeVersion: 1 });
    expect(body.recorded.writes).toEqual([
      expect.objectContaining({
        side: 'destination',
        method: 'POST',
        path: '/contacts',
        body: { email: 'ada@example.com', name: 'Ada' },
        status: 201,
      }),
      expect.objectContaining({
        body: { email: 'grace at example.com', name: 'Grace' },
        status: 422,
      }),
    ]);
    expect(body.replay).toMatchObject({ status: 'success', data: { copied: 2 }, error: null });
    expect(body.replay.writes).toEqual([
      expect.objectContaining({
        side: 'destination',
        method: 'POST',
        path: '/contacts',
        body: { email: 'ada@example.com', name: 'Ada' },
        status: null,
      }),
      expect.objectContaining({ body: { email: 'grace@example.com', name: 'Grace' } }),
    ]);
    expect(body.replay.logs.join('\n')).toContain('copied 2');
    // The read was answered from the recording: it is in the replay's transcript, redacted.
    expect(body.replay.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'GET /v1/customers',
    ]);
    expect(JSON.stringify(body)).not.toContain('source-key-abcdefghijklmnop');

    // Recorded like a test run: kind replay, no code version, no state committed.
    const replays = await runsOf(id, '?kind=replay');
    expect(replays.runs).toEqual([
      expect.objectContaining({ kind: 'replay', status: 'success', codeVersion: null }),
    ]);
    const state = (await (await user.request('GET', `/api/integrations/${id}/state`)).json()) as {
      version: number;
    };
    expect(state.version).toBe(0);
  });

  it('fails with a clear message naming a request the recording has no answer to', async () => {
    const id = await createIntegration();
    const runId = await failedRun(id);
    const before = source.received.length + destination.received.length;
    const paging = BROKEN_CODE.replace(
      "ctx.log('copied '",
      "await ctx.source.get('/v1/customers', { query: { page: 2 } });\n  ctx.log('copied '",
    ).replace('email: c.email,', "email: c.email.replace(' at ', '@'),");
    const response = await user.request('POST', `/api/integrations/${id}/runs/${runId}/replay`, {
      code: paging,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as TReplayResponse;
    expect(body.replay.status).toBe('failed');
    expect(body.replay.error?.message).toContain('no recorded answer for GET /v1/customers?page=2');
    expect(source.received.length + destination.received.length).toBe(before);
  });

  it('answers repeated reads in their recorded order, and refuses bad requests', async () => {
    const id = await createIntegration();
    const runId = await failedRun(id);
    // The recording has one GET /v1/customers?limit=2: a second one has no answer.
    const twice = FIXED_CODE.replace(
      "ctx.log('copied '",
      "await ctx.source.get('/v1/customers', { query: { limit: 2 } });\n  ctx.log('copied '",
    );
    const body = (await (
      await user.request('POST', `/api/integrations/${id}/runs/${runId}/replay`, { code: twice })
    ).json()) as TReplayResponse;
    expect(body.replay.error?.message).toContain(
      'no recorded answer for GET /v1/customers?limit=2: the recorded run did not make this request this many times',
    );

    const empty = await user.request('POST', `/api/integrations/${id}/runs/${runId}/replay`, {
      code: '  ',
    });
    expect(empty.status).toBe(400);
    const missing = await user.request('POST', `/api/integrations/${id}/runs/999999/replay`, {
      code: FIXED_CODE,
    });
    expect(missing.status).toBe(404);
    const junk = await user.request('POST', `/api/integrations/${id}/runs/abc/replay`, {
      code: FIXED_CODE,
    });
    expect(junk.status).toBe(404);
  });
});

describe('re-run: POST /api/integrations/:id/runs/:runId/rerun', () => {
  it("'as-ran' runs the version the run ran; 'current' the deployed code, and commits", async () => {
    const id = await createIntegration();
    const runId = await failedRun(id);
    // Deploy the fix: version 2.
    const deploy = await user.request('PUT', `/api/integrations/${id}`, {
      generatedCode: FIXED_CODE,
      status: 'active',
    });
    expect(deploy.status).toBe(200);
    const posted = () => destination.received.map((r) => (r.body as { email: string }).email);
    expect(posted()).toEqual(['ada@example.com', 'grace at example.com']);

    await runToEnd(`/api/integrations/${id}/runs/${runId}/rerun`, { code: 'as-ran' });
    // The old version ran again: the same malformed write, the same failure.
    expect(posted().slice(2)).toEqual(['ada@example.com', 'grace at example.com']);
    const [asRan] = (await runsOf(id)).runs;
    expect(asRan).toMatchObject({ kind: 'rerun', status: 'failed', codeVersion: 1 });

    await runToEnd(`/api/integrations/${id}/runs/${runId}/rerun`, { code: 'current' });
    expect(posted().slice(4)).toEqual(['ada@example.com', 'grace@example.com']);
    const [current] = (await runsOf(id)).runs;
    expect(current).toMatchObject({ kind: 'rerun', status: 'success', codeVersion: 2 });
    // A re-run is a deployed run: it recovered the integration.
    const integration = (await (await user.request('GET', `/api/integrations/${id}`)).json()) as {
      status: string;
    };
    expect(integration.status).toBe('active');
    // Pause again: no schedule tick during the rest of the suite.
    await user.request('PUT', `/api/integrations/${id}`, { status: 'paused' });
  });

  it('re-runs and replays a webhook run with the event it had', async () => {
    const code = `export default async function run(ctx) {
  await ctx.source.get('/v1/customers', { query: { limit: 2 } });
  await ctx.destination.post('/contacts', { json: { email: ctx.event.body.email, name: 'Lin' } });
  return { event: ctx.event.id };
}
`;
    const id = await createIntegration(code);
    const event = {
      id: 'evt_42',
      receivedAt: new Date().toISOString(),
      headers: { 'content-type': 'application/json' },
      body: { email: 'lin@example.com' },
    };
    // The webhook intake starts runIntegration so, with the event in its input.
    const handle = await t.deps.temporal.workflow.start('runIntegration', {
      taskQueue: t.deps.taskQueue,
      workflowId: `event:${id}:${event.id}`,
      args: [{ integrationId: id, kind: 'webhook', event }],
    });
    await handle.result();
    const [webhookRun] = (await runsOf(id)).runs;
    expect(webhookRun).toMatchObject({ kind: 'webhook', status: 'success' });

    await runToEnd(`/api/integrations/${id}/runs/${webhookRun?.id}/rerun`, { code: 'as-ran' });
    const [rerun] = (await runsOf(id)).runs;
    expect(rerun).toMatchObject({ kind: 'rerun', status: 'success' });
    const rerunDetail = (await (
      await user.request('GET', `/api/integrations/${id}/runs/${rerun?.id}`)
    ).json()) as TRunDetail;
    expect(rerunDetail.data).toEqual({ event: 'evt_42' });
    expect(destination.received.map((r) => r.body)).toEqual([
      { email: 'lin@example.com', name: 'Lin' },
      { email: 'lin@example.com', name: 'Lin' },
    ]);

    const replayed = (await (
      await user.request('POST', `/api/integrations/${id}/runs/${webhookRun?.id}/replay`, {
        code: code.replace("name: 'Lin'", "name: 'Lin (replayed)'"),
      })
    ).json()) as TReplayResponse;
    expect(replayed.replay).toMatchObject({ status: 'success', data: { event: 'evt_42' } });
    expect(replayed.replay.writes.map((write) => write.body)).toEqual([
      { email: 'lin@example.com', name: 'Lin (replayed)' },
    ]);
    expect(destination.received).toHaveLength(2);
  });

  it('refuses test runs, unknown runs and bad bodies', async () => {
    const id = await createIntegration(FIXED_CODE);
    const test = await user.request('POST', `/api/integrations/${id}/execute`, { testMode: true });
    expect(test.status).toBe(200);
    const [testRun] = (await runsOf(id)).runs;
    const refused = await user.request(
      'POST',
      `/api/integrations/${id}/runs/${testRun?.id}/rerun`,
      {
        code: 'current',
      },
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('NOT_DEPLOYED_RUN');
    const bad = await user.request('POST', `/api/integrations/${id}/runs/${testRun?.id}/rerun`, {
      code: 'latest',
    });
    expect(bad.status).toBe(400);
    const missing = await user.request('POST', `/api/integrations/${id}/runs/123456789/rerun`, {
      code: 'current',
    });
    expect(missing.status).toBe(404);
  });
});

describe('run history: filters, summaries and the detail view', () => {
  it('filters by kind and status, lists without transcripts, and shows one run whole', async () => {
    const id = await createIntegration();
    await failedRun(id);
    await user.request('POST', `/api/integrations/${id}/execute`, { testMode: true });

    const all = await runsOf(id);
    expect(all.runs.map((run) => run.kind)).toEqual(['test', 'manual']);
    for (const run of all.runs) {
      expect(run).not.toHaveProperty('requests');
      expect(run).not.toHaveProperty('logs');
    }
    expect((await runsOf(id, '?kind=manual')).runs.map((run) => run.kind)).toEqual(['manual']);
    expect((await runsOf(id, '?status=failed')).runs.map((run) => run.status)).toEqual([
      'failed',
      'failed',
    ]);
    expect((await runsOf(id, '?kind=webhook')).runs).toEqual([]);
    // Filters and paging together: one failed run per page.
    const firstPage = await runsOf(id, '?status=failed&limit=1');
    expect(firstPage.runs.map((run) => run.kind)).toEqual(['test']);
    const secondPage = await runsOf(id, `?status=failed&limit=1&before=${firstPage.nextBefore}`);
    expect(secondPage.runs.map((run) => run.kind)).toEqual(['manual']);
    expect(secondPage.nextBefore).toBeNull();
    const badKind = await user.request('GET', `/api/integrations/${id}/runs?kind=cron`);
    expect(badKind.status).toBe(400);

    const manual = all.runs[1];
    const detail = await user.request('GET', `/api/integrations/${id}/runs/${manual?.id}`);
    expect(detail.status).toBe(200);
    const run = (await detail.json()) as TRunDetail;
    expect(run).toMatchObject({ id: manual?.id, kind: 'manual', status: 'failed', codeVersion: 1 });
    expect(run.requests.map((r) => `${r.method} ${new URL(r.url).pathname} ${r.status}`)).toEqual([
      'GET /v1/customers 200',
      'POST /contacts 201',
      'POST /contacts 422',
    ]);
    // The source's key travelled in the query: the stored transcript has it redacted.
    expect(JSON.stringify(run)).not.toContain('source-key-abcdefghijklmnop');
    const other = await createIntegration();
    expect(
      (await user.request('GET', `/api/integrations/${other}/runs/${manual?.id}`)).status,
    ).toBe(404);
  });
});
