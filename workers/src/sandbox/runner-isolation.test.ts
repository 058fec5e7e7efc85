import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SandboxPool } from './index.ts';
import { lookUpUser, resolveRunnerLaunch, RunnerLaunchError } from './runner-launch.ts';
import { runnerRssBudgetMb } from './sandbox-pool.ts';
import { json, runInput, startServer } from './test-http-server.ts';

// What a runner process may use and who it runs as (ADR 012, "Hardening"), checked on real
// runner processes through /proc.

const asRoot = process.getuid?.() === 0;

/** This process's runner children. */
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
      // Gone while we looked.
    }
  }
  return pids;
}

function statusField(pid: number, field: string): string {
  return (
    new RegExp(`^${field}:[ \\t]*(.*)$`, 'm').exec(
      readFileSync(`/proc/${pid}/status`, 'utf8'),
    )?.[1] ?? ''
  );
}

// Taken before any test spies on them.
const originalParse = JSON.parse;
const originalStringify = JSON.stringify;

let pool: SandboxPool;
beforeAll(async () => {
  pool = new SandboxPool({ size: 1 });
  await pool.run(runInput('export default async function run() { return 1; }'));
});
afterAll(() => pool.close());

describe('memory', () => {
  it('leaves no way to grow memory outside the isolate heap', async () => {
    const result = await pool.run(
      runInput(`export default async function run() {
        const resizable = new ArrayBuffer(1, { maxByteLength: 1024 });
        return [
          typeof ArrayBuffer.prototype.resize,
          typeof resizable.resize,
          typeof resizable.transfer,
          typeof ArrayBuffer.prototype.transferToFixedLength,
          typeof Object.getPrototypeOf(new Uint8Array(1).buffer).resize,
          typeof globalThis.SharedArrayBuffer,
          typeof globalThis.WebAssembly,
        ];
      }`),
    );
    expect(result.data).toEqual(Array(7).fill('undefined'));
  });

  it.each([
    [
      'resizable ArrayBuffers',
      `const buffer = new ArrayBuffer(1, { maxByteLength: 1024 });
       buffer.resize(1024);`,
      /resize is not a function/,
    ],
    [
      // transfer() reallocates a resizable buffer up to its maxByteLength, outside the heap limit.
      'transfers of resizable ArrayBuffers',
      `const kept = new ArrayBuffer(1, { maxByteLength: 1024 * 1024 * 1024 }).transfer(512 * 1024 * 1024);
       new Uint8Array(kept).fill(1);`,
      /transfer is not a function/,
    ],
    [
      'ArrayBuffer transfers to a fixed length',
      `new ArrayBuffer(1).transferToFixedLength(512 * 1024 * 1024);`,
      /transferToFixedLength is not a function/,
    ],
    [
      'growable SharedArrayBuffers',
      `new SharedArrayBuffer(1, { maxByteLength: 1024 * 1024 * 1024 }).grow(1024 * 1024 * 1024);`,
      /SharedArrayBuffer is not defined/,
    ],
    [
      'WebAssembly.Memory.grow',
      `new WebAssembly.Memory({ initial: 1, maximum: 65536 }).grow(16384);`,
      /WebAssembly is not defined/,
    ],
  ])('%s are refused', async (_name, body, message) => {
    const result = await pool.run(runInput(`export default async function run() { ${body} }`));
    expect(result.status).toBe('failed');
    expect(result.error?.message).toMatch(message);
  });

  it('kills a runner past its resident-memory budget: "memory limit exceeded"', async () => {
    const small = new SandboxPool({ size: 1, runnerRssBudgetMb: 160 });
    try {
      // Ordinary buffers the isolate's (generous) limit allows, past the runner's budget.
      const result = await small.run(
        runInput(
          `export default async function run() {
            const kept = [];
            for (let i = 0; i < 4; i++) kept.push(new Uint8Array(64 * 1024 * 1024).fill(1));
            await new Promise((resolve) => setTimeout(resolve, 2000));
            return kept.length;
          }`,
          { limits: { memoryMb: 512 } },
        ),
      );
      expect(result.status).toBe('failed');
      expect(result.error).toMatchObject({ name: 'MemoryLimitError' });
      expect(result.error?.message).toMatch(/^Memory limit exceeded \(.*more than 160 MiB\)$/);
      const after = await small.run(runInput('export default async function run() { return 2; }'));
      expect(after.data).toBe(2);
    } finally {
      await small.close();
    }
  });

  it('reports an allocation the address-space cap refused as "memory limit exceeded"', async () => {
    const capped = new SandboxPool({ size: 1, addressSpaceMb: 4096, runnerRssBudgetMb: 16384 });
    try {
      const result = await capped.run(
        runInput(
          `export default async function run() {
            const kept = [];
            for (let i = 0; i < 64; i++) kept.push(new Uint8Array(64 * 1024 * 1024));
            return kept.length;
          }`,
          { limits: { memoryMb: 4096 } },
        ),
      );
      expect(result.status).toBe('failed');
      expect(result.error?.message).toMatch(/^Memory limit exceeded/);
    } finally {
      await capped.close();
    }
  });

  it('budgets twice the isolate heap plus the runner itself', () => {
    expect(runnerRssBudgetMb(32)).toBe(192);
    expect(runnerRssBudgetMb(128)).toBe(384);
  });

  it('starts runners under an address-space cap (prlimit)', async () => {
    const [pid] = runnerPids();
    expect(pid).toBeDefined();
    const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
    expect(limits).toMatch(new RegExp(`^Max address space\\s+${8192 * 1024 * 1024}\\s`, 'm'));
  });

  it('starts runners without the cap, and says so, where prlimit is missing', () => {
    const launch = resolveRunnerLaunch({
      runnerPath: path.join(import.meta.dirname, 'runner-process.js'),
      nodeArgs: ['--no-node-snapshot'],
      prlimitPaths: ['/nonexistent/prlimit'],
    });
    expect(launch.execPath).toBe(process.execPath);
    expect(launch.execArgv).toEqual(['--no-node-snapshot']);
    expect(launch.warnings).toContainEqual(expect.stringMatching(/prlimit .* not found/));
  });

  it('refuses a cap too small for Node to start', () => {
    expect(() =>
      resolveRunnerLaunch({ runnerPath: '/x/runner.ts', nodeArgs: [], addressSpaceMb: 2048 }),
    ).toThrow(/at least 4096 MiB/);
  });
});

