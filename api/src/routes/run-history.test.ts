// A user reads their own run's timeline from Temporal's history through the API
// (the Temporal Web UI is for operators). Real Temporal dev server, real worker and sandbox,
// loopback APIs; the history's failure messages are encrypted and decoded by the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeApi } from '../../../scripts/test-support/fake-api.ts';
import {
  CONTACT_CODE as CODE,
  startRunStack,
  type RunStack,
} from '../../../scripts/test-support/run-stack.ts';
import {
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';

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

async function pausedIntegration(code: string): Promise<string> {
  const id = await stack.create(code);
  await owner.request('PUT', `/api/integrations/${id}`, { status: 'paused' });
  return id;
}

async function runNow(id: string): Promise<string> {
  const { workflowId } = (await (
    await owner.request('POST', `/api/integrations/${id}/run`)
  ).json()) as { workflowId: string };
  await t.deps.temporal.workflow
    .getHandle(workflowId)
    .result()
    .catch(() => undefined);
  const { runs } = (await (await owner.request('GET', `/api/integrations/${id}/runs`)).json()) as {
    runs: { id: string; workflowId: string }[];
  };
  const run = runs.find((r) => r.workflowId === workflowId);
  if (!run) throw new Error('the run was not recorded');
  return run.id;
}

type Timeline = {
  entries: { step: string; attempt?: number; waitedMs?: number; message?: string }[];
};

describe('GET /api/integrations/:id/runs/:runId/history', () => {
  it('shows a retried run: the first failure, the wait, the attempt that succeeded', async () => {
    destination.on('POST /contacts', [
      { status: 503, json: { error: 'busy' } },
      { status: 201, json: { ok: true } },
    ]);
    const id = await pausedIntegration(CODE);
    const runId = await runNow(id);

    const response = await owner.request('GET', `/api/integrations/${id}/runs/${runId}/history`);
    expect(response.status).toBe(200);
    const { entries } = (await response.json()) as Timeline;
    expect(entries.map((entry) => entry.step)).toEqual([
      'run-started',
      'attempt-started',
      'attempt-succeeded',
      'run-succeeded',
    ]);
    const retry = entries[1]!;
    expect(retry.attempt).toBe(2);
    // The 2 s backoff of the retry policy, and the first attempt's error, decrypted.
    expect(retry.waitedMs).toBeGreaterThanOrEqual(2000);
    expect(retry.message).toContain('503');
  });

  it('shows a failed run: the error, the failed run recorded, the run failed', async () => {
    const id = await pausedIntegration(
      "export default async function run(ctx) { throw new ctx.NonRetryableError('the CRM refused the contact'); }",
    );
    const runId = await runNow(id);
    const { entries } = (await (
      await owner.request('GET', `/api/integrations/${id}/runs/${runId}/history`)
    ).json()) as Timeline;
    expect(entries.map((entry) => entry.step)).toEqual([
      'run-started',
      'attempt-started',
      'attempt-failed',
      'run-recorded-failed',
      'run-failed',
    ]);
    expect(entries[2]?.message).toContain('the CRM refused the contact');
  });

  it('is scoped to the owner: another user, an unknown run and a malformed id are 404', async () => {
    destination.on('POST /contacts', { status: 201, json: { ok: true } });
    const id = await pausedIntegration(CODE);
    const runId = await runNow(id);
    const stranger = await createTestUser(t);
    expect(
      (await stranger.request('GET', `/api/integrations/${id}/runs/${runId}/history`)).status,
    ).toBe(404);
    expect(
      (await owner.request('GET', `/api/integrations/${id}/runs/999999999/history`)).status,
    ).toBe(404);
    expect(
      (await owner.request('GET', `/api/integrations/${id}/runs/not-a-run/history`)).status,
    ).toBe(404);
  });
});
