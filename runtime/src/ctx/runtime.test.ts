import { describe, expect, it } from 'vitest';
import {
  applyStateChanges,
  ConfigurationError,
  createContext,
  formatLogArgs,
  HttpError,
  InvalidResponseError,
  NonRetryableError,
  parseResponseBody,
  placeCredential,
  resolveRequest,
  StateBuffer,
  type CtxRequest,
  type LogLevel,
} from '../index.ts';

// The runtime on its own, with a host that records instead of sending: the shape a dry run or a
// replay would take (ADR 012). The two real hosts are compared in scripts/ctx-conformance.test.ts.

function capturingHost(state: Record<string, unknown> = {}) {
  const sent: CtxRequest[] = [];
  const logs: [LogLevel, string][] = [];
  const buffer = new StateBuffer(state);
  const ctx = createContext({
    send: async (request) => {
      sent.push(request);
      return { captured: sent.length };
    },
    log: (level, args) => logs.push([level, formatLogArgs(args)]),
    state: buffer.api,
    run: { id: 'r1', attempt: 2, mode: 'test', scheduledAt: '2026-01-01T00:00:00.000Z' },
  });
  return { ctx, sent, logs, buffer };
}

const BASES = {
  source: 'https://api.example.com/v1?tenant=t1',
  destination: 'https://crm.example',
};

describe('createContext', () => {
  it('turns calls into plain-string requests, encoding the query as the contract says', async () => {
    const { ctx, sent } = capturingHost();
    await ctx.source.get('/customers', {
      query: { limit: 2, tags: ['a', 'b'], since: new Date(0), skip: null, gone: undefined },
      headers: { 'X-Trace': 1 },
    });
    await ctx.destination.request('patch', 'contacts/1', { json: { n: 1 } });
    await ctx.fetch('https://other.example/x', { method: 'put', body: 'raw' });
    expect(sent).toEqual([
      {
        target: 'source',
        method: 'GET',
        path: '/customers',
        query: [
          ['limit', '2'],
          ['tags', 'a'],
          ['tags', 'b'],
          ['since', '1970-01-01T00:00:00.000Z'],
        ],
        headers: [['X-Trace', '1']],
        json: null,
        body: null,
      },
      {
        target: 'destination',
        method: 'PATCH',
        path: 'contacts/1',
        query: [],
        headers: [],
        json: '{"n":1}',
        body: null,
      },
      {
        target: 'fetch',
        method: 'PUT',
        path: 'https://other.example/x',
        query: [],
        headers: [],
        json: null,
        body: 'raw',
      },
    ]);
  });

  it('refuses bad calls with a TypeError that names the call', async () => {
    const { ctx, sent } = capturingHost();
    await expect(ctx.source.request(1, '/x')).rejects.toThrow(
      new TypeError('ctx.source: the method must be a string, got number'),
    );
    await expect(ctx.destination.get(undefined)).rejects.toThrow(
      'ctx.destination: the path must be a string, got undefined',
    );
    await expect(ctx.source.get('/x', 'limit=1')).rejects.toThrow(
      'ctx.source: the options must be an object',
    );
    await expect(ctx.source.post('/x', { body: { a: 1 } })).rejects.toThrow(
      'ctx.source: body must be a string or a URLSearchParams (send objects with json)',
    );
    await expect(ctx.source.post('/x', { json: () => 1 })).rejects.toThrow(
      'ctx.source: json must be a JSON value',
    );
    await expect(ctx.source.get('/x', { headers: [['only-name']] })).rejects.toThrow(
      'ctx.source: headers must be an object or [name, value] pairs',
    );
    await expect(ctx.fetch('https://x.example', { method: 5 })).rejects.toThrow(
      'ctx.fetch: the method must be a string, got number',
    );
    expect(sent).toEqual([]);
  });

  it('exposes the contract: errors, a frozen ctx.run, ctx.log at info', async () => {
    const { ctx, logs } = capturingHost();
    expect(new ctx.NonRetryableError('stop')).toMatchObject({
      name: 'NonRetryableError',
      message: 'stop',
      retryable: false,
    });
    expect(ctx.NonRetryableError).toBe(NonRetryableError);
    expect(ctx.HttpError).toBe(HttpError);
    expect(Object.isFrozen(ctx.run)).toBe(true);
    expect(ctx.run.attempt).toBe(2);
    ctx.log('%s synced %d', 'ada', 3, { a: [1] });
    expect(logs).toEqual([['info', 'ada synced 3 {"a":[1]}']]);
  });
});

