import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPool } from './index.ts';
import { json, runInput, startServer, type TestServer } from './test-http-server.ts';
import type { SandboxRunResult } from './types.ts';

// The escape-attempt suite (ADR 012): user code tries to reach host objects, exhaust the
// host or reach internal addresses. None may succeed, and the host must survive every attempt:
// after each one, the same pool still runs code.

let pool: SandboxPool;
let internal: TestServer; // what an SSRF would like to reach: it must receive nothing

const PUBLIC_ADDRESS = '93.184.216.34';

beforeAll(async () => {
  pool = new SandboxPool({ size: 2 });
  internal = await startServer((_request, response) => json(response, 200, { secret: 'internal' }));
});

afterAll(async () => {
  await pool.close();
  await internal.close();
});

async function expectHostAlive(): Promise<void> {
  const result = await pool.run(runInput('export default async function run() { return 6 * 7; }'));
  expect(result).toMatchObject({ status: 'success', data: 42 });
}

function failure(result: SandboxRunResult): string {
  return `${result.error?.name}: ${result.error?.message}`;
}

describe('reaching the host from inside the isolate', () => {
  it.each([
    ["require('node:fs')", 'ReferenceError: require is not defined'],
    ['process.env', 'ReferenceError: process is not defined'],
    [
      "globalThis.process.mainModule.require('child_process')",
      "TypeError: Cannot read properties of undefined (reading 'mainModule')",
    ],
    [
      "this.constructor.constructor('return process')()",
      "TypeError: Cannot read properties of undefined (reading 'constructor')",
    ],
    [
      "globalThis.constructor.constructor('return process')()",
      'ReferenceError: process is not defined',
    ],
    ["ctx.constructor.constructor('return process')()", 'ReferenceError: process is not defined'],
    [
      "ctx.source.get.constructor.constructor('return process')()",
      'ReferenceError: process is not defined',
    ],
    [
      "await (async () => {}).constructor('return process')()",
      'ReferenceError: process is not defined',
    ],
    [
      '(0, eval)(\'this.constructor.constructor("return require")()\')',
      'ReferenceError: require is not defined',
    ],
    ["ctx.log.constructor('return Buffer')()", 'ReferenceError: Buffer is not defined'],
    // The web-standard globals (ADR 030) are the isolate's own JavaScript.
    ["URL.constructor('return process')()", 'ReferenceError: process is not defined'],
    [
      "new URLSearchParams('a=1').entries().next.constructor('return require')()",
      'ReferenceError: require is not defined',
    ],
    [
      "crypto.subtle.digest.constructor('return process')()",
      'ReferenceError: process is not defined',
    ],
    ["setTimeout.constructor('return process')()", 'ReferenceError: process is not defined'],
    [
      "Object.getOwnPropertyDescriptor(globalThis, 'TextDecoder').get.constructor('return process')()",
      'ReferenceError: process is not defined',
    ],
  ])('%s', async (expression, error) => {
    const result = await pool.run(
      runInput(`export default async function run(ctx) {\n  return ${expression};\n}`),
    );
    expect(result.status).toBe('failed');
    expect(failure(result)).toContain(error);
    expect(result.error?.line).toBe(2);
    await expectHostAlive();
  });

  it('import() and static imports', async () => {
    const dynamic = await pool.run(
      runInput(
        `export default async function run(ctx) {\n  const fs = await import('node:fs');\n  return typeof fs;\n}`,
      ),
    );
    expect(dynamic.status).toBe('failed');
    expect(dynamic.error?.line).toBe(2);

    const staticImport = await pool.run(
      runInput(
        `import { execSync } from 'node:child_process';\nexport default async function run() {\n  return execSync('id').toString();\n}`,
      ),
    );
    expect(staticImport.error).toMatchObject({
      name: 'ImportError',
      message:
        "Imports are not available in the sandbox: use ctx.fetch / ctx.source / ctx.destination (cannot import 'node:child_process')",
      line: 1,
      retryable: false,
    });
  });

  it('no host reference is reachable from globalThis or ctx, however deep', async () => {
    // A breadth-first walk over every property, accessor and prototype reachable from the
    // global object and ctx, looking for isolated-vm's Reference API.
    const result = await pool.run(
      runInput(`export default async function run(ctx) {
        // Load the web-standard globals that load on first use, so the walk sees inside them.
        void [URL, URLSearchParams, TextEncoder, TextDecoder];
        await crypto.subtle.digest('SHA-256', new Uint8Array(1));
        await crypto.subtle.importKey('raw', new Uint8Array(16), 'AES-GCM', false, ['encrypt']);
        structuredClone({});
        const ivmMethods = ['applySync', 'applySyncPromise', 'applyIgnored', 'derefInto', 'copySync', 'copyInto'];
        const seen = new Set();
        const found = [];
        const queue = [[globalThis, 'globalThis'], [ctx, 'ctx']];
        while (queue.length > 0) {
          const [value, path] = queue.shift();
          if (value === null || (typeof value !== 'object' && typeof value !== 'function') || seen.has(value)) continue;
          seen.add(value);
          for (const key of Reflect.ownKeys(value)) {
            if (ivmMethods.includes(key)) found.push(path + '.' + String(key));
            let descriptor;
            try { descriptor = Reflect.getOwnPropertyDescriptor(value, key); } catch { continue; }
            for (const next of [descriptor?.value, descriptor?.get, descriptor?.set]) {
              if (next !== undefined) queue.push([next, path + '.' + String(key)]);
            }
          }
          queue.push([Object.getPrototypeOf(value), path + '.__proto__']);
        }
        // setTimeout is the sandbox's own (ADR 030), not Node's.
        const hostNames = ['process', 'require', 'module', 'Buffer', 'global', 'setImmediate', 'setInterval', 'fetch', 'ivm'];
        return { visited: seen.size, found, hostGlobals: hostNames.filter((name) => name in globalThis) };
      }`),
    );
    expect(result.error).toBeUndefined();
    const data = result.data as { visited: number; found: string[]; hostGlobals: string[] };
    expect(data.found).toEqual([]);
    expect(data.hostGlobals).toEqual([]);
    expect(data.visited).toBeGreaterThan(500);
  });

  it('structured stack traces give up no host frames or receivers', async () => {
    const result = await pool.run(
      runInput(`export default async function run(ctx) {
        const seen = [];
        Error.prepareStackTrace = (_error, frames) => frames.map((frame) => {
          let receiver, fn;
          try { receiver = frame.getThis(); fn = frame.getFunction(); } catch {}
          seen.push([frame.getFileName(), typeof receiver, typeof fn]);
          return '';
        });
        try { await ctx.source.get(42); } catch (error) { void error.stack; }
        try { await ctx.fetch('http://127.0.0.1:1/'); } catch (error) { void error.stack; }
        try { new URL('not a url'); } catch (error) { void error.stack; }
        try { await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(12) }, null, new Uint8Array(1)); } catch (error) { void error.stack; }
        await new Promise((resolve) => setTimeout(() => { void new Error().stack; resolve(); }, 1));
        return [...new Set(seen.map((entry) => entry[0]))].sort();
      }`),
    );
    expect(result.error).toBeUndefined();
    // Only the user's file and the prelude (JavaScript inside the isolate) ever appear.
    for (const file of result.data as Array<string | null>) {
      expect([null, 'integration.js', 'patchbay:prelude.js']).toContain(file);
    }
  });

  it('prototype pollution stays inside the isolate', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          Object.prototype.polluted = 'from the isolate';
          Array.prototype.polluted = 'from the isolate';
          const evil = JSON.parse('{"__proto__": {"polluted": "via JSON"}, "constructor": {"prototype": {"polluted": "via constructor"}}}');
          await ctx.state.set('__proto__', { polluted: 'via state' });
          await ctx.state.set('constructor', { prototype: { polluted: 'via state' } });
          await ctx.fetch('${internal.origin}/x', { headers: evil, query: evil });
          ctx.log(evil);
          return evil;
        }`,
      ),
    );
    expect(result.status).toBe('success');
    const host = {} as Record<string, unknown>;
    expect(host.polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // "__proto__" came back as an ordinary key, not as a prototype.
    const data = result.data as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.hasOwn(data, '__proto__')).toBe(true);
    expect(Object.hasOwn(result.stateChanges.set, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(result.stateChanges.set)).toBe(Object.prototype);
    await expectHostAlive();
  });
});

describe('exhausting the host', () => {
  it('while (true) is stopped by the CPU limit, and the runner is replaced', async () => {
    const result = await pool.run(
      runInput('export default async function run() {\n  while (true) {}\n}', {
        limits: { cpuMs: 500 },
      }),
    );
    expect(result.error).toEqual({
      name: 'CpuLimitError',
      message: 'CPU time limit exceeded (0.5 s)',
      retryable: true,
    });
    await expectHostAlive();
  });

  it('a busy loop is also stopped by the wall clock from outside the runner', async () => {
    const result = await pool.run(
      runInput('export default async function run() {\n  for (;;) {}\n}', {
        limits: { wallClockMs: 700, cpuMs: 60_000 },
      }),
    );
    expect(result.error).toEqual({
      name: 'TimeoutError',
      message: 'Timed out after 0.7 s',
      retryable: true,
    });
    await expectHostAlive();
  });

  it('blocking the isolate thread (Atomics.wait) does not block the host', async () => {
    const result = await pool.run(
      runInput(
        'export default async function run() {\n  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);\n}',
        { limits: { wallClockMs: 1000, cpuMs: 60_000 } },
      ),
    );
    expect(result.status).toBe('failed');
    // ReferenceError: SharedArrayBuffer is removed before user code runs.
    expect(['TimeoutError', 'CpuLimitError', 'TypeError', 'ReferenceError']).toContain(
      result.error?.name,
    );
    await expectHostAlive();
  });

  it.each([
    [
      'objects',
      "const a = [];\n  while (true) a.push({ i: a.length, s: 'x'.repeat(32) + a.length });",
    ],
    ['a doubling string', "let s = 'x';\n  while (true) s += s;"],
    [
      'array buffers',
      'const b = [];\n  while (true) b.push(new Uint8Array(16 * 1024 * 1024).fill(1));',
    ],
    ['one huge buffer', 'return new ArrayBuffer(2 ** 31).byteLength;'],
    ['a million pending promises', 'const p = [];\n  while (true) p.push(new Promise(() => {}));'],
  ])('a memory bomb (%s) fails the run, not the host', async (_name, body) => {
    const result = await pool.run(runInput(`export default async function run() {\n  ${body}\n}`));
    expect(result.status).toBe('failed');
    // V8 refuses some allocations itself (RangeError); the rest hit the isolate's limit.
    expect(['MemoryLimitError', 'RangeError']).toContain(result.error?.name);
    if (result.error?.name === 'MemoryLimitError')
      expect(result.error.message).toMatch(/^Memory limit exceeded( \(.+\))?$/);
    await expectHostAlive();
  });

  it('huge logs are capped', async () => {
    const result = await pool.run(
      runInput(`export default async function run(ctx) {
        console.log('x'.repeat(50 * 1024 * 1024));
        for (let i = 0; i < 1e6; i++) ctx.log('');
        return 'still here';
      }`),
    );
    expect(result.data).toBe('still here');
    expect(result.logs[0]?.message).toHaveLength(32 * 1024 + '…[truncated]'.length);
    expect(JSON.stringify(result.logs).length).toBeLessThan(400 * 1024);
    expect(result.logs.at(-1)?.message).toBe(
      'Log output truncated: the run logged more than 256 KiB',
    );
  });

  it('a microtask storm is stopped by the CPU limit', async () => {
    const result = await pool.run(
      runInput(
        'export default async function run() {\n  function storm() { return Promise.resolve().then(storm); }\n  storm();\n  await new Promise(() => {});\n}',
        { limits: { cpuMs: 500 } },
      ),
    );
    expect(result.error?.name).toBe('CpuLimitError');
    await expectHostAlive();
  });

  it('a request storm is held to the request budget', async () => {
    const before = internal.received.length;
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          const all = Array.from({ length: 5000 }, (_, i) => ctx.fetch('${internal.origin}/storm/' + i).catch((e) => e.message));
          const answers = await Promise.all(all);
          return answers.filter((a) => typeof a === 'string').length;
        }`,
        { limits: { maxRequests: 20 } },
      ),
    );
    // Calls past twice the budget end the run.
    expect(result.error).toMatchObject({ name: 'RequestLimitError' });
    expect(internal.received.length - before).toBeLessThanOrEqual(20);
    expect(result.requests.length).toBeLessThanOrEqual(20);
    await expectHostAlive();
  });
});