describe('runner identity', () => {
  it.runIf(asRoot)('runs runners as an unprivileged user when the worker is root', () => {
    const [pid] = runnerPids();
    const nobody = lookUpUser('nobody');
    expect(statusField(pid as number, 'Uid').split(/\s+/)).toEqual(
      Array(4).fill(String(nobody.uid)),
    );
    expect(statusField(pid as number, 'Gid').split(/\s+/)).toEqual(
      Array(4).fill(String(nobody.gid)),
    );
    expect(statusField(pid as number, 'Groups')).toBe('');
  });

  it.runIf(asRoot)(
    "a process with the runner's identity cannot read the worker's environment",
    () => {
      const [pid] = runnerPids();
      const uid = Number(statusField(pid as number, 'Uid').split(/\s+/)[0]);
      const gid = Number(statusField(pid as number, 'Gid').split(/\s+/)[0]);
      // What an isolate escape could do next: read /proc/<worker>/environ as the runner. The
      // probe becomes the runner's user the way the runner does (runner-process.ts).
      const probe = `process.setgroups([]); process.setgid(${gid}); process.setuid(${uid});
        require('fs').readFileSync('/proc/${process.pid}/environ'); console.log('read it')`;
      const attempt = spawnSync(process.execPath, ['-e', probe], {
        env: {},
        cwd: '/',
        encoding: 'utf8',
      });
      expect(attempt.stdout).not.toContain('read it');
      expect(attempt.stderr).toMatch(/EACCES/);
    },
  );

  it('refuses a runner user that does not exist, or is root', () => {
    expect(() => lookUpUser('no-such-user-patchbay')).toThrow(RunnerLaunchError);
    expect(() => lookUpUser('root')).toThrow(/is root/);
  });
});

