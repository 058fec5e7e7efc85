import { WEB_GLOBAL_NAMES } from '@patchbay/runtime';
import ivm from 'isolated-vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPool } from './index.ts';
import { runInput } from './test-http-server.ts';
import type { SandboxRunInput } from './types.ts';

// The web-standard globals of the sandbox (ADR 030, runtime/src/web-globals/). Each case runs
// the same code in the sandbox and in Node (this process, whose globals the export uses), and
// the two must give the same JSON: Node's implementations are the reference. The limits and the
// timer bridge have cases of their own; escape.test.ts walks the globals for host objects.

let pool: SandboxPool;

beforeAll(() => {
  pool = new SandboxPool({ size: 1 });
});

afterAll(async () => {
  await pool.close();
});

const AsyncFunction = (async () => {}).constructor as new (body: string) => () => Promise<unknown>;

async function inSandbox(body: string, overrides: Partial<SandboxRunInput> = {}) {
  return pool.run(runInput(`export default async function run() {\n${body}\n}`, overrides));
}

/** The body's return value in the sandbox and on Node, as JSON. */
async function onBothHosts(body: string): Promise<{ sandbox: unknown; node: unknown }> {
  const result = await inSandbox(body);
  expect(result.error, JSON.stringify(result.error)).toBeUndefined();
  const node = JSON.parse(JSON.stringify(await new AsyncFunction(body)())) as unknown;
  return { sandbox: result.data, node };
}

const HEX = `const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');`;
const CAUGHT = `const caught = (fn) => { try { fn(); return null; } catch (error) { return [error.name, error instanceof Error]; } };
const rejected = async (promise) => { try { await promise; return null; } catch (error) { return error.name; } };`;

