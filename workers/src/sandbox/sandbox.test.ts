import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPool } from './index.ts';
import {
  json,
  runInput,
  startServer,
  type ReceivedRequest,
  type TestServer,
} from './test-http-server.ts';
import type { SandboxConnection, SandboxRunResult } from './types.ts';

// The ctx contract (schema/src/ctx-contract.ts) end to end: a real runner pool, real isolates, real HTTP
// servers on loopback (allowPrivateNetwork, as SANDBOX_ALLOW_PRIVATE_NETWORK=true in tests).

let pool: SandboxPool;
let api: TestServer;

/** The API under test: /echo answers with what arrived; the rest are fixed answers. */
beforeAll(async () => {
  pool = new SandboxPool({ size: 2 });
  api = await startServer((request, response) => {
    const path = request.url.split('?')[0];
    switch (path) {
      case '/v1/empty':
        response.writeHead(204);
        response.end();
        return;
      case '/v1/text':
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('plain words');
        return;
      case '/v1/problem':
        response.writeHead(422, { 'content-type': 'application/problem+json' });
        response.end(JSON.stringify({ title: 'Unprocessable', echo: request.headers }));
        return;
      case '/v1/missing':
        return json(response, 404, { error: 'no such thing' });
      case '/v1/busy':
        response.writeHead(429, { 'retry-after': '7', 'content-type': 'application/json' });
        response.end('{"error":"slow down"}');
        return;
      case '/v1/down':
        return json(response, 503, { error: 'maintenance' });
      case '/v1/hang':
        return; // never answers
      default:
        return json(response, 200, request);
    }
  });
});

afterAll(async () => {
  await pool.close();
  await api.close();
});

function connection(overrides: Partial<SandboxConnection> = {}): SandboxConnection {
  return {
    baseUrl: `${api.origin}/v1`,
    authType: 'none',
    authConfig: {},
    secret: null,
    ...overrides,
  };
}

function received(path: string): ReceivedRequest[] {
  return api.received.filter((request) => request.url.startsWith(path));
}

