// `npm start` as a user runs it: the real start script, real PostgreSQL, Temporal,
// worker and API, stopped the way a terminal's Ctrl-C stops it.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Connection, Client } from '@temporalio/client';
import postgres from 'postgres';
import { createPayloadCodec } from '@patchbay/schema/temporal-codec';
import { parseKeyRing } from '@patchbay/schema/vault';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { isAlive } from './lib/processes.ts';
import { serviceBundlePath } from './lib/service-bundles.ts';
import { startFakeApi } from './test-support/fake-api.ts';
import { runStart, stackPorts, type StartedProcess } from './test-support/run-start.ts';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-start-'));
  dataDirs.push(dir);
  return dir;
}

function childPid(dir: string, name: string): number {
  const pid = runState(dir).children.find((child) => child.name === name)?.pid;
  if (pid === undefined) throw new Error(`no ${name} in run.json`);
  return pid;
}

function runState(dir: string): { children: { name: string; pid: number }[] } {
  return JSON.parse(readFileSync(path.join(dir, 'run.json'), 'utf8')) as {
    children: { name: string; pid: number }[];
  };
}

/** A Node or Go stack trace line: nothing prints one on a normal stop. */
const STACK_LINE = /^\s*(at \S.*:\d+:\d+\)?|goroutine \d+ \[)\s*$/m;

async function untilHealthy(port: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`http://localhost:${port}/api/health`)
      .then(
        async (response) =>
          response.ok && ((await response.json()) as { status?: string }).status === 'ok',
      )
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error('/api/health did not return to ok');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function ping(port: string): Promise<Response> {
  return fetch(`http://localhost:${port}/api/ping`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ message: 'in flight across a restart' }),
  });
}

/** The processes in process group `pgid`: what a terminal's Ctrl-C signals. */
function processGroup(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command name (in parentheses): state, ppid, pgrp, …
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) members.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return members;
}

const COPY_CODE = `export default async function run(ctx) {
  const since = (await ctx.state.get('cursor')) ?? 0;
  const page = await ctx.source.get('/items', { query: { after: since } });
  for (const item of page.items) await ctx.destination.post('/copies', { json: item });
  await ctx.state.set('cursor', page.items.at(-1)?.id ?? since);
  await ctx.state.set('runs', ((await ctx.state.get('runs')) ?? 0) + 1);
  return { copied: page.items.length };
}
`;

