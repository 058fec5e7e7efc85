import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPool } from './index.ts';
import { json, runInput, startServer, type TestServer } from './test-http-server.ts';
import { smallArrays } from './test-load.ts';

// The runner pool (ADR 012): warm runner processes with nothing in them, replaced when they
// break a limit or die, shared by parallel runs, and gone after close().

/** This process's runner children, from /proc. */
function runnerPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (
        /^PPid:\s+(\d+)$/m.exec(status)?.[1] === String(process.pid) &&
        cmdline.includes('runner-process.js')
      ) {
        pids.push(Number(entry));
      }
    } catch {
      // The process ended while we looked.
    }
  }
  return pids.sort();
}

/** A process's CPU time so far, in clock ticks (utime + stime, /proc/<pid>/stat). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let api: TestServer;
beforeAll(async () => {
  api = await startServer((request, response) => {
    setTimeout(() => json(response, 200, { path: request.url }), 20);
  });
});
afterAll(() => api.close());

describe('SandboxPool', () => {
  it('starts runners with an empty environment (no PATH, no keys) in an empty directory', async () => {
    const pool = new SandboxPool({ size: 2 });
    try {
      await pool.run(runInput('export default async function run() { return 1; }'));
      await until(() => runnerPids().length === 2);
      expect(pool.stats()).toMatchObject({ runners: 2, busy: 0 });
      for (const pid of runnerPids()) {
        // Nothing but the IPC channel Node itself passes to a forked child.
        const environment = readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .filter(Boolean);
        expect(environment.map((entry) => entry.split('=')[0]).sort()).toEqual([
          'NODE_CHANNEL_FD',
          'NODE_CHANNEL_SERIALIZATION_MODE',
        ]);
        expect(readdirSync(readlinkSync(`/proc/${pid}/cwd`))).toEqual([]);
      }
      for (const rss of pool.stats().rssBytes) expect(rss).toBeGreaterThan(10 * 1024 * 1024);
    } finally {
      await pool.close();
    }
  });

  it('shares runners between parallel runs, each in its own isolate', async () => {
    const pool = new SandboxPool({ size: 2 });
    try {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          pool.run(
            runInput(
              `globalThis.leak = (globalThis.leak ?? 0) + 1;
              export default async function run(ctx) {
                const answer = await ctx.fetch('${api.origin}/run/${i}');
                await ctx.state.set('i', ${i});
                return { path: answer.path, leak: globalThis.leak, id: ctx.run.id };
              }`,
              {
                run: {
                  id: `run-${i}`,
                  attempt: 1,
                  mode: 'test',
                  scheduledAt: '2026-01-01T00:00:00Z',
                },
              },
            ),
          ),
        ),
      );
      results.forEach((result, i) => {
        // leak is 1 every time: no run sees another run's globals.
        expect(result.data).toEqual({ path: `/run/${i}`, leak: 1, id: `run-${i}` });
        expect(result.stateChanges.set).toEqual({ i });
      });
    } finally {
      await pool.close();
    }
  });

  it('keeps its warm runners at idle, starts more while runs wait, up to its size, then stops them', async () => {
    const pool = new SandboxPool({ size: 3, warm: 1, extraIdleMs: 500 });
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, runnerPids().length)), 5);
    try {
      await until(() => pool.stats().runners === 1 && runnerPids().length === 1);
      // Ten answers 20 ms apart: long enough for the five runs to overlap.
      const slow = runInput(`export default async function run(ctx) {
        let last;
        for (let i = 0; i < 10; i++) last = await ctx.fetch('${api.origin}/slow');
        return last.path;
      }`);
      const results = await Promise.all(Array.from({ length: 5 }, () => pool.run(slow)));
      expect(results.map((result) => result.data)).toEqual(Array(5).fill('/slow'));
      expect(most).toBe(3);
      // The two started for waiting runs stop once idle; the warm one stays and still runs.
      await until(() => runnerPids().length === 1 && pool.stats().runners === 1);
      expect((await pool.run(slow)).data).toBe('/slow');
      expect(pool.stats().runners).toBe(1);
    } finally {
      clearInterval(watch);
      await pool.close();
    }
  });

  it('gives each run a new isolate, also the one a rested runner made ahead', async () => {
    const pool = new SandboxPool({ size: 1 });
    const rest = () => new Promise((resolve) => setTimeout(resolve, 200));
    try {
      // Each run reads what an earlier run would have left, then leaves it.
      const leaves = runInput(`
        const seen = { global: globalThis.left ?? null, proto: [].left ?? null };
        globalThis.left = 'global';
        Array.prototype.left = 'proto';
        export default async function run() { return seen; }`);
      for (let i = 0; i < 3; i++) {
        await rest();
        expect((await pool.run(leaves)).data).toEqual({ global: null, proto: null });
      }
      // The isolate made ahead has the last run's memory limit; a run with another gets its own.
      // About 30 MB: over 16 MB, well under the default limit and the runner's RSS budget.
      await rest();
      const about30Mb = `export default async function run() {
        const kept = [];
        for (let i = 0; i < 400_000; i++) kept.push({ i, text: 'item ' + i });
        return kept.length;
      }`;
      const small = await pool.run(runInput(about30Mb, { limits: { memoryMb: 16 } }));
      expect(small.error).toMatchObject({ name: 'MemoryLimitError' });
      await rest();
      expect((await pool.run(runInput(about30Mb))).data).toBe(400_000);
    } finally {
      await pool.close();
    }
  });

  it('replaces a runner that timed out, and the next run succeeds', async () => {
    const pool = new SandboxPool({ size: 1 });
    try {
      await pool.run(runInput('export default async function run() { return 1; }'));
      const [before] = runnerPids();
      const timedOut = await pool.run(
        runInput('export default async function run() { for (;;) {} }', {
          limits: { wallClockMs: 500, cpuMs: 60_000 },
        }),
      );
      expect(timedOut.error?.message).toBe('Timed out after 0.5 s');
      const next = await pool.run(
        runInput('export default async function run() { return "next"; }'),
      );
      expect(next.data).toBe('next');
      const after = runnerPids();
      expect(after).toHaveLength(1);
      expect(after).not.toContain(before);
    } finally {
      await pool.close();
    }
  });

  it('survives a runner killed mid-run', async () => {
    const pool = new SandboxPool({ size: 1 });
    try {
      await pool.run(runInput('export default async function run() { return 1; }'));
      const [pid] = runnerPids();
      const pending = pool.run(
        runInput(`export default async function run(ctx) { await new Promise(() => {}); }`),
      );
      await until(() => pool.stats().busy === 1);
      process.kill(pid as number, 'SIGKILL');
      const killed = await pending;
      expect(killed.error).toEqual({
        name: 'SandboxError',
        message: 'The sandbox process stopped (signal SIGKILL)',
        retryable: true,
      });
      const next = await pool.run(
        runInput('export default async function run() { return "next"; }'),
      );
      expect(next.data).toBe('next');
    } finally {
      await pool.close();
    }
  });

  it('queues runs beyond its size', async () => {
    const pool = new SandboxPool({ size: 1 });
    try {
      const started = Date.now();
      const results = await Promise.all(
        [1, 2, 3].map((n) =>
          pool.run(runInput(`export default async function run() { return ${n}; }`)),
        ),
      );
      expect(results.map((result) => result.data)).toEqual([1, 2, 3]);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await pool.close();
    }
  });

  it('close() ends every runner and fails what was still running', async () => {
    const pool = new SandboxPool({ size: 2 });
    await pool.run(runInput('export default async function run() { return 1; }'));
    await until(() => runnerPids().length === 2);
    const pids = runnerPids();
    const running = pool.run(
      runInput('export default async function run() { await new Promise(() => {}); }'),
    );
    await until(() => pool.stats().busy === 1);
    await pool.close();
    expect((await running).error?.message).toBe(
      'The sandbox was shut down before the run finished',
    );
    expect(runnerPids()).toEqual([]);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
    await expect(pool.run(runInput('export default async function run() {}'))).rejects.toThrow(
      'The sandbox pool is closed',
    );
  });

  it("keeps answering a runner's replies while another reads none of its own", async () => {
    // The response thread writes every runner's frames: one that stops reading (here, stopped
    // outright) must only fill its own channel, never hold up the others' replies.
    const body = smallArrays(4 * 1024 * 1024);
    let arrived = 0;
    // The first run's answers wait until its runner is stopped, so none of them is read.
    let held: Array<() => void> | null = [];
    const vendor = await startServer((_request, response) => {
      arrived += 1;
      const answer = () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(body);
      };
      if (held) held.push(answer);
      else answer();
    });
    const pool = new SandboxPool({ size: 2 });
    // `busyMs` of CPU first marks the runner that took the run, so the test can tell it apart
    // from an idle one on a loaded machine.
    const fetchBig = (times: number, busyMs = 0) =>
      runInput(`export default async function run(ctx) {
        const until = Date.now() + ${busyMs};
        while (Date.now() < until) {}
        const calls = Array.from({ length: ${times} }, () => ctx.fetch('${vendor.origin}/rows'));
        return (await Promise.all(calls)).map((rows) => rows.length);
      }`);
    const rows = (JSON.parse(body) as unknown[]).length;
    let stopped: number | undefined;
    try {
      await Promise.all([1, 2].map(() => pool.run(runInput('export default async () => 1'))));
      await until(() => runnerPids().length === 2);
      const pids = runnerPids();
      const before = pids.map(cpuTicks);
      const stuck = pool.run(fetchBig(6, 400));
      await until(() => arrived >= 6);
      // The runner that took the run is the one that has worked since.
      const worked = pids.map((pid, i) => cpuTicks(pid) - (before[i] ?? 0));
      stopped = pids[worked.indexOf(Math.max(...worked))] as number;
      process.kill(stopped, 'SIGSTOP');
      for (const answer of held) answer();
      held = null;
      // 24 MiB of its replies now wait on its channel, far beyond what a pipe holds.
      const started = Date.now();
      const other = await pool.run(fetchBig(2));
      expect(other, JSON.stringify(other.error)).toMatchObject({
        status: 'success',
        data: [rows, rows],
      });
      expect(Date.now() - started).toBeLessThan(10_000);
      process.kill(stopped, 'SIGCONT');
      stopped = undefined;
      // Its frames arrive whole and in order once it reads again.
      expect(await stuck).toMatchObject({ status: 'success', data: Array(6).fill(rows) });
    } finally {
      try {
        if (stopped !== undefined) process.kill(stopped, 'SIGCONT');
      } catch {
        // The pool killed it already (its wall clock).
      }
      await pool.close();
      await vendor.close();
    }
  });
});