describe('host calls', () => {
  it('counts refused calls against the request budget and ends a run that loops on them', async () => {
    const started = Date.now();
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          let refused = 0;
          for (let i = 0; i < 100000; i++) {
            try { await ctx.fetch('not a url'); } catch { refused += 1; }
          }
          return refused;
        }`,
        { limits: { maxRequests: 20 } },
      ),
    );
    expect(result.status).toBe('failed');
    expect(result.error).toMatchObject({
      name: 'RequestLimitError',
      message: 'Request limit exceeded: the run kept calling after its 20 requests',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a refused call spends the budget of a real one', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          for (let i = 0; i < 3; i++) { try { await ctx.fetch('ftp://x'); } catch {} }
          try { await ctx.fetch('http://127.0.0.1:9/'); } catch (error) { return error.message; }
        }`,
        { limits: { maxRequests: 3 } },
      ),
    );
    expect(result.data).toBe(
      'GET http://127.0.0.1:9/ failed: request limit reached: a run may make at most 3 requests',
    );
  });
});

describe("the worker's CPU on responses", () => {
  it("parses and serialises big responses off the worker's main thread", async () => {
    // About 4 MiB of small arrays: the shape that stalled the worker's event loop longest.
    const rows = Array.from({ length: 200_000 }, (_, i) => [i, i + 1, i + 2]);
    const big = JSON.stringify(rows);
    const api = await startServer((request, response) => {
      response.writeHead(request.url === '/missing' ? 404 : 200, {
        'content-type': 'application/json',
      });
      response.end(big);
    });
    const onMainThread = { parsed: 0, serialised: 0 };
    const parse = vi.spyOn(JSON, 'parse');
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      parse.mockImplementation(function (this: unknown, ...args: Parameters<typeof JSON.parse>) {
        if (String(args[0]).length > 1024 * 1024) onMainThread.parsed += 1;
        return Reflect.apply(originalParse, this, args);
      });
      stringify.mockImplementation(function (
        this: unknown,
        ...args: Parameters<typeof JSON.stringify>
      ) {
        const text = Reflect.apply(originalStringify, this, args) as string | undefined;
        if ((text?.length ?? 0) > 1024 * 1024) onMainThread.serialised += 1;
        return text as string;
      });
      const result = await pool.run(
        runInput(`export default async function run(ctx) {
          const rows = await ctx.fetch('${api.origin}/rows');
          // An error's body arrives whole too, in slices like any large reply.
          const missing = await ctx.fetch('${api.origin}/missing').catch((error) => error);
          return { rows: rows.length, last: rows.at(-1), missing: [missing.status, missing.body.length] };
        }`),
      );
      expect(result.data).toEqual({
        rows: 200_000,
        last: [199_999, 200_000, 200_001],
        missing: [404, 200_000],
      });
      expect(onMainThread).toEqual({ parsed: 0, serialised: 0 });
    } finally {
      parse.mockRestore();
      stringify.mockRestore();
      await api.close();
    }
  });

  it('ends a run whose responses take more than its share of the worker', async () => {
    const big = JSON.stringify(
      Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'] })),
    );
    const api = await startServer((_request, response) => json(response, 200, JSON.parse(big)));
    const strict = new SandboxPool({ size: 1, responseCpuBudgetMs: 1 });
    try {
      const result = await strict.run(
        runInput(`export default async function run(ctx) {
          for (let i = 0; i < 20; i++) await ctx.fetch('${api.origin}/page/' + i);
          return 'all pages';
        }`),
      );
      expect(result.status).toBe('failed');
      expect(result.error).toMatchObject({
        name: 'ResponseCpuLimitError',
        message: expect.stringMatching(/^Response processing limit exceeded: .* more than 1 ms/),
      });
      expect(api.received.length).toBeLessThan(20);
    } finally {
      await strict.close();
      await api.close();
    }
  });
});
