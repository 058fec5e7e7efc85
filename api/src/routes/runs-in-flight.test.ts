// Runs you can follow while they retry (ADR 037). A deployed run is listed as under way from
// its first attempt, with the attempt and when the next is due; once recorded, its duration is
// the wall clock from start to end, beside the last attempt's own time. A failed integration
// stays failed through pause and resume until a run succeeds. Real Temporal dev server, real
// worker and sandbox, a loopback destination.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIntegration, TRunsPage } from '@patchbay/schema';
import type { FakeApi } from '../../../scripts/test-support/fake-api.ts';
import {
  CONTACT_CODE as CODE,
  startRunStack,
  type RunStack,
} from '../../../scripts/test-support/run-stack.ts';
import type { TestApp, TestUser } from '../../../scripts/test-support/test-app.ts';

let stack: RunStack;
let t: TestApp;
let destination: FakeApi;
let owner: TestUser;

beforeAll(async () => {
  stack = await startRunStack();
  ({ t, destination, owner } = stack);
});
afterAll(async () => {
  await stack.close();
});

/** Deployed with only Run now as its trigger, so no schedule tick joins in. */
async function deployed(code: string): Promise<string> {
  const id = await stack.create(code);
  const deploy = await owner.request('PUT', `/api/integrations/${id}`, {
    generatedCode: code,
    status: 'active',
    trigger: 'manual',
  });
  expect(deploy.status).toBe(200);
  return id;
}

async function runNow(id: string): Promise<string> {
  const started = await owner.request('POST', `/api/integrations/${id}/run`);
  expect(started.status).toBe(202);
  return ((await started.json()) as { workflowId: string }).workflowId;
}

async function finished(workflowId: string): Promise<void> {
  await t.deps.temporal.workflow
    .getHandle(workflowId)
    .result()
    .catch(() => undefined);
}

async function runsPage(id: string, query = ''): Promise<TRunsPage> {
  const response = await owner.request('GET', `/api/integrations/${id}/runs${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as TRunsPage;
}

async function status(id: string): Promise<TIntegration['status']> {
  return ((await (await owner.request('GET', `/api/integrations/${id}`)).json()) as TIntegration)
    .status;
}

/** Polls until `read` finds what it waits for. */
async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('a deployed run under way', () => {
  it('is listed from its first attempt, then with the failure and when the next attempt is due', async () => {
    destination.on('POST /contacts', [
      // The first attempt is slow, so the page can see it running; then busy, then busy, then taken.
      { status: 503, json: { error: 'busy' }, delayMs: 1_500 },
      { status: 503, json: { error: 'still busy' } },
      { status: 201, json: { ok: true } },
    ]);
    const id = await deployed(CODE);
    const workflowId = await runNow(id);

    const running = await until(async () => {
      const page = await runsPage(id);
      return page.inFlight.find((run) => run.workflowId === workflowId && run.state === 'running');
    }, 'the first attempt under way');
    expect(running).toMatchObject({ kind: 'manual', attempt: 1, maxAttempts: 5, attempts: [] });
    expect(running.nextAttemptAt).toBeNull();

    const waiting = await until(async () => {
      const page = await runsPage(id);
      return page.inFlight.find((run) => run.workflowId === workflowId && run.state === 'waiting');
    }, 'the wait after the first failure');
    expect(waiting.attempt).toBe(1);
    expect(waiting.attempts).toHaveLength(1);
    expect(waiting.attempts[0]?.error?.message).toContain('503');
    // The policy's first backoff is 2 s after the failed attempt ended.
    const failed = waiting.attempts[0]!;
    const failedEnd = Date.parse(failed.startedAt!) + failed.durationMs;
    expect(Date.parse(waiting.nextAttemptAt!) - failedEnd).toBe(2_000);
    // The history filtered by outcome has no room for a run without one.
    expect((await runsPage(id, '?status=failed')).inFlight).toEqual([]);

    await finished(workflowId);
    const page = await runsPage(id);
    expect(page.inFlight).toEqual([]);
    const run = page.runs.find((r) => r.workflowId === workflowId)!;
    expect(run.status).toBe('success');
    expect(run.attempts.map((attempt) => attempt.status)).toEqual(['failed', 'failed', 'success']);
    // Wall clock: the slow first attempt, 2 s and 4 s of backoff and the rest.
    expect(run.durationMs).toBeGreaterThanOrEqual(1_500 + 2_000 + 4_000);
    // The last attempt's own time is apart: the waits and earlier attempts are not in it.
    expect(run.durationMs - run.lastAttemptMs).toBeGreaterThanOrEqual(1_500 + 2_000 + 4_000);
    expect(run.lastAttemptMs).toBe(run.attempts[2]?.durationMs);
    expect(run.startedAt).toBe(run.attempts[0]?.startedAt);
    expect(Date.parse(run.startedAt)).toBeLessThanOrEqual(Date.parse(running.startedAt) + 1_000);
  }, 60_000);
});

/** Fails for good while the destination's /mode says so. */
const FAILING_CODE = `export default async function run(ctx) {
  const mode = await ctx.destination.get('/mode');
  if (mode.fail) throw new ctx.NonRetryableError('the CRM refused the contact');
  return { ok: true };
}`;

describe('a failed integration paused and resumed', () => {
  it('stays failed until a run succeeds', async () => {
    destination.on('GET /mode', { status: 200, json: { fail: true } });
    const id = await deployed(FAILING_CODE);
    await finished(await runNow(id));
    expect(await status(id)).toBe('failed');

    const paused = await owner.request('PUT', `/api/integrations/${id}`, { status: 'paused' });
    expect(((await paused.json()) as TIntegration).status).toBe('paused');
    const resumed = await owner.request('PUT', `/api/integrations/${id}`, { status: 'active' });
    expect(resumed.status).toBe(200);
    expect(((await resumed.json()) as TIntegration).status).toBe('failed');

    // A success clears it; pausing and resuming then gives an active integration.
    destination.on('GET /mode', { status: 200, json: { fail: false } });
    await finished(await runNow(id));
    expect(await status(id)).toBe('active');
    await owner.request('PUT', `/api/integrations/${id}`, { status: 'paused' });
    const again = await owner.request('PUT', `/api/integrations/${id}`, { status: 'active' });
    expect(((await again.json()) as TIntegration).status).toBe('active');
  }, 60_000);

  it('is active again after a deploy of new code, which is a fresh start', async () => {
    destination.on('GET /mode', { status: 200, json: { fail: true } });
    const id = await deployed(FAILING_CODE);
    await finished(await runNow(id));
    expect(await status(id)).toBe('failed');
    await owner.request('PUT', `/api/integrations/${id}`, { status: 'paused' });
    const redeployed = await owner.request('PUT', `/api/integrations/${id}`, {
      generatedCode: `${FAILING_CODE}\n// fixed`,
      status: 'active',
    });
    expect(((await redeployed.json()) as TIntegration).status).toBe('active');
  }, 60_000);
});