describe('the web-standard globals: the same answers as Node', () => {
  it('every name on the list exists in the sandbox and on Node', async () => {
    const result = await inSandbox(
      `return ${JSON.stringify(WEB_GLOBAL_NAMES)}.filter((name) => typeof globalThis[name] === 'undefined');`,
    );
    expect(result.data).toEqual([]);
    const g = globalThis as Record<string, unknown>;
    expect(WEB_GLOBAL_NAMES.filter((name) => g[name] === undefined)).toEqual([]);
  });

  it('the sandbox adds exactly the listed names to a bare V8 context, besides HttpError', async () => {
    const isolate = new ivm.Isolate({ memoryLimit: 32 });
    const bare = JSON.parse(
      (await (
        await isolate.createContext()
      ).eval('JSON.stringify(Object.getOwnPropertyNames(globalThis))')) as string,
    ) as string[];
    isolate.dispose();
    const result = await inSandbox('return Object.getOwnPropertyNames(globalThis);');
    const added = (result.data as string[]).filter((name) => !bare.includes(name));
    expect(added.sort()).toEqual([...WEB_GLOBAL_NAMES, 'HttpError'].sort());
  });

  it.each([
    [
      'URL',
      `${CAUGHT}
      const url = new URL('../v2/items?page=2#top', 'https://user:pw@API.example.com:443/v1/x/');
      url.searchParams.append('tag', 'a b&c');
      url.hash = '';
      const idn = new URL('https://müller.example/ä?q=ü');
      return [url.href, url.origin, url.host, url.pathname, url.search, url.username, idn.href,
        new URL('http://[::1]:8080/').host, URL.canParse('nope'), caught(() => new URL('nope')),
        new URL('HTTP://Example.COM/a/./b/../c').href, String(new URL('https://x.io/p?a=1'))];`,
    ],
    [
      'URLSearchParams',
      `const p = new URLSearchParams('?b=2&a=1&a=%20x+y&e=%E2%82%AC');
      p.append('c', 'ä ö&=+');
      p.sort();
      const fromObject = new URLSearchParams({ grant_type: 'client_credentials', scope: 'read write' });
      const fromPairs = new URLSearchParams([['x', '1'], ['x', '2']]);
      fromPairs.delete('x', '1');
      return [p.toString(), p.getAll('a'), [...p.keys()], p.has('e'), p.get('e'), p.size,
        fromObject.toString(), fromPairs.toString(), Object.prototype.toString.call(p)];`,
    ],
    [
      'TextEncoder and TextDecoder',
      `${CAUGHT}
      const bytes = new TextEncoder().encode('héllo €𝄞');
      const into = new Uint8Array(4);
      const result = new TextEncoder().encodeInto('€uro', into);
      const streaming = new TextDecoder();
      const split = streaming.decode(bytes.slice(0, 8), { stream: true }) + streaming.decode(bytes.slice(8));
      return [[...bytes], new TextDecoder().decode(bytes), result, [...into], split,
        new TextDecoder().decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41, 0xff])),
        new TextDecoder('utf-16le').decode(new Uint8Array([0x41, 0, 0x42, 0])),
        new TextDecoder('latin1').decode(new Uint8Array([0xe9])),
        caught(() => new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xff]))),
        caught(() => new TextDecoder('no-such-encoding')), new TextDecoder().encoding];`,
    ],
    [
      'atob and btoa',
      `${CAUGHT}
      return [btoa(''), btoa('f'), btoa('fo'), btoa('foo'), btoa('\\u00ff\\u00fe'), atob(' Zm9v\\nYmE= '),
        atob('Zm9vYg'), caught(() => btoa('€')), caught(() => atob('Zm9v=')), caught(() => atob('*'))];`,
    ],
    [
      'structuredClone',
      `${CAUGHT}
      const original = { date: new Date(0), map: new Map([[1, { a: 1 }]]), set: new Set(['x']),
        bytes: new Uint8Array([1, 2]), re: /a+/gi, nested: [1, [2]], error: new RangeError('r') };
      original.self = original;
      const copy = structuredClone(original);
      return [copy !== original, copy.self === copy, copy.date instanceof Date, copy.date.toISOString(),
        [...copy.map], [...copy.set], [...copy.bytes], copy.re.source, copy.re.flags, copy.nested,
        copy.error instanceof RangeError, copy.error.message, caught(() => structuredClone(() => 1))[0]];`,
    ],
    [
      'crypto.subtle digests and HMAC',
      `${HEX}
      const text = new TextEncoder().encode('The quick brown fox');
      const digests = [];
      for (const hash of ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']) {
        digests.push(hex(await crypto.subtle.digest(hash, text)));
        const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('whsec_secret'), { name: 'HMAC', hash }, true, ['sign', 'verify']);
        const signature = await crypto.subtle.sign('HMAC', key, text);
        digests.push(hex(signature), await crypto.subtle.verify('HMAC', key, signature, text),
          await crypto.subtle.verify({ name: 'HMAC' }, key, signature, new Uint8Array(1)),
          key.algorithm, key.usages, key.type, key.extractable);
      }
      const key = await crypto.subtle.importKey('raw', new Uint8Array(32).fill(7), { name: 'HMAC', hash: { name: 'SHA-256' } }, true, ['sign']);
      const jwk = await crypto.subtle.exportKey('jwk', key);
      const again = await crypto.subtle.importKey('jwk', jwk, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      digests.push(jwk, hex(await crypto.subtle.sign('HMAC', again, text)), hex(await crypto.subtle.exportKey('raw', key)));
      return digests;`,
    ],
    [
      'crypto.subtle AES-GCM and its errors',
      `${HEX}
      ${CAUGHT}
      const key = await crypto.subtle.importKey('raw', new Uint8Array(32).fill(1), 'AES-GCM', true, ['encrypt', 'decrypt']);
      const iv = new Uint8Array(12).fill(2);
      const data = new TextEncoder().encode('card 4242');
      const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new Uint8Array([9]) }, key, data);
      const opened = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: new Uint8Array([9]) }, key, sealed);
      const tampered = new Uint8Array(sealed); tampered[0] ^= 1;
      const signOnly = await crypto.subtle.importKey('raw', new Uint8Array(16), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      return [hex(sealed), new TextDecoder().decode(opened), key.algorithm,
        await rejected(crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, tampered)),
        await rejected(crypto.subtle.importKey('raw', new Uint8Array(5), 'AES-GCM', false, ['encrypt'])),
        await rejected(crypto.subtle.exportKey('raw', signOnly)),
        await rejected(crypto.subtle.verify('HMAC', signOnly, new Uint8Array(32), data)),
        await rejected(crypto.subtle.importKey('raw', new Uint8Array(16), { name: 'HMAC', hash: 'SHA-256' }, false, [])),
        (await crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-512' }, true, ['sign'])).algorithm.length,
        (await crypto.subtle.generateKey({ name: 'AES-GCM', length: 128 }, true, ['encrypt'])).algorithm];`,
    ],
    [
      'crypto.getRandomValues and randomUUID',
      `${CAUGHT}
      const bytes = crypto.getRandomValues(new Uint8Array(64));
      const words = crypto.getRandomValues(new Uint32Array(4));
      return [bytes.length, bytes.some((b) => b !== 0), words.length,
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID()),
        crypto.randomUUID() !== crypto.randomUUID(), caught(() => crypto.getRandomValues(new Uint8Array(65537))),
        caught(() => crypto.getRandomValues(new Float64Array(1))), crypto.getRandomValues(new Uint8Array(65536)).length];`,
    ],
    [
      'setTimeout, clearTimeout and queueMicrotask',
      `const order = [];
      const started = Date.now();
      await new Promise((resolve) => {
        setTimeout((a, b) => { order.push('timeout 20 ' + a + b); resolve(); }, 20, 'x', 'y');
        const cancelled = setTimeout(() => order.push('cancelled'), 5);
        clearTimeout(cancelled);
        clearTimeout(undefined);
        setTimeout(() => order.push('timeout 0'));
        queueMicrotask(() => order.push('microtask'));
        Promise.resolve().then(() => order.push('then'));
        order.push('sync');
      });
      return [order, Date.now() - started >= 15];`,
    ],
    [
      'AbortController, AbortSignal, Event and EventTarget',
      `${CAUGHT}
      const controller = new AbortController();
      const seen = [];
      controller.signal.addEventListener('abort', (event) => seen.push(event.type, event.target === controller.signal));
      controller.signal.onabort = () => seen.push('onabort');
      const any = AbortSignal.any([controller.signal, new AbortController().signal]);
      controller.abort(new Error('stop'));
      controller.abort('again');
      const timeout = AbortSignal.timeout(10);
      await new Promise((resolve) => timeout.addEventListener('abort', resolve));
      const target = new EventTarget();
      let count = 0;
      target.addEventListener('ping', () => count++, { once: true });
      target.dispatchEvent(new Event('ping'));
      target.dispatchEvent(new Event('ping'));
      return [seen, controller.signal.aborted, controller.signal.reason.message, any.aborted, any.reason.message,
        AbortSignal.abort().reason.name, AbortSignal.abort().reason instanceof DOMException, timeout.reason.name,
        caught(() => timeout.throwIfAborted()), caught(() => new AbortSignal()), count,
        new DOMException('m', 'DataCloneError').code, new DOMException('m').name];`,
    ],
    [
      'Headers',
      `${CAUGHT}
      const headers = new Headers({ 'X-B': ' two ', 'x-a': 'one' });
      headers.append('X-A', 'uno');
      headers.append('Set-Cookie', 'a=1');
      headers.append('Set-Cookie', 'b=2');
      const copy = new Headers(headers);
      copy.set('x-a', 'only');
      copy.delete('X-B');
      return [[...headers], headers.get('X-A'), headers.has('x-b'), headers.getSetCookie(), [...copy.keys()],
        [...new Headers([['k', 'v']]).values()], caught(() => new Headers({ 'bad name': 'x' })),
        caught(() => headers.set('x', 'a\\nb')), headers.get('missing')];`,
    ],
  ])('%s', async (_family, body) => {
    const { sandbox, node } = await onBothHosts(body);
    expect(sandbox).toEqual(node);
  });
});

