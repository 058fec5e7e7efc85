// The validation layer: bad input answers 400 before any handler (or PostgreSQL) sees it.
import { Hono } from 'hono';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestUser,
  postJson,
  type TestApp,
} from '../../scripts/test-support/test-app.ts';
import { ApiError, errorBody } from './errors.ts';
import { findNul, jsonBody, queryParams, rejectNulInUrl } from './validate.ts';

/** A bare app with the validators and the app's error mapping; handlers echo what they got. */
function validatingApp() {
  const app = new Hono()
    .use(rejectNulInUrl)
    .post('/things', jsonBody(z.object({ name: z.string(), tags: z.array(z.string()) })), (c) =>
      c.json(c.req.valid('json')),
    )
    .put('/state', jsonBody(z.object({ values: z.record(z.string(), z.json()) })), (c) =>
      c.json(c.req.valid('json')),
    )
    .get('/search', queryParams(z.object({ q: z.string().optional() })), (c) =>
      c.json(c.req.valid('query')),
    )
    .get('/things/:id', (c) => c.json({ id: c.req.param('id') }));
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(errorBody(error), error.status);
    return c.json({ message: String(error), code: 'INTERNAL' }, 500);
  });
  return app;
}

const post = (app: Hono, url: string, body: string, method = 'POST') =>
  app.request(url, { method, headers: { 'content-type': 'application/json' }, body });

describe('NUL characters (PostgreSQL text cannot hold U+0000)', () => {
  const app = validatingApp();

  it('finds a NUL in nested values and in object keys, and nothing in clean input', () => {
    expect(findNul({ a: ['ok', { b: 'x\u0000y' }] })).toEqual(['a', 1, 'b']);
    expect(findNul({ values: { 'k\u0000': 1 } })).toEqual(['values', 'k\u0000']);
    expect(findNul('\u0000')).toEqual([]);
    expect(findNul({ a: ['ok', 1, null, { b: true }], c: 'fine' })).toBeNull();
    // Deep nesting is walked without recursion.
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findNul(deep)).toHaveLength(100_000);
  });

  it('answers 400 naming the field for a NUL in a JSON string', async () => {
    const response = await post(app, '/things', '{"name":"a\\u0000b","tags":[]}');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'name: must not contain the NUL character (\\u0000)',
      issues: [{ path: ['name'], message: 'name: must not contain the NUL character (\\u0000)' }],
    });
    const inArray = await post(app, '/things', '{"name":"a","tags":["ok","\\u0000"]}');
    expect(inArray.status).toBe(400);
    expect(((await inArray.json()) as { message: string }).message).toMatch(/^tags\.1: /);
  });

  it('answers 400 for a NUL in a key of a free-form JSON object', async () => {
    const response = await post(app, '/state', '{"values":{"cur\\u0000sor":1}}', 'PUT');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /must not contain the NUL character/,
    );
  });

  it('answers 400 for a NUL in a query parameter or a path parameter', async () => {
    for (const url of ['/search?q=%00', '/search?q=a%00b', '/things/%00', '/things/abc%00']) {
      const response = await app.request(url);
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('lets clean input through unchanged, including an escaped "%00" text', async () => {
    const body = await post(app, '/things', '{"name":"a\\\\u0000b","tags":["x"]}');
    expect(body.status).toBe(200);
    expect(await body.json()).toEqual({ name: 'a\\u0000b', tags: ['x'] });
    const search = await app.request('/search?q=%2500');
    expect(search.status).toBe(200);
    expect(await search.json()).toEqual({ q: '%00' });
  });
});

describe('NUL characters through the real app and database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 400, not 500, on sign-up, search, token revocation and a session cookie', async () => {
    const signup = await postJson(t.app, '/api/auth/signup', {
      email: 'nul@example.com',
      password: 'test password',
      lastName: 'Smith\u0000',
    });
    expect(signup.status).toBe(400);
    expect(await signup.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'lastName: must not contain the NUL character (\\u0000)',
    });

    const user = await createTestUser(t);
    const search = await user.request('GET', '/api/integrations?q=%00');
    expect(search.status).toBe(400);
    const revoke = await user.request('DELETE', '/api/auth/tokens/%00');
    expect(revoke.status).toBe(400);
    // A cookie is decoded too: a NUL in it is no session (never a query that fails).
    const cookie = await t.app.request('/api/auth/user', {
      headers: { cookie: 'patchbay_session=abc%00.def' },
    });
    expect(cookie.status).toBe(401);
    // Nothing of the refused sign-up was written.
    const healthy = await user.request('GET', '/api/integrations?q=Smith');
    expect(healthy.status).toBe(200);
  });
});