describe('ctx.source, ctx.destination and ctx.fetch', () => {
  it('bind paths to the base URL and send query, headers and bodies as the exported runtime does', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          const got = await ctx.source.get('/echo/customers', {
            query: { limit: 2, tags: ['a', 'b'], since: new Date(0), skip: null, gone: undefined },
            headers: { 'X-Trace': 't-1' },
          });
          const posted = await ctx.destination.post('echo/contacts', { json: { email: 'a@b.c' } });
          const raw = await ctx.destination.request('put', '/echo/raw', { body: 'k=v' });
          const fetched = await ctx.fetch('${api.origin}/elsewhere', { method: 'patch', json: [1] });
          return {
            got: got.url, trace: got.headers['x-trace'],
            posted: [posted.method, posted.url, posted.headers['content-type'], posted.body],
            raw: [raw.method, raw.headers['content-type'], raw.body],
            fetched: [fetched.method, fetched.url, fetched.body],
          };
        }`,
        { source: connection(), destination: connection() },
      ),
    );
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({
      got: '/v1/echo/customers?limit=2&tags=a&tags=b&since=1970-01-01T00%3A00%3A00.000Z',
      trace: 't-1',
      posted: ['POST', '/v1/echo/contacts', 'application/json', '{"email":"a@b.c"}'],
      raw: ['PUT', 'text/plain;charset=UTF-8', 'k=v'],
      fetched: ['PATCH', '/elsewhere', '[1]'],
    });
    expect(result.requests.map((entry) => `${entry.method} ${entry.url} ${entry.status}`)).toEqual([
      `GET ${api.origin}/v1/echo/customers?limit=2&tags=a&tags=b&since=1970-01-01T00%3A00%3A00.000Z 200`,
      `POST ${api.origin}/v1/echo/contacts 200`,
      `PUT ${api.origin}/v1/echo/raw 200`,
      `PATCH ${api.origin}/elsewhere 200`,
    ]);
    const post = result.requests[1];
    expect(post?.requestBody).toBe('{"email":"a@b.c"}');
    expect(post?.requestHeaders['content-type']).toBe('application/json');
    expect(post?.responseHeaders['content-type']).toBe('application/json');
    expect(JSON.parse(post?.responseBody ?? '')).toMatchObject({ method: 'POST' });
    expect(post?.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(post?.startedAt ?? '')).not.toBeNaN();
  });

  it('resolve to JSON, text, or null for 204', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          return [await ctx.source.get('/text'), await ctx.source.delete('/empty'), typeof (await ctx.source.get('/echo'))];
        }`,
        { source: connection() },
      ),
    );
    expect(result.data).toEqual(['plain words', null, 'object']);
  });

  it('throw an HttpError with status and body, which the code can catch with instanceof', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          try {
            await ctx.source.get('/missing');
          } catch (error) {
            return {
              isHttpError: error instanceof HttpError && error instanceof ctx.HttpError && error instanceof Error,
              name: error.name, status: error.status, body: error.body,
              message: error.message, method: error.method, url: error.url,
            };
          }
        }`,
        { source: connection() },
      ),
    );
    expect(result.data).toEqual({
      isHttpError: true,
      name: 'HttpError',
      status: 404,
      body: { error: 'no such thing' },
      message: `GET ${api.origin}/v1/missing → 404`,
      method: 'GET',
      url: `${api.origin}/v1/missing`,
    });
  });

  it('refuse a full URL on ctx.source, so the credential only goes to its own API', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          const errors = [];
          for (const path of ['https://evil.example/steal', '//evil.example/x', 'HTTP://evil.example']) {
            try { await ctx.source.get(path); } catch (error) { errors.push(error.name + ': ' + error.message); }
          }
          return errors;
        }`,
        { source: connection({ authType: 'bearer', secret: 'tok-confined' }) },
      ),
    );
    expect(result.data).toEqual([
      expect.stringMatching(
        /^TypeError: ctx.source takes a path relative to .*, not a full URL \(https:\/\/evil.example\/steal\)/,
      ),
      expect.stringMatching(/^TypeError: ctx.source takes a path relative to/),
      expect.stringMatching(/^TypeError: ctx.source takes a path relative to/),
    ]);
    expect(result.requests).toEqual([]);
  });

  it('refuse json and body together, and a non-string body', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          const errors = [];
          try { await ctx.fetch('${api.origin}/x', { json: {}, body: 'x' }); } catch (e) { errors.push(e.message); }
          try { await ctx.source.post('/x', { body: { a: 1 } }); } catch (e) { errors.push(e.message); }
          try { await ctx.fetch('ftp://example.com/'); } catch (e) { errors.push(e.message); }
          return errors;
        }`,
        { source: connection() },
      ),
    );
    expect(result.data).toEqual([
      `GET ${api.origin}/x: pass either json or body, not both`,
      'ctx.source: body must be a string or a URLSearchParams (send objects with json)',
      'ctx.fetch needs an absolute http(s) URL, got ftp://example.com/',
    ]);
  });
});

describe('ctx.state, ctx.log, console and ctx.run', () => {
  it('reads the saved state, reports the changes and never shares objects with the code', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          const cursor = await ctx.state.get('cursor');
          cursor.page += 1; // a copy: changing it changes nothing
          const again = await ctx.state.get('cursor');
          await ctx.state.set('cursor', { page: again.page + 10 });
          await ctx.state.set('seen', ['a']);
          await ctx.state.delete('old');
          await ctx.state.set('temp', 1);
          await ctx.state.delete('temp');
          const errors = [];
          try { await ctx.state.set('bad', () => 1); } catch (e) { errors.push(e.message); }
          try { await ctx.state.get(''); } catch (e) { errors.push(e.message); }
          return { again, missing: await ctx.state.get('nothing'), seen: await ctx.state.get('seen'), errors };
        }`,
        { state: { cursor: { page: 1 }, old: true } },
      ),
    );
    expect(result.data).toEqual({
      again: { page: 1 },
      seen: ['a'],
      errors: [
        "ctx.state.set('bad'): the value must be JSON (use delete)",
        'ctx.state: the key must not be empty',
      ],
    });
    expect(result.stateChanges).toEqual({
      set: { cursor: { page: 11 }, seen: ['a'] },
      deleted: ['old', 'temp'],
    });
  });

  it('captures ctx.log and console.* with level and time, formatted like console.log', async () => {
    const before = Date.now();
    const result = await pool.run(
      runInput(`export default async function run(ctx) {
        ctx.log('synced %d customers', 3);
        console.log('plain', { a: [1, 2] }, null, undefined, 10n);
        console.info('info');
        console.warn('careful');
        console.error(new Error('bad thing'));
        console.debug('details');
        const loop = { name: 'loop' }; loop.self = loop;
        console.log(loop);
      }`),
    );
    expect(result.status).toBe('success');
    expect(result.data).toBeNull();
    expect(result.logs.map(({ level, message }) => [level, message.split('\n')[0]])).toEqual([
      ['info', 'synced 3 customers'],
      ['log', 'plain {"a":[1,2]} null undefined 10n'],
      ['info', 'info'],
      ['warn', 'careful'],
      ['error', 'Error: bad thing'],
      ['debug', 'details'],
      ['log', '{"name":"loop","self":"[Circular]"}'],
    ]);
    expect(result.logs[4]?.message).toContain('integration.js:6');
    for (const entry of result.logs) {
      expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('gives the run id, attempt, mode and scheduled time, frozen', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {
          let frozen = false;
          try { ctx.run.attempt = 99; } catch { frozen = true; }
          return { ...ctx.run, frozen };
        }`,
        {
          run: {
            id: 'wf-1/run-9',
            attempt: 3,
            mode: 'deployed',
            scheduledAt: '2026-05-01T10:00:00.000Z',
          },
        },
      ),
    );
    expect(result.data).toEqual({
      id: 'wf-1/run-9',
      attempt: 3,
      mode: 'deployed',
      scheduledAt: '2026-05-01T10:00:00.000Z',
      frozen: true,
    });
  });
});

// One test per auth type: the exact header or parameter the server received, and the credential
// nowhere in the result (transcript, logs, data, error), even when the API echoes it back and the
// code logs and returns the echo, and when the run fails with the echo in its error.
describe('auth', () => {
  const echoAndFail = `export default async function run(ctx) {
    const echo = await ctx.source.get('/echo/me');
    console.log('the API saw', echo);
    ctx.log(JSON.stringify(echo.headers));
    if (ctx.run.mode === 'deployed') {
      try { await ctx.source.get('/problem'); }
      catch (error) { throw new Error('failed with ' + JSON.stringify(error.body) + ' after ' + JSON.stringify(echo)); }
    }
    return echo;
  }`;

  async function runBoth(
    source: SandboxConnection,
  ): Promise<{ ok: SandboxRunResult; failed: SandboxRunResult }> {
    const ok = await pool.run(runInput(echoAndFail, { source }));
    const failed = await pool.run(
      runInput(echoAndFail, {
        source,
        run: { id: 'r', attempt: 1, mode: 'deployed', scheduledAt: '2026-01-01T00:00:00.000Z' },
      }),
    );
    expect(ok.status).toBe('success');
    expect(failed.status).toBe('failed');
    expect(failed.error?.message).toMatch(/^failed with \{"title":"Unprocessable"/);
    return { ok, failed };
  }

  function expectNowhere(results: SandboxRunResult[], ...values: string[]) {
    for (const result of results) {
      const text = JSON.stringify(result);
      for (const value of values) {
        expect(text).not.toContain(value);
        expect(text).not.toContain(encodeURIComponent(value));
      }
      expect(text).toContain('[REDACTED]');
    }
  }

  it('api-key in the default header X-API-Key', async () => {
    const secret = 'ak_live_5f2d9c1e';
    const { ok, failed } = await runBoth(connection({ authType: 'api-key', secret }));
    expect(received('/v1/echo/me').at(-1)?.headers['x-api-key']).toBe(secret);
    expect(ok.requests[0]?.requestHeaders['x-api-key']).toBe('[REDACTED]');
    expectNowhere([ok, failed], secret);
  });

  it('api-key in a named header', async () => {
    const secret = 'named-header-key-77';
    const { ok, failed } = await runBoth(
      connection({
        authType: 'api-key',
        authConfig: { in: 'header', name: 'X-Custom-Token' },
        secret,
      }),
    );
    const headers = received('/v1/echo/me').at(-1)?.headers;
    expect(headers?.['x-custom-token']).toBe(secret);
    expect(headers?.['x-api-key']).toBeUndefined();
    expectNowhere([ok, failed], secret);
  });

  it('api-key in the query string (api_key by default, or the named parameter)', async () => {
    const secret = 'q key/with+chars&=';
    const { ok, failed } = await runBoth(
      connection({ authType: 'api-key', authConfig: { in: 'query' }, secret }),
    );
    const url = new URL(received('/v1/echo/me').at(-1)?.url ?? '', 'http://x');
    expect(url.searchParams.get('api_key')).toBe(secret);
    expect(ok.requests[0]?.url).toBe(`${api.origin}/v1/echo/me?api_key=[REDACTED]`);
    expectNowhere([ok, failed], secret, new URLSearchParams({ s: secret }).toString().slice(2));

    const named = await pool.run(
      runInput(echoAndFail, {
        source: connection({
          authType: 'api-key',
          authConfig: { in: 'query', name: 'token' },
          secret: 'tkn-9',
        }),
      }),
    );
    expect(
      new URL(received('/v1/echo/me').at(-1)?.url ?? '', 'http://x').searchParams.get('token'),
    ).toBe('tkn-9');
    expectNowhere([named], 'tkn-9');
  });

  it('bearer', async () => {
    const secret = 'bearer-token-abc.def';
    const { ok, failed } = await runBoth(connection({ authType: 'bearer', secret }));
    expect(received('/v1/echo/me').at(-1)?.headers.authorization).toBe(`Bearer ${secret}`);
    expect(ok.requests[0]?.requestHeaders.authorization).toBe('[REDACTED]');
    expectNowhere([ok, failed], secret);
  });

  it('basic', async () => {
    const secret = 'pässword:with colon';
    const encoded = Buffer.from(`alice:${secret}`).toString('base64');
    const { ok, failed } = await runBoth(
      connection({ authType: 'basic', authConfig: { username: 'alice' }, secret }),
    );
    expect(received('/v1/echo/me').at(-1)?.headers.authorization).toBe(`Basic ${encoded}`);
    expectNowhere([ok, failed], secret, encoded);
  });

  it('oauth client credentials: the host fetches the token, caches it and sends it as Bearer', async () => {
    const clientSecret = 'client-secret-0f9e8d';
    const accessToken = 'at-7c6b5a4938271605';
    let issued = 0;
    const auth = await startServer((request, response) => {
      issued += 1;
      expect(request.method).toBe('POST');
      json(response, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
    });
    try {
      const source = connection({
        authType: 'oauth',
        authConfig: {
          tokenUrl: `${auth.origin}/oauth/token`,
          clientId: 'client-1',
          scope: 'read write',
        },
        secret: clientSecret,
      });
      const { ok, failed } = await runBoth(source);
      expect(received('/v1/echo/me').at(-1)?.headers.authorization).toBe(`Bearer ${accessToken}`);
      // One token for both runs: cached by the host.
      expect(issued).toBe(1);
      const tokenRequest = auth.received[0];
      expect(tokenRequest?.headers['content-type']).toBe(
        'application/x-www-form-urlencoded;charset=UTF-8',
      );
      expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({
        grant_type: 'client_credentials',
        client_id: 'client-1',
        client_secret: clientSecret,
        scope: 'read write',
      });
      // The token request is in the first run's transcript, redacted.
      const recorded = ok.requests[0];
      expect(recorded?.url).toBe(`${auth.origin}/oauth/token`);
      expect(recorded?.requestBody).toBe(
        'grant_type=client_credentials&client_id=client-1&client_secret=[REDACTED]&scope=read+write',
      );
      expect(recorded?.responseBody).toContain('"access_token":"[REDACTED]"');
      expectNowhere([ok, failed], clientSecret, accessToken);
    } finally {
      await auth.close();
    }
  });

  it('oauth without a token URL sends the secret as a ready access token', async () => {
    const secret = 'ready-access-token-55';
    const { ok, failed } = await runBoth(connection({ authType: 'oauth', secret }));
    expect(received('/v1/echo/me').at(-1)?.headers.authorization).toBe(`Bearer ${secret}`);
    expectNowhere([ok, failed], secret);
  });

  it('a missing credential fails the call, not the host, and is not retryable', async () => {
    const result = await pool.run(
      runInput(`export default async function run(ctx) { await ctx.source.get('/echo'); }`, {
        source: connection({ authType: 'bearer', secret: null }),
      }),
    );
    expect(result.error).toMatchObject({
      message:
        "ctx.source: no credential is saved for this API (auth type bearer); add it in Edit connection on the integration's review page",
      retryable: false,
      line: 1,
    });
  });
});

describe('errors come back with the line and column of the user code', () => {
  it('a syntax error', async () => {
    const result = await pool.run(
      runInput(`export default async function run(ctx) {\n  const x = ;\n}`),
    );
    expect(result.error).toEqual({
      name: 'SyntaxError',
      message: "Unexpected token ';'",
      line: 2,
      column: 13,
      retryable: false,
    });
  });

  it('a thrown error, with a stack of the user frames only', async () => {
    const result = await pool.run(
      runInput(
        `function helper() {\n  throw new RangeError('out of range');\n}\nexport default async function run(ctx) {\n  helper();\n}`,
      ),
    );
    expect(result.error).toMatchObject({
      name: 'RangeError',
      message: 'out of range',
      line: 2,
      column: 9,
      retryable: true,
    });
    expect(result.error?.stack).toBe(
      'RangeError: out of range\n    at helper (integration.js:2:9)\n    at run (integration.js:5:3)',
    );
  });

  it('an uncaught HttpError points at the call, with status, body and retryability', async () => {
    const cases = [
      ['/missing', 404, false, undefined],
      ['/busy', 429, true, 7000],
      ['/down', 503, true, undefined],
    ] as const;
    for (const [path, status, retryable, retryAfterMs] of cases) {
      const result = await pool.run(
        runInput(
          `export default async function run(ctx) {\n  const x = 1;\n  await ctx.source.get('${path}');\n}`,
          {
            source: connection(),
          },
        ),
      );
      expect(result.error).toMatchObject({
        name: 'HttpError',
        status,
        line: 3,
        column: 20,
        retryable,
      });
      expect(result.error?.retryAfterMs).toBe(retryAfterMs);
      expect(result.error?.stack).toMatch(
        /^HttpError: GET .* → \d+\n {4}at run \(integration\.js:3:20\)$/,
      );
    }
  });

  it('ctx.NonRetryableError and retryable: false are not retried', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {\n  throw new ctx.NonRetryableError('no customers list');\n}`,
      ),
    );
    expect(result.error).toMatchObject({
      name: 'NonRetryableError',
      message: 'no customers list',
      retryable: false,
      line: 2,
    });
    const flagged = await pool.run(
      runInput(
        `export default async function run(ctx) {\n  throw Object.assign(new Error('x'), { retryable: false });\n}`,
      ),
    );
    expect(flagged.error?.retryable).toBe(false);
  });

  it('a timeout, counting time spent awaiting the host', async () => {
    const started = Date.now();
    const result = await pool.run(
      runInput(`export default async function run(ctx) {\n  await ctx.source.get('/hang');\n}`, {
        source: connection(),
        limits: { wallClockMs: 1000 },
      }),
    );
    expect(result.error).toEqual({
      name: 'TimeoutError',
      message: 'Timed out after 1 s',
      retryable: true,
    });
    expect(Date.now() - started).toBeLessThan(5000);
    // The request that hung is in the transcript.
    expect(result.requests).toEqual([
      expect.objectContaining({
        url: `${api.origin}/v1/hang`,
        status: null,
        error: 'no response before the run ended',
      }),
    ]);
  });

  it('the default timeout reads "Timed out after 30 s"', async () => {
    // Not waited for: the wall clock's message comes from the limit in force.
    const { resolveLimits } = await import('./sandbox-pool.ts');
    expect(resolveLimits().wallClockMs).toBe(30_000);
  });

  it('the memory limit', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {\n  const a = [];\n  while (true) a.push({ n: Math.random(), s: 'x'.repeat(64) + a.length });\n}`,
      ),
    );
    expect(result.error).toEqual({
      name: 'MemoryLimitError',
      message: 'Memory limit exceeded',
      retryable: true,
    });
  });

  it('a return value that is not JSON', async () => {
    for (const [value, message] of [
      ['10n', 'run(ctx) must return a JSON value: Do not know how to serialize a BigInt'],
      ['() => 1', 'run(ctx) must return a JSON value, not a function'],
      [
        '(() => { const o = {}; o.o = o; return o; })()',
        expect.stringMatching(
          /^run\(ctx\) must return a JSON value: Converting circular structure to JSON/,
        ),
      ],
    ] as const) {
      const result = await pool.run(
        runInput(`export default async function run(ctx) { return ${value}; }`),
      );
      expect(result.error).toMatchObject({ name: 'TypeError', message, retryable: false });
    }
  });

  it('an unhandled rejection fails the run even when run(ctx) succeeds', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {\n  await ctx.source.get('/echo');\n  Promise.reject(new TypeError('nobody listens'));\n  await ctx.source.get('/echo');\n  return 'done';\n}`,
        { source: connection() },
      ),
    );
    expect(result.status).toBe('failed');
    expect(result.error).toMatchObject({
      name: 'TypeError',
      message: 'Unhandled promise rejection: nobody listens',
      line: 3,
      column: 18,
    });
  });

  it('a module without a default export function', async () => {
    const result = await pool.run(runInput(`export const run = async () => 1;`));
    expect(result.error).toMatchObject({ name: 'TypeError', retryable: false });
    expect(result.error?.message).toMatch(/must export its run function/);
  });
});

describe('caps', () => {
  it('at most maxRequests requests per run', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {\n  for (let i = 0; i < 10; i++) await ctx.source.get('/echo/' + i);\n}`,
        { source: connection(), limits: { maxRequests: 3 } },
      ),
    );
    expect(result.requests).toHaveLength(3);
    expect(result.error).toMatchObject({
      message: `GET ${api.origin}/v1/echo/3 failed: request limit reached: a run may make at most 3 requests`,
      retryable: false,
      line: 2,
    });
  });

  it('the log is capped, with a marker', async () => {
    const result = await pool.run(
      runInput(
        `export default async function run(ctx) {\n  for (let i = 0; i < 100000; i++) console.log('line ' + i + ' ' + 'x'.repeat(100));\n  return 'finished';\n}`,
        {
          limits: { maxLogBytes: 16 * 1024 },
        },
      ),
    );
    expect(result.data).toBe('finished');
    const total = result.logs.reduce((sum, entry) => sum + entry.message.length, 0);
    expect(total).toBeLessThan(16 * 1024);
    expect(result.logs.at(-1)).toMatchObject({
      level: 'warn',
      message: 'Log output truncated: the run logged more than 16 KiB',
    });
  });
});