describe('the web-standard globals inside the run limits', () => {
  it('a timer waits inside the run: a long one meets the wall-clock limit', async () => {
    const result = await inSandbox('await new Promise((resolve) => setTimeout(resolve, 60_000));', {
      limits: { wallClockMs: 800 },
    });
    expect(result.error).toMatchObject({ name: 'TimeoutError', message: 'Timed out after 0.8 s' });
  });

  it('timers: at most 1000 pending, bad delays are harmless, and a throwing callback fails the run', async () => {
    const many = await inSandbox(
      'for (let i = 0; i < 1001; i++) setTimeout(() => {}, 60_000);\nreturn "never";',
    );
    expect(many.error?.message).toBe('Too many timers pending at once (the limit is 1000)');
    const odd = await inSandbox(
      `const fired = [];
      await Promise.all([NaN, -5, Infinity, 2 ** 53, '7', null].map((delay, i) =>
        new Promise((resolve) => setTimeout(() => { fired.push(i); resolve(); }, delay))));
      return fired.length;`,
    );
    expect(odd.data).toBe(6);
    const throwing = await inSandbox(
      "setTimeout(() => { throw new Error('from a timer'); }, 1);\nawait new Promise((resolve) => setTimeout(resolve, 200));",
    );
    expect(throwing.status).toBe('failed');
    expect(throwing.error?.message).toContain('from a timer');
  });

  it('a loop that starts and clears timers is stopped at 10,000, not by the runner swelling', async () => {
    const result = await inSandbox(
      'for (;;) { const id = setTimeout(() => {}, 0); clearTimeout(id); }',
    );
    expect(result.error?.message).toBe('Too many timers in one run (the limit is 10000)');
  });

  it('a timer left pending when the run ends never fires into the next run', async () => {
    const first = await inSandbox("setTimeout(() => console.log('late'), 100);\nreturn 1;");
    expect(first.status).toBe('success');
    const second = await inSandbox('await new Promise((resolve) => setTimeout(resolve, 300));');
    expect(second.logs.map((entry) => entry.message)).toEqual([]);
  });

  it('crypto work counts against the CPU limit', async () => {
    const result = await inSandbox(
      "const data = new Uint8Array(1 << 20);\nfor (;;) await crypto.subtle.digest('SHA-512', data);",
      { limits: { cpuMs: 500, wallClockMs: 20_000 } },
    );
    expect(result.error).toMatchObject({ name: 'CpuLimitError' });
  });

  it('encoded text counts against the memory limit', async () => {
    const result = await inSandbox(
      "const kept = [];\nfor (;;) kept.push(new TextEncoder().encode('x'.repeat(1 << 20)));",
      { limits: { wallClockMs: 20_000 } },
    );
    expect(['MemoryLimitError', 'RangeError']).toContain(result.error?.name);
  });

  it('each run gets its own random source', async () => {
    const body = 'return crypto.randomUUID();';
    const [a, b] = [await inSandbox(body), await inSandbox(body)];
    expect(a.data).not.toBe(b.data);
  });
});
