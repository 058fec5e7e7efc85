// The sandbox's speed and memory (ADR 012): a run on a cold pool and on a warm one,
// a run with one HTTP round trip through the host, and the runners' resident memory, idle and
// while four runs each hold about 50 MB (memory rows in MiB).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { SandboxPool, type SandboxRunInput } from '../../workers/src/sandbox/index.ts';
import { startServerThread } from '../../workers/src/sandbox/test-http-server.ts';
import { mainThreadCpu, smallArrays } from '../../workers/src/sandbox/test-load.ts';
import { runnerMemoryMiB } from './memory.ts';
import { summarize, type BenchRow } from './table.ts';

const NONE = {
  baseUrl: 'http://127.0.0.1:9',
  authType: 'none',
  authConfig: {},
  secret: null,
} as const;

function input(code: string): SandboxRunInput {
  return {
    code,
    source: NONE,
    destination: NONE,
    state: { cursor: 1 },
    run: { id: 'bench', attempt: 1, mode: 'test', scheduledAt: new Date().toISOString() },
    allowPrivateNetwork: true,
  };
}

const TRIVIAL = input(`export default async function run(ctx) {
  const cursor = await ctx.state.get('cursor');
  ctx.log('cursor', cursor);
  await ctx.state.set('cursor', cursor + 1);
  return { ok: true };
}`);

/** Holds ~50 MB in the isolate for a moment, so the sampler sees it. */
const ALLOCATE_50_MB = input(`export default async function run() {
  const chunks = [];
  for (let i = 0; i < 50; i++) chunks.push(new Uint8Array(1024 * 1024).fill(i + 1));
  const until = Date.now() + 400;
  while (Date.now() < until) {}
  return chunks.length;
}`);

const MIB = 1024 * 1024;

/** `samples` timings of `body`; with `restMs`, a pause before each that is not counted. */
async function timed(
  samples: number,
  body: () => Promise<void>,
  { restMs = 0 } = {},
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    if (restMs > 0) await sleep(restMs);
    const started = performance.now();
    await body();
    times.push(performance.now() - started);
  }
  return times;
}

async function expectSuccess(pool: SandboxPool, run: SandboxRunInput): Promise<void> {
  const result = await pool.run(run);
  if (result.status !== 'success') throw new Error(`bench run failed: ${result.error?.message}`);
}

export async function benchSandbox(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];

  // Cold: a new pool each time, so the sample pays for the fork, loading isolated-vm, the
  // first isolate and the run.
  const cold = await timed(15, async () => {
    const pool = new SandboxPool({ size: 1 });
    try {
      await expectSuccess(pool, TRIVIAL);
    } finally {
      await pool.close();
    }
  });
  rows.push({
    name: 'sandbox: cold start + trivial run',
    ...summarize(cold),
    note: '15 new pools',
  });

  const pool = new SandboxPool({ size: 1 });
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"data":[1,2,3]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    for (let i = 0; i < 10; i++) await expectSuccess(pool, TRIVIAL);
    const warm = await timed(200, () => expectSuccess(pool, TRIVIAL));
    rows.push({
      name: 'sandbox: trivial run, warm runner (fresh isolate)',
      ...summarize(warm),
      note: '200 back to back: each waits for the next isolate being made',
    });
    // As runs arrive in use, with a pause between them: the runner has made the next isolate.
    const rested = await timed(200, () => expectSuccess(pool, TRIVIAL), { restMs: 20 });
    rows.push({
      name: 'sandbox: trivial run, runner rested 20 ms (isolate made ahead)',
      ...summarize(rested),
      note: '200, the pause not counted',
    });

    const { port } = server.address() as AddressInfo;
    const fetchOne = input(`export default async function run(ctx) {
      const page = await ctx.fetch('http://127.0.0.1:${port}/items');
      return page.data.length;
    }`);
    for (let i = 0; i < 10; i++) await expectSuccess(pool, fetchOne);
    const withFetch = await timed(200, () => expectSuccess(pool, fetchOne));
    rows.push({
      name: 'sandbox: run with one ctx.fetch (loopback)',
      ...summarize(withFetch),
      note: '200 sequential',
    });
  } finally {
    await pool.close();
    server.close();
  }

  rows.push(...(await benchMemory()));
  rows.push(await benchHostileEventLoop());
  rows.push(await benchBigResponsesEventLoop());
  return rows;
}

// What hostile runs cost the worker's own event loop (which also heartbeats and
// polls Temporal). Eight runs at once, as a worker's pool runs them: half spin on refused host
// calls until the request budget stops them, half pull a 4 MB JSON response over and over.
const REFUSED_CALLS_LOOP = input(`export default async function run(ctx) {
  for (;;) { try { await ctx.fetch('ftp://example.com/'); } catch (error) { if (/budget|limit/i.test(String(error))) throw error; } }
}`);

function bigJsonLoop(port: number): SandboxRunInput {
  return input(`export default async function run(ctx) {
    let items = 0;
    for (let i = 0; i < 5; i++) items += (await ctx.fetch('http://127.0.0.1:${port}/big')).length;
    return items;
  }`);
}

