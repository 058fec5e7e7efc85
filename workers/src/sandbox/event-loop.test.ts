import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPool } from './index.ts';
import { runInput, startServerThread, type ThreadServer } from './test-http-server.ts';
import { mainThreadCpu, smallArrays } from './test-load.ts';

// Big responses must not stall the worker's event loop, which heartbeats, polls Temporal and
// serves every other run (ADR 012, addendum of 2026-11-28). The measure is this thread's own
// CPU time (test-load.ts), which a loaded machine does not inflate as it does the wall clock.

const RUNS = 4;
const BODY = smallArrays(5 * 1024 * 1024 - 64 * 1024);
let api: ThreadServer;
let pool: SandboxPool;
beforeAll(async () => {
  api = await startServerThread(BODY);
  pool = new SandboxPool({ size: RUNS });
  await Promise.all(
    Array.from({ length: RUNS }, () => pool.run(runInput('export default async () => 1'))),
  );
});
afterAll(async () => {
  await pool.close();
  await api.close();
});

describe("big responses and the worker's event loop", () => {
  it('cost the main thread little CPU, in no block over 50 ms', async () => {
    // Each run gets a 5 MiB value and a 5 MiB HttpError body, as the vendor sent them.
    const fetchBig = runInput(`export default async function run(ctx) {
      const sum = (rows) => rows.flat().reduce((total, n) => total + n, 0);
      const rows = await ctx.fetch('${api.origin}/rows');
      const missing = await ctx.fetch('${api.origin}/missing').catch((error) => error);
      return [rows.length, sum(rows), missing.status, sum(missing.body)];
    }`);
    const sent = JSON.parse(BODY) as number[][];
    const sum = sent.flat().reduce((total, n) => total + n, 0);
    const round = async () => {
      const results = await Promise.all(Array.from({ length: RUNS }, () => pool.run(fetchBig)));
      for (const result of results) {
        expect(result).toMatchObject({
          status: 'success',
          data: [sent.length, sum, 404, sum],
        });
      }
    };
    // The first round also compiles the code paths; the later ones measure.
    await round();
    // Three rounds, the middle one judged: a collection or a preempted slice on a loaded CI
    // machine can spoil one round, while the old code failed every round.
    const rounds = [
      await mainThreadCpu(round),
      await mainThreadCpu(round),
      await mainThreadCpu(round),
    ];
    const responses = 2 * RUNS;
    const median = (values: number[]) => values.sort((a, b) => a - b)[1] ?? Infinity;
    const perResponseMs = median(rounds.map((cpu) => cpu.totalMs / responses));
    const longestBlockMs = median(rounds.map((cpu) => cpu.longestBlockMs));
    // The goal. Parsing, redacting and serialising one body here took about 100 ms.
    expect(longestBlockMs).toBeLessThan(50);
    // About 30 ms here at a load of 14 on two cores (reading the socket, garbage collection);
    // 55-67 ms while replies were serialised for the IPC channel on this thread.
    expect(perResponseMs).toBeLessThan(45);
  });

  // Linux keeps a nice value per thread, and /proc lists them.
  it.runIf(process.platform === 'linux')(
    'runners and the response thread run nicer than the main thread (ADR 012)',
    async () => {
      const fetchOne = runInput(`export default async function run(ctx) {
        return (await ctx.fetch('${api.origin}/rows')).length;
      }`);
      expect(await pool.run(fetchOne)).toMatchObject({ status: 'success' });
      const niceOf = (pid: number) =>
        readdirSync(`/proc/${pid}/task`).map((thread) => os.getPriority(Number(thread)));
      const own = os.getPriority(process.pid);
      const nicer = Math.min(19, own + 10);
      const runners = readFileSync(`/proc/self/task/${process.pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .map(Number);
      expect(runners).toHaveLength(RUNS);
      for (const runner of runners) {
        expect(new Set(niceOf(runner))).toEqual(new Set([nicer]));
      }
      // In this process: the response thread alone; not the main thread, nor the vendor's.
      const threads = niceOf(process.pid);
      expect(threads.filter((nice) => nice === nicer)).toHaveLength(1);
      expect(threads.filter((nice) => nice === own).length).toBeGreaterThan(1);
    },
  );
});
