import { WEB_GLOBAL_FAMILIES } from '@patchbay/runtime';
import { describe, expect, it } from 'vitest';
import {
  conforms,
  destination,
  NONE,
  source,
  useConformanceHosts,
} from './test-support/ctx-conformance-hosts.ts';

// The web-standard globals on both hosts (ADR 030): a program per family of
// WEB_GLOBAL_FAMILIES runs in the sandbox and in the export (Node), and everything observable
// (return value, requests, logs) must match. The sandbox's own tests of each global are in
// workers/src/sandbox/web-globals.test.ts.

useConformanceHosts();

/** Answers every request with what it received, so the return value shows it too. */
function serveEcho(): void {
  for (const api of [source, destination]) {
    api.handle(({ method, path, query, body }) => ({
      body: { method, path, query: [...query], body },
    }));
  }
}

const PROGRAMS: Record<string, string> = {
  'URLs and form bodies': `export default async function run(ctx) {
  const form = new URLSearchParams({ grant_type: 'client_credentials', scope: 'read write' });
  form.append('note', 'ä & ö');
  const posted = await ctx.destination.post('/oauth/token', { body: form });
  const next = new URL('?page=2&per_page=50', 'https://api.example.com/v1/items?page=1');
  next.searchParams.set('sort', 'created at');
  const page = await ctx.source.get('/items', { query: Object.fromEntries(next.searchParams) });
  return { posted, page, next: next.href, parts: [next.host, next.pathname, next.search] };
}`,
  'Text encoding': `export default async function run(ctx) {
  const bytes = new TextEncoder().encode('Grüße 👋');
  const text = new TextDecoder().decode(bytes);
  await ctx.destination.post('/text', { json: { bytes: [...bytes], text } });
  return { length: bytes.length, text, latin1: new TextDecoder('latin1').decode(new Uint8Array([0xe9])) };
}`,
  Base64: `export default async function run(ctx) {
  const token = btoa('api-user:' + 'not-a-secret');
  await ctx.destination.get('/me', { headers: { 'x-pair': token } });
  return { token, back: atob(token) };
}`,
  Cloning: `export default async function run(ctx) {
  const original = { at: new Date(0), tags: new Set(['a']), nested: { list: [1, 2] } };
  const copy = structuredClone(original);
  copy.nested.list.push(3);
  await ctx.destination.post('/copy', { json: { list: copy.nested.list } });
  return { original: original.nested.list, copy: copy.nested.list, date: copy.at.toISOString(), tags: [...copy.tags] };
}`,
  Cryptography: `export default async function run(ctx) {
  const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const body = JSON.stringify({ event: 'order.paid', id: 42 });
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('whsec_conformance'), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = hex(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(body)));
  await ctx.destination.post('/hooks', { body, headers: { 'content-type': 'application/json', 'x-signature': 'sha256=' + signature } });
  const digests = {};
  for (const hash of ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']) digests[hash] = hex(await crypto.subtle.digest(hash, new TextEncoder().encode(body)));
  const aes = await crypto.subtle.importKey('raw', new Uint8Array(16).fill(3), 'AES-GCM', false, ['encrypt', 'decrypt']);
  const iv = new Uint8Array(12).fill(4);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, aes, new TextEncoder().encode('secret note'));
  const opened = new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, aes, sealed));
  const uuid = crypto.randomUUID();
  return { signature, digests, sealed: hex(sealed), opened, uuidShape: /^[0-9a-f-]{36}$/.test(uuid), random: crypto.getRandomValues(new Uint8Array(8)).length };
}`,
  Timers: `export default async function run(ctx) {
  const order = [];
  await new Promise((resolve) => {
    setTimeout(() => { order.push('later'); resolve(); }, 30);
    clearTimeout(setTimeout(() => order.push('cleared'), 1));
    queueMicrotask(() => order.push('microtask'));
    order.push('now');
  });
  await ctx.destination.post('/order', { json: order });
  return order;
}`,
  'Cancellation and events': `export default async function run(ctx) {
  const controller = new AbortController();
  const seen = [];
  controller.signal.addEventListener('abort', () => seen.push('abort event'));
  controller.abort(new Error('stop'));
  const timeout = AbortSignal.timeout(5);
  // Node's AbortSignal.timeout does not keep the process alive: a plain timer does.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const target = new EventTarget();
  target.addEventListener('tick', (event) => seen.push(event.type));
  target.dispatchEvent(new Event('tick'));
  await ctx.destination.post('/seen', { json: seen });
  return { seen, aborted: controller.signal.aborted, reason: controller.signal.reason.message, timeout: timeout.reason.name, isDomException: timeout.reason instanceof DOMException };
}`,
  'HTTP headers': `export default async function run(ctx) {
  const headers = new Headers({ 'X-Request-Id': 'req-1' });
  headers.append('x-tags', 'a');
  headers.append('X-Tags', 'b');
  const answer = await ctx.destination.get('/headers', { headers });
  return { answer, sent: [...headers] };
}`,
};

describe('the web-standard globals on both hosts', () => {
  it('every family of the list has a program here', () => {
    expect(Object.keys(PROGRAMS).sort()).toEqual(
      WEB_GLOBAL_FAMILIES.map((family) => family.family).sort(),
    );
  });

  it.each(Object.entries(PROGRAMS))('%s', async (family, code) => {
    const seen = await conforms(`web globals ${family}`, {
      code,
      source: NONE,
      destination: NONE,
      serve: serveEcho,
      expected: 'success',
    });
    expect(seen.requests.length).toBeGreaterThan(0);
  });

  it('a URLSearchParams body is sent as a form, and a Headers as headers', async () => {
    const form = await conforms('web globals form', {
      code: PROGRAMS['URLs and form bodies'] as string,
      source: NONE,
      destination: NONE,
      serve: serveEcho,
      expected: 'success',
    });
    expect(form.requests[0]).toMatchObject({
      method: 'POST',
      body: 'grant_type=client_credentials&scope=read+write&note=%C3%A4+%26+%C3%B6',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    });
    const headers = await conforms('web globals headers', {
      code: PROGRAMS['HTTP headers'] as string,
      source: NONE,
      destination: NONE,
      serve: serveEcho,
      expected: 'success',
    });
    expect(headers.requests[0]?.headers).toMatchObject({
      'x-request-id': 'req-1',
      'x-tags': 'a, b',
    });
  });
});