describe('resolveRequest', () => {
  const request = (overrides: Partial<CtxRequest>): CtxRequest => ({
    target: 'source',
    method: 'GET',
    path: '/customers',
    query: [],
    headers: [],
    json: null,
    body: null,
    ...overrides,
  });

  it('extends the base path, keeps its query, appends the call query', () => {
    const resolved = resolveRequest(request({ query: [['limit', '2']] }), BASES);
    expect(resolved.url.href).toBe('https://api.example.com/v1/customers?tenant=t1&limit=2');
    expect(resolveRequest(request({ path: 'items:batchGet' }), BASES).url.pathname).toBe(
      '/v1/items:batchGet',
    );
  });

  it('takes an empty path as the base URL itself, with no slash added (a webhook URL)', () => {
    for (const path of ['', '/'])
      expect(resolveRequest(request({ path }), BASES).url.href).toBe(
        'https://api.example.com/v1?tenant=t1',
      );
  });

  it('refuses full URLs and paths that leave the origin, and bad base URLs', () => {
    expect(() => resolveRequest(request({ path: 'https://evil.example/x' }), BASES)).toThrow(
      /ctx\.source takes a path relative to .*use ctx\.fetch/,
    );
    expect(() => resolveRequest(request({ path: '//evil.example/x' }), BASES)).toThrow(TypeError);
    expect(() => resolveRequest(request({}), { ...BASES, source: 'not a url' })).toThrow(
      ConfigurationError,
    );
    expect(() =>
      resolveRequest(request({ target: 'fetch', path: 'ftp://x.example' }), BASES),
    ).toThrow('ctx.fetch needs an absolute http(s) URL, got ftp://x.example');
  });

  it('checks methods, drops the headers the host owns, and refuses json with body', () => {
    expect(() => resolveRequest(request({ method: 'GET X' }), BASES)).toThrow(
      "ctx.source: 'GET X' is not an HTTP method",
    );
    expect(() => resolveRequest(request({ method: 'CONNECT' }), BASES)).toThrow(
      'ctx.source: CONNECT is not allowed',
    );
    expect(() => resolveRequest(request({ headers: [['X-Bad', 'a\nb']] }), BASES)).toThrow(
      'ctx.source: invalid header "X-Bad"',
    );
    expect(() => resolveRequest(request({ json: '{}', body: 'x' }), BASES)).toThrow(
      'GET https://api.example.com/v1/customers?tenant=t1: pass either json or body, not both',
    );
    const resolved = resolveRequest(
      request({
        method: 'POST',
        headers: [
          ['Host', 'evil.example'],
          ['Content-Length', '1'],
          ['X-Trace', 't'],
        ],
        json: '{"a":1}',
      }),
      BASES,
    );
    expect(resolved.headers).toEqual({ 'x-trace': 't', 'content-type': 'application/json' });
    expect(resolved.body).toBe('{"a":1}');
  });
});

describe('parseResponseBody', () => {
  const response = { method: 'GET', shownUrl: 'https://x.example/a', status: 200 };
  it('reads JSON (and +json), text, and nothing', () => {
    const json = { ...response, contentType: 'application/problem+json', text: '{"a":1}' };
    expect(parseResponseBody(json)).toEqual({ a: 1 });
    expect(parseResponseBody({ ...response, contentType: 'text/plain', text: 'hi' })).toBe('hi');
    expect(parseResponseBody({ ...response, status: 204, contentType: '', text: 'x' })).toBeNull();
    expect(
      parseResponseBody({ ...response, contentType: 'application/json', text: '' }),
    ).toBeNull();
  });
  it('fails a 2xx that claims JSON and is not, but keeps an error page as text', () => {
    const broken = { ...response, contentType: 'application/json', text: '<html>' };
    expect(() => parseResponseBody(broken)).toThrow(InvalidResponseError);
    expect(parseResponseBody({ ...broken, status: 502 })).toBe('<html>');
  });
});

