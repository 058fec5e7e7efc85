// The webhook outbox (ADR 047) on real PostgreSQL, the shared Temporal dev server and a real
// worker: a delivery is kept before its 202, runs start later exactly once, and neither a drainer
// that is down nor an API killed with SIGKILL loses or repeats an event.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { webhookEventWorkflowId } from '@patchbay/workflows';
import { freePort } from '../../../scripts/lib/ports.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';
import { startWebhookOutbox, startWebhookWorkflow } from './webhook-outbox.ts';
import { createWebhookIntegration as createTestWebhook } from './webhook-integration.test-support.ts';

const SECRET = 'whsec_outbox_signing_secret_0123456789';
// The body's keys as the code sees them: in the sender's order, which jsonb would not keep.
const CODE = `export default async function run(ctx) {
  return { event: ctx.event.id, keys: Object.keys(ctx.event.body) };
}\n`;
const apiEntry = fileURLToPath(new URL('../main.ts', import.meta.url));

const taskQueue = `test-outbox-${randomUUID()}`;
let t: TestApp;
let worker: TestWorker;
let user: TestUser;

beforeAll(async () => {
  // No outbox in this app: the tests start one when they mean the runs to start.
  t = await createTestApp({ taskQueue, drainWebhooks: false });
  worker = await startTestWorker({ databaseUrl: t.db.url, vault: t.deps.vault, taskQueue });
  user = await createTestUser(t, { plan: 'pro' });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

const createWebhookIntegration = () => createTestWebhook(t, user, { secret: SECRET, code: CODE });

function signed(eventId: string): { body: string; headers: Record<string, string> } {
  // Keys in an order jsonb would not keep: ctx.event.body must arrive as the sender wrote it.
  const body = JSON.stringify({ type: 'customer.subscription.deleted', id: eventId, data: {} });
  const at = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', SECRET).update(`${at}.${body}`).digest('hex');
  return {
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${at},v1=${v1}` },
  };
}

function deliver(path: string, eventId: string) {
  const { body, headers } = signed(eventId);
  return t.app.request(path, { method: 'POST', headers, body });
}

interface EventRow {
  event_id: string;
  status: string;
  accepted: boolean;
  workflow_id: string | null;
  input: unknown;
}

function eventRows(integrationId: string): Promise<EventRow[]> {
  return t.db.sql<EventRow[]>`
    select event_id, status, accepted, workflow_id, input::jsonb as input from webhook_events
    where integration_id = ${integrationId} order by id`;
}

async function workflowExists(workflowId: string): Promise<boolean> {
  try {
    await t.deps.temporal.workflow.getHandle(workflowId).describe();
    return true;
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

/** Successful runs recorded per workflow id, once every one of `workflowIds` has one. */
async function runsPerWorkflow(workflowIds: string[]): Promise<Map<string, number>> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await t.db.sql<{ workflow_id: string; runs: number }[]>`
      select workflow_id, count(*)::int as runs from runs
      where workflow_id = any(${workflowIds}) and status = 'success' group by workflow_id`;
    if (rows.length === workflowIds.length || Date.now() > deadline)
      return new Map(rows.map((row) => [row.workflow_id, row.runs]));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function waitUntilStarted(integrationId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await eventRows(integrationId)).some((row) => row.status === 'queued')) {
    if (Date.now() > deadline) throw new Error('the outbox left events queued');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('an accepted delivery', () => {
  it('is in PostgreSQL before its 202, is answered duplicate while queued, and its run starts once when two outboxes drain', async () => {
    const { id, path } = await createWebhookIntegration();
    const eventIds = ['evt_queued_1', 'evt_queued_2', 'evt_queued_3'];
    for (const eventId of eventIds) {
      const answer = await deliver(path, eventId);
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({
        accepted: true,
        eventId,
        workflowId: webhookEventWorkflowId(id, eventId),
      });
    }
    // Kept, not started: nothing drains in this app.
    const kept = await eventRows(id);
    expect(kept.map((row) => [row.event_id, row.status, row.accepted])).toEqual(
      eventIds.map((eventId) => [eventId, 'queued', true]),
    );
    expect(kept[0]?.input).toMatchObject({ id: 'evt_queued_1', body: { id: 'evt_queued_1' } });
    expect(await workflowExists(webhookEventWorkflowId(id, 'evt_queued_1'))).toBe(false);

    // The events log shows them queued; a redelivery now is a duplicate, not a second event.
    const log = await user.request('GET', `/api/integrations/${id}/events`);
    const { events } = (await log.json()) as { events: { status: string }[] };
    expect(events.map((event) => event.status)).toEqual(['queued', 'queued', 'queued']);
    const again = await deliver(path, 'evt_queued_2');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ accepted: true, duplicate: true });

    // Two API replicas come up and drain the same rows at once.
    const outboxes = [startWebhookOutbox(t.deps), startWebhookOutbox(t.deps)];
    try {
      await waitUntilStarted(id);
    } finally {
      await Promise.all(outboxes.map((outbox) => outbox.stop()));
    }
    const workflowIds = eventIds.map((eventId) => webhookEventWorkflowId(id, eventId));
    const runs = await runsPerWorkflow(workflowIds);
    expect(workflowIds.map((workflowId) => runs.get(workflowId))).toEqual([1, 1, 1]);
    const after = await eventRows(id);
    expect(after.map((row) => row.status)).toEqual(['started', 'started', 'started', 'duplicate']);
    // The copy of the input goes once the workflow holds it.
    expect(after.every((row) => row.input === null)).toBe(true);
    const [run] = await t.db.sql<{ data: unknown }[]>`
      select data from runs where workflow_id = ${workflowIds[0] ?? ''}`;
    expect(run?.data).toEqual({ event: 'evt_queued_1', keys: ['type', 'id', 'data'] });
  });

  it('started by a process that died before marking it: the next outbox marks it and starts nothing new', async () => {
    const { id, path } = await createWebhookIntegration();
    expect((await deliver(path, 'evt_half_done')).status).toBe(202);
    const [row] = await eventRows(id);
    const workflowId = webhookEventWorkflowId(id, 'evt_half_done');
    // What the killed process got to do: the start, not the mark.
    expect(
      await startWebhookWorkflow(
        t.deps,
        id,
        row?.input as Parameters<typeof startWebhookWorkflow>[2],
        workflowId,
      ),
    ).toBe('started');

    const outbox = startWebhookOutbox(t.deps);
    try {
      await waitUntilStarted(id);
    } finally {
      await outbox.stop();
    }
    expect((await runsPerWorkflow([workflowId])).get(workflowId)).toBe(1);
  });

  it('stays queued while Temporal cannot be reached, and starts once it can', async () => {
    const { id, path } = await createWebhookIntegration();
    expect((await deliver(path, 'evt_temporal_down')).status).toBe(202);
    // Nothing listens there; without the client's retry interceptor each start fails at once.
    const nowhere = new Client({
      connection: Connection.lazy({
        address: `127.0.0.1:${await freePort()}`,
        connectTimeout: 200,
        interceptors: [],
      }),
    });
    const down = startWebhookOutbox(
      { sql: t.db.sql, temporal: nowhere, taskQueue },
      { maxBackoffMs: 500 },
    );
    try {
      await expect(down.drainOnce()).rejects.toThrow();
      expect((await eventRows(id)).map((row) => row.status)).toEqual(['queued']);
    } finally {
      await down.stop();
      await nowhere.connection.close().catch(() => {});
    }

    const up = startWebhookOutbox(t.deps);
    try {
      await waitUntilStarted(id);
    } finally {
      await up.stop();
    }
    const workflowId = webhookEventWorkflowId(id, 'evt_temporal_down');
    expect((await runsPerWorkflow([workflowId])).get(workflowId)).toBe(1);
  });
});

describe('during a burst', () => {
  it('holds the starts back while deliveries keep arriving, and no longer than its bound', async () => {
    const { id, path } = await createWebhookIntegration();
    // The poll is out of the way: only wakes, as the route gives them, start a pass.
    const outbox = startWebhookOutbox(t.deps, { pollMs: 600_000, quietMs: 2000, maxHoldMs: 4000 });
    try {
      await outbox.drainOnce();
      const startedAt = performance.now();
      // Deliveries well inside the quiet time of each other: nothing starts meanwhile.
      for (const eventId of ['evt_burst_1', 'evt_burst_2', 'evt_burst_3']) {
        expect((await deliver(path, eventId)).status).toBe(202);
        outbox.wake();
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await eventRows(id)).some((row) => row.status === 'started')).toBe(false);
      }
      // Deliveries that never pause: the bound starts them anyway.
      while ((await eventRows(id)).some((row) => row.status === 'queued')) {
        expect(performance.now() - startedAt).toBeLessThan(30_000);
        outbox.wake();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(performance.now() - startedAt).toBeGreaterThanOrEqual(4000);
    } finally {
      await outbox.stop();
    }
    const workflowIds = ['evt_burst_1', 'evt_burst_2', 'evt_burst_3'].map((eventId) =>
      webhookEventWorkflowId(id, eventId),
    );
    const runs = await runsPerWorkflow(workflowIds);
    expect(workflowIds.map((workflowId) => runs.get(workflowId))).toEqual([1, 1, 1]);
  });
});

describe('kill -9 of the API', () => {
  const apis = new Set<ChildProcess>();
  afterAll(() => {
    for (const api of apis) api.kill('SIGKILL');
  });

  /** The API as `npm start` runs it, on the test database and Temporal, until it listens. */
  async function startApi(port: number): Promise<ChildProcess> {
    const child = spawn(process.execPath, [apiEntry], {
      env: {
        ...process.env,
        DATABASE_URL: t.db.url,
        TEMPORAL_ADDRESS: inject('temporalAddress'),
        TEMPORAL_TASK_QUEUE: taskQueue,
        APP_ENCRYPTION_KEYS: `test:${t.deps.vault.keys.get('test')?.toString('base64')}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        AUTH_RATE_LIMIT_SCALE: '100',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    apis.add(child);
    child.once('exit', () => apis.delete(child));
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('api listening')) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`the API exited ${code}:\n${output}`)));
    });
    return child;
  }

  it('mid-burst loses no accepted event and starts none twice', async () => {
    const { id, path } = await createWebhookIntegration();
    const port = await freePort();
    let api = await startApi(port);
    const eventIds = Array.from({ length: 60 }, (_, i) => `evt_kill_${i}`);
    const queue = [...eventIds];
    const seenAccepted = new Set<string>();
    let answered = 0;
    // Providers: each event until a 2xx, a refused connection tried again shortly.
    const senders = Array.from({ length: 10 }, async () => {
      for (let eventId = queue.shift(); eventId !== undefined; eventId = queue.shift()) {
        for (;;) {
          const { body, headers } = signed(eventId);
          const response = await fetch(`http://127.0.0.1:${port}${path}`, {
            method: 'POST',
            headers,
            body,
          }).catch(() => null);
          if (response && response.status < 300) {
            const answer = (await response.json()) as { accepted: boolean };
            if (answer.accepted) seenAccepted.add(eventId);
            answered += 1;
            break;
          }
          await response?.body?.cancel();
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    });
    while (answered < 15) await new Promise((resolve) => setTimeout(resolve, 5));
    api.kill('SIGKILL');
    await new Promise((resolve) => api.once('exit', resolve));
    api = await startApi(port);
    await Promise.all(senders);
    expect(seenAccepted.size).toBe(eventIds.length);

    await waitUntilStarted(id);
    api.kill('SIGTERM');
    const rows = await eventRows(id);
    const acceptedRows = rows.filter((row) => row.accepted);
    // One accepted row per event, every one started; retries the kill cut short are duplicates.
    expect(acceptedRows.map((row) => row.event_id).sort()).toEqual([...eventIds].sort());
    expect(acceptedRows.every((row) => row.status === 'started')).toBe(true);
    const workflowIds = eventIds.map((eventId) => webhookEventWorkflowId(id, eventId));
    const runs = await runsPerWorkflow(workflowIds);
    expect(workflowIds.filter((workflowId) => runs.get(workflowId) !== 1)).toEqual([]);
  });
});