describe('SSRF (allowPrivateNetwork: false)', () => {
  const targets: Array<[string, (port: number) => string]> = [
    ['127.0.0.1', (port) => `http://127.0.0.1:${port}/`],
    ['[::1]', (port) => `http://[::1]:${port}/`],
    ['[::ffff:127.0.0.1]', (port) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['0.0.0.0', (port) => `http://0.0.0.0:${port}/`],
    ['a name that resolves to loopback (localhost)', (port) => `http://localhost:${port}/`],
    ['127.0.0.1 in decimal', (port) => `http://2130706433:${port}/`],
    ['file://', () => 'file:///etc/passwd'],
  ];

  it.each(targets)('%s is blocked', async (_name, url) => {
    const before = internal.received.length;
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {\n  return await ctx.fetch('${url(internal.port)}');\n}`,
        {
          allowPrivateNetwork: false,
        },
      ),
    );
    expect(result.status).toBe('failed');
    expect(result.error?.message).toMatch(
      /blocked by the network guard|only http and https|absolute http\(s\) URL/,
    );
    expect(result.error).toMatchObject({ retryable: false, line: 2 });
    expect(internal.received.length).toBe(before);
  });

  it('the metadata address stays blocked even with allowPrivateNetwork', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {\n  return await ctx.fetch('http://169.254.169.254/latest/meta-data/');\n}`,
        {
          allowPrivateNetwork: true,
        },
      ),
    );
    expect(result.error?.message).toContain('169.254.169.254 is a cloud metadata address');
  });

  it('a public host that redirects to loopback is stopped at the redirect', async () => {
    // api.public.test resolves (in this test's DNS) to a public address, which the test seam
    // routes to a loopback server playing the public host. The guard's checks are the real ones.
    const front = await startServer((_request, response) => {
      response.writeHead(302, { location: `${internal.origin}/admin` });
      response.end();
    });
    const redirectPool = new SandboxPool(
      { size: 1 },
      {
        lookup: async (hostname) => {
          if (hostname !== 'api.public.test') throw new Error(`ENOTFOUND ${hostname}`);
          return [{ address: PUBLIC_ADDRESS, family: 4 }];
        },
        connectTo: (target) =>
          target.address === PUBLIC_ADDRESS ? { address: '127.0.0.1', family: 4 } : target,
      },
    );
    try {
      const before = internal.received.length;
      const result = await redirectPool.run(
        runInput(
          `export default async function run(ctx) {\n  return await ctx.fetch('http://api.public.test:${front.port}/start');\n}`,
          {
            allowPrivateNetwork: false,
          },
        ),
      );
      expect(front.received).toHaveLength(1);
      expect(internal.received.length).toBe(before);
      expect(result.error?.message).toBe(
        `GET http://api.public.test:${front.port}/start failed: blocked by the network guard: 127.0.0.1 is a loopback address`,
      );
      expect(result.requests.map((entry) => [entry.url, entry.status])).toEqual([
        [`http://api.public.test:${front.port}/start`, 302],
        [`${internal.origin}/admin`, null],
      ]);
    } finally {
      await redirectPool.close();
      await front.close();
    }
  });
});