async function benchHostileEventLoop(): Promise<BenchRow> {
  const big = JSON.stringify(
    Array.from({ length: 40_000 }, (_, i) => ({
      id: i,
      email: `user${i}@example.com`,
      pad: 'x'.repeat(60),
    })),
  );
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(big);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pool = new SandboxPool({ size: 8 });
  const delay = monitorEventLoopDelay({ resolution: 10 });
  try {
    const { port } = server.address() as AddressInfo;
    await Promise.all(Array.from({ length: 8 }, () => pool.run(TRIVIAL)));
    delay.enable();
    const runs = Array.from({ length: 8 }, (_, i) =>
      pool.run(i % 2 === 0 ? REFUSED_CALLS_LOOP : bigJsonLoop(port)),
    );
    await Promise.all(runs);
    delay.disable();
    return {
      name: 'worker event-loop delay, 8 hostile runs at once',
      p50: delay.percentile(50) / 1e6,
      p95: delay.percentile(95) / 1e6,
      p99: delay.percentile(99) / 1e6,
      note: `max ${(delay.max / 1e6).toFixed(0)} ms; refused-call loops + 4 MB JSON ×5`,
    };
  } finally {
    await pool.close();
    server.close();
  }
}

// What big responses cost the worker's event loop: eight runs at once, each fetching a JSON body
// just under the 5 MiB cap made of many small arrays (the shape that is slowest to parse and
// serialise). The goal is no stall over 50 ms (ADR 012, addendum of 2026-11-28). The wall-clock
// delay on a busy machine also counts other processes' turns on the cores, so the note gives
// beside it the load average, a control (the same monitor, as long, with the pool idle), and the
// main thread's own CPU: per response, and its longest block.
const BIG_RESPONSE_BYTES = 5 * 1024 * 1024 - 64 * 1024;

export async function benchBigResponsesEventLoop(): Promise<BenchRow> {
  const body = smallArrays(BIG_RESPONSE_BYTES);
  // The vendor answers from its own thread: the row measures the worker's loop, not the vendor's.
  const api = await startServerThread(body);
  const pool = new SandboxPool({ size: 8 });
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const control = monitorEventLoopDelay({ resolution: 5 });
  try {
    const fetchBig = input(`export default async function run(ctx) {
      return (await ctx.fetch('${api.origin}/rows')).length;
    }`);
    await Promise.all(Array.from({ length: 8 }, () => pool.run(TRIVIAL)));
    const load = os.loadavg()[0] ?? 0;
    const started = performance.now();
    delay.enable();
    const cpu = await mainThreadCpu(() =>
      Promise.all(Array.from({ length: 8 }, () => expectSuccess(pool, fetchBig))),
    );
    delay.disable();
    control.enable();
    await sleep(performance.now() - started);
    control.disable();
    return {
      name: 'worker event-loop delay, 8 runs fetching 5 MiB JSON at once',
      p50: delay.percentile(50) / 1e6,
      p95: delay.percentile(95) / 1e6,
      p99: delay.percentile(99) / 1e6,
      note:
        `max ${(delay.max / 1e6).toFixed(0)} ms (goal: none over 50 ms); control, pool idle: ` +
        `p99 ${(control.percentile(99) / 1e6).toFixed(0)}, max ${(control.max / 1e6).toFixed(0)} ms; ` +
        `load average ${load.toFixed(1)} on ${os.availableParallelism()} cores; main-thread CPU ` +
        `${(cpu.totalMs / 8).toFixed(0)} ms a response, longest block ${cpu.longestBlockMs.toFixed(0)} ms; ` +
        `${(body.length / MIB).toFixed(1)} MiB of small arrays, one per run`,
    };
  } finally {
    await pool.close();
    await api.close();
  }
}

async function benchMemory(): Promise<BenchRow[]> {
  const pool = new SandboxPool({ size: 4 });
  try {
    // Every runner has run once (so isolated-vm is warm), then rests.
    await Promise.all(Array.from({ length: 4 }, () => expectSuccess(pool, TRIVIAL)));
    await sleep(500);
    const idle = pool.stats().rssBytes.map((bytes) => bytes / MIB);
    const idleOwn = runnerMemoryMiB(process.pid);

    let peakPerRunner = 0;
    let peakTotal = 0;
    const sampler = setInterval(() => {
      const rss = pool.stats().rssBytes;
      peakPerRunner = Math.max(peakPerRunner, ...rss.map((bytes) => bytes / MIB));
      peakTotal = Math.max(peakTotal, rss.reduce((sum, bytes) => sum + bytes, 0) / MIB);
    }, 10);
    try {
      await Promise.all(Array.from({ length: 4 }, () => expectSuccess(pool, ALLOCATE_50_MB)));
    } finally {
      clearInterval(sampler);
    }
    const idleTotal = idle.reduce((sum, mib) => sum + mib, 0);
    return [
      {
        name: 'sandbox: RSS per idle runner',
        p50: summarize(idle).p50,
        unit: 'MiB',
        note: `${idle.length} runners, ${idleTotal.toFixed(0)} MiB in all, highest ${Math.max(...idle).toFixed(0)} MiB`,
      },
      {
        name: 'sandbox: memory an idle runner holds alone (private pages)',
        p50: summarize(idleOwn.map((runner) => runner.private)).p50,
        unit: 'MiB',
        note: `PSS ${summarize(idleOwn.map((runner) => runner.pss)).p50.toFixed(1)} MiB; the rest of its RSS is Node's code, shared`,
      },
      {
        name: 'sandbox: RSS peak per runner, 4 parallel runs of ~50 MB',
        p50: peakPerRunner,
        unit: 'MiB',
        note: 'the highest runner, sampled every 10 ms',
      },
      {
        name: 'sandbox: RSS peak, all 4 runners together',
        p50: peakTotal,
        unit: 'MiB',
        note: 'same runs',
      },
    ];
  } finally {
    await pool.close();
  }
}