describe('placeCredential: the auth defaults', () => {
  it('adds what each auth type adds', () => {
    expect(placeCredential('api-key', {}, 'k')).toEqual({
      headers: { 'X-API-Key': 'k' },
      query: {},
    });
    expect(placeCredential('api-key', { in: 'query' }, 'k')).toEqual({
      headers: {},
      query: { api_key: 'k' },
    });
    expect(placeCredential('api-key', { in: 'query', name: 'key' }, 'k').query).toEqual({
      key: 'k',
    });
    expect(placeCredential('bearer', {}, 't').headers).toEqual({ Authorization: 'Bearer t' });
    expect(placeCredential('oauth', { tokenUrl: 'https://t' }, 'tok').headers).toEqual({
      Authorization: 'Bearer tok',
    });
    expect(placeCredential('basic', { username: 'ada' }, 'pässword').headers).toEqual({
      Authorization: `Basic ${Buffer.from('ada:pässword').toString('base64')}`,
    });
    // Stripe, Chargebee, Recurly: the key is the user name, the password is empty.
    expect(
      placeCredential('basic', { secretIn: 'username', username: 'ignored' }, 'sk_test_1').headers,
    ).toEqual({ Authorization: `Basic ${Buffer.from('sk_test_1:').toString('base64')}` });
  });
});

describe('StateBuffer', () => {
  it('holds writes back, returns copies, and reports changes in write order', async () => {
    const buffer = new StateBuffer({ cursor: 1, list: ['a'], old: true });
    const list = (await buffer.api.get('list')) as string[];
    list.push('changed copy');
    expect(await buffer.api.get('list')).toEqual(['a']);
    await buffer.api.set('cursor', 2);
    await buffer.api.delete('old');
    await buffer.api.set('__proto__', { polluted: true });
    expect(await buffer.api.get('cursor')).toBe(2);
    expect(await buffer.api.get('old')).toBeUndefined();
    const changes = buffer.changes();
    expect(changes).toEqual({
      set: [
        ['cursor', '2'],
        ['__proto__', '{"polluted":true}'],
      ],
      deleted: ['old'],
    });
    const next = applyStateChanges({ cursor: 1, list: ['a'], old: true }, changes);
    expect(Object.keys(next)).toEqual(['cursor', 'list', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses the keys PUT /state refuses, in its words, and values that are not JSON', async () => {
    const { api } = new StateBuffer({});
    await expect(api.set('', 1)).rejects.toThrow('ctx.state: the key must not be empty');
    await expect(api.get('')).rejects.toThrow('ctx.state: the key must not be empty');
    await expect(api.delete('')).rejects.toThrow('ctx.state: the key must not be empty');
    await expect(api.set('k'.repeat(201), 1)).rejects.toThrow(
      'ctx.state: the key must be at most 200 characters',
    );
    await expect(api.set(7 as unknown as string, 1)).rejects.toThrow(
      'ctx.state: the key must be a string',
    );
    await api.set('k'.repeat(200), 1);
    await expect(api.set('k', undefined)).rejects.toThrow(
      "ctx.state.set('k'): the value must be JSON (use delete)",
    );
  });

  it('refuses the NUL character in keys and values, which PostgreSQL cannot store', async () => {
    const buffer = new StateBuffer({});
    const { api } = buffer;
    await expect(api.set('a\u0000b', 1)).rejects.toThrow(
      'ctx.state: the key must not contain the NUL character (\\u0000)',
    );
    await expect(api.set('k', { list: ['x\u0000'] })).rejects.toThrow(
      "ctx.state.set('k'): the value must not contain the NUL character (\\u0000)",
    );
    await expect(api.set('k', { 'key\u0000': 1 })).rejects.toThrow('NUL character');
    await expect(api.set('k', '\\\u0000')).rejects.toThrow('NUL character');
    // A backslash followed by the text "u0000" is not a NUL.
    await api.set('k', 'C:\\u0000\\\\u0000');
    expect(buffer.changes().set).toEqual([['k', JSON.stringify('C:\\u0000\\\\u0000')]]);
  });
});
