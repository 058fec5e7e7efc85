// The product's central promise, tested by breaking things on purpose (ADR 011):
// a Temporal dev server with a database file, real worker processes started and
// killed with SIGKILL, and a restart of the server and the API.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { integrationScheduleId } from '@patchbay/workflows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileSchedules } from '../api/src/runtime/reconcile-schedules.ts';
import { describeSchedule } from '../api/src/runtime/schedules.ts';
import { createTemporalClient } from '../api/src/temporal.ts';
import { freePort } from './lib/ports.ts';
import { startTemporalDevServer, type RunningTemporal } from './lib/temporal-server.ts';
import { startFakeApi, type FakeApi } from './test-support/fake-api.ts';
import { temporalCliPath } from './test-support/temporal-cli.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from './test-support/test-app.ts';

const workerEntry = fileURLToPath(new URL('../workers/src/main.ts', import.meta.url));

const CODE = `export default async function run(ctx) {
  const since = (await ctx.state.get('cursor')) ?? 0;
  const page = await ctx.source.get('/items', { query: { after: since } });
  for (const item of page.items) await ctx.destination.post('/copies', { json: item });
  await ctx.state.set('cursor', page.items.at(-1)?.id ?? since);
  await ctx.state.set('runs', ((await ctx.state.get('runs')) ?? 0) + 1);
  return { copied: page.items.length };
}
`;

let dataDir: string;
let temporalPorts: { port: number; uiPort: number };
let temporal: RunningTemporal;
let t: TestApp;
let user: TestUser;
let source: FakeApi;
let destination: FakeApi;
const taskQueue = `durability-${randomUUID()}`;
const workers = new Set<ChildProcess>();

function startWorkerProcess(): ChildProcess {
  const child = spawn(process.execPath, [workerEntry], {
    env: {
      ...process.env,
      DATABASE_URL: t.db.url,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      APP_ENCRYPTION_KEYS: `test:${t.deps.vault.keys.get('test')?.toString('base64')}`,
      SANDBOX_ALLOW_PRIVATE_NETWORK: 'true',
      SANDBOX_POOL_SIZE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', (code, signal) => {
    workers.delete(child);
    if (code !== 0 && signal !== 'SIGKILL' && signal !== 'SIGTERM')
      console.error(`worker exited ${code}:\n${output}`);
  });
  workers.add(child);
  return child;
}

async function startTemporal(): Promise<RunningTemporal> {
  return startTemporalDevServer({
    cli: temporalCliPath(),
    dbFile: path.join(dataDir, 'temporal.db'),
    port: temporalPorts.port,
    uiPort: temporalPorts.uiPort,
  });
}

async function until<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-durability-'));
  temporalPorts = { port: await freePort(), uiPort: await freePort() };
  temporal = await startTemporal();
  t = await createTestApp({ temporalAddress: temporal.address, taskQueue });
  user = await createTestUser(t, { plan: 'pro' });
  source = await startFakeApi();
  destination = await startFakeApi();
  source.on('GET /items', (request) => {
    const after = Number(request.query.get('after') ?? 0);
    return { json: { items: [{ id: 1 }, { id: 2 }].filter((item) => item.id > after) } };
  });
  destination.on('POST /copies', { status: 201, json: {} });
});