/** Signs up through the API and returns a request function carrying the session cookie. */
async function signUp(port: string) {
  const origin = `http://localhost:${port}`;
  const signup = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: `start-${Date.now()}@example.com`, password: 'test password' }),
  });
  expect(signup.status).toBe(201);
  const cookie = (signup.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  return (method: string, url: string, body?: unknown) =>
    fetch(`${origin}${url}`, {
      method,
      headers: { cookie, origin, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

function ownedPids(dir: string): number[] {
  const state = runState(dir);
  const postmaster = Number(
    readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  return [...state.children.map((child) => child.pid), postmaster];
}

const running: StartedProcess[] = [];
afterEach(async () => {
  for (const start of running.splice(0)) {
    if (!isAlive(start.pid)) continue;
    start.interrupt();
    await start.exited;
  }
});

function start(env: Record<string, string>, options?: { viaBootstrap?: boolean }): StartedProcess {
  const started = runStart(env, options);
  running.push(started);
  return started;
}

describe('npm start', () => {
  it('runs the stack, heals a crashed worker and API, stops cleanly on Ctrl-C, and finds its data again on the next start', async () => {
    const dir = dataDir();
    // A PostgreSQL folder left half-initialised by an interrupted first start.
    mkdirSync(path.join(dir, 'postgres'));
    writeFileSync(path.join(dir, 'postgres', 'postgresql.conf'), '# half written');
    // The test's third-party APIs are HTTP servers on loopback.
    const env = { ...(await stackPorts()), DATA_DIR: dir, SANDBOX_ALLOW_PRIVATE_NETWORK: 'true' };

    // Launched as `npm start` is: bootstrap.mjs, whose process group gets the terminal's signals.
    const first = start(env, { viaBootstrap: true });
    await first.waitForOutput(/Press Ctrl-C to stop/);
    // Node 24 can exec: bootstrap.mjs became start.ts, so no launcher stays behind (ADR 002),
    // and start.ts runs from its bundle, without Node's type stripper (ADR 048).
    expect(readFileSync(`/proc/${first.pid}/cmdline`, 'utf8')).toContain(
      serviceBundlePath('start'),
    );
    // The API and the worker run with V8 sized for memory rather than speed (ADR 039).
    for (const name of ['api', 'worker'] as const) {
      expect(readFileSync(`/proc/${childPid(dir, name)}/cmdline`, 'utf8').split('\0')).toEqual(
        expect.arrayContaining(['--optimize-for-size', serviceBundlePath(name)]),
      );
    }
    expect(first.output()).toMatch(
      /half-initialised PostgreSQL folder; moved it to .*postgres\.incomplete-/,
    );
    expect(readdirSync(dir).some((name) => name.startsWith('postgres.incomplete-'))).toBe(true);
    // The embedded default's credential key: generated once, loudly, then reused.
    expect(first.output()).toContain('WARNING: generated a new credential encryption key');
    const key = readFileSync(path.join(dir, 'secret.key'), 'utf8');
    expect(key).toMatch(/^local1:[A-Za-z0-9+/]{43}=\n$/);
    expect(first.output()).toContain(`Console          http://localhost:${env.PORT}`);
    expect(first.output()).toContain(`Temporal Web UI  http://localhost:${env.TEMPORAL_UI_PORT}`);
    const pingWorkflowId = /Self-check\s+ping workflow (ping:[0-9a-f-]+) answered/.exec(
      first.output(),
    )?.[1];
    expect(pingWorkflowId).toBeDefined();

    const health = await fetch(`http://localhost:${env.PORT}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', database: 'ok', temporal: 'ok' });
    // Idle keep-alive sockets outlive pooling clients' (no ECONNRESET on reuse; api/src/main.ts).
    expect(health.headers.get('keep-alive')).toBe('timeout=65');
    const page = await fetch(`http://localhost:${env.PORT}/`);
    expect(await page.text()).toContain('<div id="root">');

    const databaseUrl = `postgres://patchbay:patchbay@127.0.0.1:${env.EMBEDDED_POSTGRES_PORT}/patchbay`;
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await sql`create table survives_restart (note text)`;
    await sql`insert into survives_restart values ('still here')`;
    await sql.end();

    // The worker killed with SIGKILL in the middle of a deployed run is restarted;
    // Temporal retries the activity on the new worker, and the run commits its state once.
    const source = await startFakeApi();
    const destination = await startFakeApi();
    try {
      source.on('GET /items', (request) => {
        const after = Number(request.query.get('after') ?? 0);
        return { json: { items: [{ id: 1 }, { id: 2 }].filter((item) => item.id > after) } };
      });
      // The first answer is held back, so the run is in flight when the worker dies.
      destination.on('POST /copies', [
        { status: 201, json: {}, delayMs: 4000 },
        { status: 201, json: {} },
      ]);
      const request = await signUp(env.PORT);
      const created = await request('POST', '/api/integrations', {
        userPrompt: 'Copy every new item from the source to the destination.',
        sourceApiName: 'Items',
        sourceApiUrl: source.url,
        sourceAuthType: 'none',
        destApiName: 'Copies',
        destApiUrl: destination.url,
        destAuthType: 'none',
        generatedCode: COPY_CODE,
        // Run now only: a Schedule's quarter-hour tick mid-test would add a run of its own.
        trigger: 'manual',
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      expect((await request('PUT', `/api/integrations/${id}`, { status: 'active' })).status).toBe(
        200,
      );
      const run = await request('POST', `/api/integrations/${id}/run`);
      const { workflowId } = (await run.json()) as { workflowId: string };
      for (let i = 0; !destination.received.some((r) => r.path === '/copies'); i++) {
        if (i > 200) throw new Error('the run never reached the destination');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const worker = childPid(dir, 'worker');
      process.kill(worker, 'SIGKILL');
      await first.waitForOutput(/worker crashed \(killed by SIGKILL\); restarting it in \d+ s/);
      // A ping started while the worker is down waits in Temporal for the new one.
      expect((await ping(env.PORT)).status).toBe(200);
      expect(childPid(dir, 'worker')).not.toBe(worker);
      await untilHealthy(env.PORT);

      const sql = postgres(
        `postgres://patchbay:patchbay@127.0.0.1:${env.EMBEDDED_POSTGRES_PORT}/patchbay`,
        { max: 1, onnotice: () => {} },
      );
      try {
        const connection = await Connection.connect({
          address: `127.0.0.1:${env.TEMPORAL_PORT}`,
        });
        // The run's result is encrypted with the stack's key (ADR 009, payload codec).
        const dataConverter = { payloadCodecs: [createPayloadCodec(parseKeyRing(key))] };
        await new Client({ connection, dataConverter }).workflow.getHandle(workflowId).result();
        await connection.close();
        const runs = await sql`
          select status from runs where workflow_id = ${workflowId} order by id`;
        expect(runs).toEqual([{ status: 'success' }]);
        expect(
          await sql`select key, value from integration_state where integration_id = ${id} order by key`,
        ).toEqual([
          { key: 'cursor', value: 2 },
          { key: 'runs', value: 1 },
        ]);
      } finally {
        await sql.end();
      }
    } finally {
      await source.close();
      await destination.close();
    }

    // The API killed with SIGKILL comes back on the same port.
    const api = childPid(dir, 'api');
    process.kill(api, 'SIGKILL');
    await first.waitForOutput(/api crashed \(killed by SIGKILL\); restarting it in \d+ s/);
    await untilHealthy(env.PORT);
    expect(childPid(dir, 'api')).not.toBe(api);
    expect((await ping(env.PORT)).status).toBe(200);

    // Ctrl-C is SIGINT to the terminal's whole foreground process group. Only the
    // launcher is in it; start.ts stops the services in order, and nothing prints a stack.
    const pids = ownedPids(dir);
    // Only the launcher (bootstrap.mjs) is in the group the terminal signals; start.ts and
    // every service are in groups of their own.
    expect(processGroup(first.pid)).toEqual([first.pid]);
    for (const pid of pids) expect(processGroup(pid)).toContain(pid);
    const postmaster = pids.at(-1) ?? 0;
    // PostgreSQL goes last: it must still run when the API and worker are gone.
    const postgresUpAfterWorkerStopped = first
      .waitForOutput(/patchbay: stopping Temporal/)
      .then(() => isAlive(postmaster));
    const before = first.output().length;
    first.interrupt();
    expect(await first.exited).toBe(0);
    expect(await postgresUpAfterWorkerStopped).toBe(true);
    const stopping = first.output().slice(before);
    expect(stopping).toContain('patchbay: stopped.');
    const order = ['stopping api', 'stopping worker', 'stopping Temporal', 'stopping PostgreSQL'];
    const positions = order.map((line) => stopping.indexOf(`patchbay: ${line}`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(stopping).not.toMatch(STACK_LINE);
    expect(stopping).not.toMatch(/crashed|exited unexpectedly|Error/);
    expect(pids.filter(isAlive)).toEqual([]);
    expect(readdirSync(dir)).not.toContain('run.json');

    const second = start(env);
    await second.waitForOutput(/Press Ctrl-C to stop/);
    expect(second.output()).not.toContain('generated a new credential encryption key');
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8')).toBe(key);
    const again = postgres(databaseUrl, { max: 1 });
    expect(await again`select note from survives_restart`).toEqual([{ note: 'still here' }]);
    await again.end();
    const connection = await Connection.connect({ address: `127.0.0.1:${env.TEMPORAL_PORT}` });
    const described = await new Client({ connection }).workflow
      .getHandle(pingWorkflowId ?? '')
      .describe();
    expect(described.status.name).toBe('COMPLETED');
    await connection.close();
  }, 240_000);

  it('stops the leftovers of a start that was killed, then starts normally', async () => {
    const dir = dataDir();
    const env = { ...(await stackPorts()), DATA_DIR: dir };
    const first = start(env);
    await first.waitForOutput(/Press Ctrl-C to stop/);
    const leftovers = ownedPids(dir);
    process.kill(first.pid, 'SIGKILL');
    await first.exited;
    expect(leftovers.every(isAlive)).toBe(true);

    const second = start(env);
    await second.waitForOutput(/Press Ctrl-C to stop/);
    expect(second.output()).toMatch(
      /stopping (Temporal|worker|api) left running by an earlier start/,
    );
    expect(second.output()).toMatch(/stopping a PostgreSQL left running by an earlier start/);
    expect(leftovers.filter(isAlive)).toEqual([]);
  });

  it('refuses a port that is already taken, naming the variable to change', async () => {
    const blocker = net.createServer();
    const env = { ...(await stackPorts()), DATA_DIR: dataDir() };
    await new Promise<void>((resolve) =>
      blocker.listen(Number(env.EMBEDDED_POSTGRES_PORT), '127.0.0.1', resolve),
    );
    try {
      const started = start(env);
      expect(await started.exited).toBe(1);
      expect(started.output()).toContain(
        `Port ${env.EMBEDDED_POSTGRES_PORT} (embedded PostgreSQL) is already in use. Stop the program that listens there, or set EMBEDDED_POSTGRES_PORT to another port.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('stops at once on a malformed APP_ENCRYPTION_KEYS', async () => {
    const started = start({
      ...(await stackPorts()),
      DATA_DIR: dataDir(),
      APP_ENCRYPTION_KEYS: 'k1:tooshort',
    });
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('APP_ENCRYPTION_KEYS: key "k1" must be 32 bytes of base64');
  });

  it('stops at once on a bad environment value, naming the variable', async () => {
    const started = start({ ...(await stackPorts()), DATA_DIR: dataDir(), PORT: 'three thousand' });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/PORT: .*\(got "three thousand"\)/);
  });
});