afterAll(async () => {
  for (const child of workers) child.kill('SIGTERM');
  await t?.close();
  await temporal?.stop();
  await source?.close();
  await destination?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A deployed integration. Without a schedule it is triggered manually: an interval
 * Schedule ticks on the clock's quarter hours, and a tick in the middle of a test would add a
 * run of its own.
 */
async function createDeployed(schedule?: { everyMinutes: number }): Promise<string> {
  const response = await user.request('POST', '/api/integrations', {
    userPrompt: 'Copy every new item from the source to the destination.',
    sourceApiName: 'Items',
    sourceApiUrl: source.url,
    sourceAuthType: 'none',
    destApiName: 'Copies',
    destApiUrl: destination.url,
    destAuthType: 'none',
    generatedCode: CODE,
    ...(schedule ? { schedule } : { trigger: 'manual' }),
  });
  const { id } = (await response.json()) as { id: string };
  expect((await user.request('PUT', `/api/integrations/${id}`, { status: 'active' })).status).toBe(
    200,
  );
  return id;
}

async function successRecords(workflowId: string): Promise<number> {
  const [row] = await t.db
    .sql`select count(*)::int as n from runs where workflow_id = ${workflowId} and status = 'success'`;
  return row?.n ?? 0;
}

describe('durability', () => {
  it('a worker killed with SIGKILL mid-run: after a restart the run completes exactly once, state committed once', async () => {
    const id = await createDeployed();
    // The destination holds its first answer, so the run is in flight when the worker dies.
    destination.on('POST /copies', [
      { status: 201, json: {}, delayMs: 4000 },
      { status: 201, json: {} },
    ]);
    const first = startWorkerProcess();
    const started = (await (await user.request('POST', `/api/integrations/${id}/run`)).json()) as {
      workflowId: string;
    };
    await until(
      async () => destination.received.some((request) => request.path === '/copies'),
      'the run to reach the destination',
    );
    first.kill('SIGKILL');

    startWorkerProcess();
    await t.deps.temporal.workflow.getHandle(started.workflowId).result();
    expect(await successRecords(started.workflowId)).toBe(1);
    const state = await t.db
      .sql`select key, value from integration_state where integration_id = ${id} order by key`;
    expect(state).toEqual([
      { key: 'cursor', value: 2 },
      { key: 'runs', value: 1 },
    ]);
    const [{ state_version } = { state_version: '0' }] = await t.db
      .sql`select state_version from integrations where id = ${id}`;
    expect(Number(state_version)).toBe(1);
  });

  it('the Temporal server and the API restarted: schedules, paused state and history survive, and the next tick runs', async () => {
    if (workers.size === 0) startWorkerProcess();
    const ticking = await createDeployed({ everyMinutes: 1 });
    const paused = await createDeployed({ everyMinutes: 15 });
    await user.request('PUT', `/api/integrations/${paused}`, { status: 'paused' });
    const before = (await (
      await user.request('POST', `/api/integrations/${paused}/run`)
    ).json()) as { workflowId: string };
    await t.deps.temporal.workflow.getHandle(before.workflowId).result();
    // ADR 016: the server's SQLite file is in WAL mode, and what it committed survives below.
    expect(existsSync(path.join(dataDir, 'temporal.db-wal'))).toBe(true);
    // ADR 039: with its Go heap collected at GOGC=25, and the same guarantees below.
    const serverEnv = readFileSync(`/proc/${temporal.service.child.pid}/environ`, 'utf8');
    expect(serverEnv.split('\0')).toContain('GOGC=25');

    // Stop everything but the database: the worker, the Temporal server, the API's client.
    for (const child of workers) child.kill('SIGTERM');
    await until(async () => workers.size === 0, 'the worker to stop');
    await temporal.stop();
    await t.deps.temporal.connection.close();
    temporal = await startTemporal();
    // A restarted API: a new Temporal client on the same database.
    const client = createTemporalClient({
      address: temporal.address,
      namespace: 'default',
      tls: false,
      keyRing: t.deps.vault,
    });
    t.deps.temporal = client;
    startWorkerProcess();

    // What the API does at start: reconcile. Nothing should need fixing.
    expect(await reconcileSchedules({ sql: t.db.sql, temporal: client, taskQueue })).toMatchObject({
      created: 0,
      fixed: 0,
    });
    expect((await describeSchedule(client, paused))?.paused).toBe(true);
    expect((await describeSchedule(client, ticking))?.paused).toBe(false);
    expect((await client.workflow.getHandle(before.workflowId).describe()).status.name).toBe(
      'COMPLETED',
    );
    expect(await successRecords(before.workflowId)).toBe(1);

    // The 1-minute schedule fires on its own after the restart.
    await until(
      async () => {
        const [row] = await t.db
          .sql`select count(*)::int as n from runs where integration_id = ${ticking} and kind = 'scheduled' and status = 'success'`;
        return (row?.n ?? 0) > 0;
      },
      'a scheduled run after the restart',
      100_000,
    );
    const scheduleInfo = await client.schedule.getHandle(integrationScheduleId(ticking)).describe();
    expect(scheduleInfo.info.recentActions.length).toBeGreaterThan(0);
  }, 240_000);
});
