import type { QueryFunctionContext } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, errorMessage, getQueryFn, ResponseShapeError } from './api-client.ts';

const ZThing = z.object({ id: z.string() });

// These tests exercise the wrapper's contract, so fetch is stubbed here only.
type FetchArgs = [url: string, init: RequestInit];

let calls: FetchArgs[];
let nextResponse: Response;
let storage: Map<string, string>;

beforeEach(() => {
  calls = [];
  nextResponse = new Response('{}', { status: 200 });
  storage = new Map();
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return Promise.resolve(nextResponse);
  });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function lastCall(): FetchArgs {
  const call = calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return call;
}

/** The ApiError format, exactly: an Error whose message is `<status>: <body or statusText>`. */
async function expectError(result: unknown, message: string): Promise<void> {
  const err: unknown = await Promise.resolve(result).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  expect((err as Error).message).toBe(message);
}

function headersOf(init: RequestInit): Record<string, string> {
  return Object.fromEntries(new Headers(init.headers).entries());
}

function queryContext(queryKey: readonly unknown[]): QueryFunctionContext {
  return {
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
  } as QueryFunctionContext;
}

describe('apiRequest', () => {
  it('sends credentials and no body or Content-Type without a payload', async () => {
    await apiRequest('POST', '/api/auth/logout');

    const [url, init] = lastCall();
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(headersOf(init)).not.toHaveProperty('content-type');
  });

  it('sends a JSON body with a JSON Content-Type when there is a payload', async () => {
    await apiRequest('PUT', '/api/integrations/7', { status: 'paused' });

    const [, init] = lastCall();
    expect(init.body).toBe('{"status":"paused"}');
    expect(headersOf(init)['content-type']).toBe('application/json');
    expect(init.credentials).toBe('include');
  });

  it('adds a Bearer header only when localStorage holds a token', async () => {
    await apiRequest('GET', '/api/integrations');
    expect(headersOf(lastCall()[1])).not.toHaveProperty('authorization');

    storage.set('token', 'pb_secret');
    await apiRequest('GET', '/api/integrations');
    expect(headersOf(lastCall()[1]).authorization).toBe('Bearer pb_secret');
  });

  it('returns the Response on success', async () => {
    nextResponse = new Response('{"id":"abc"}', { status: 201 });

    const res = await apiRequest('POST', '/api/integrations', { name: 'Sync' });

    expect(await res.json()).toEqual({ id: 'abc' });
  });

  it('throws "<status>: <body>" for a non-OK response', async () => {
    nextResponse = new Response('{"message":"Integration limit reached"}', { status: 403 });

    await expectError(
      apiRequest('POST', '/api/integrations', {}),
      '403: {"message":"Integration limit reached"}',
    );
  });

  it('falls back to the status text when the error body is empty', async () => {
    nextResponse = new Response(null, { status: 502, statusText: 'Bad Gateway' });

    await expectError(apiRequest('GET', '/api/integrations'), '502: Bad Gateway');
  });
});

describe('getQueryFn', () => {
  it('GETs the URL it is given, whatever the key, and returns parsed JSON', async () => {
    storage.set('token', 'pb_secret');
    nextResponse = new Response('{"id":"a b"}', { status: 200 });

    const data = await getQueryFn('/api/integrations/a%20b', { schema: ZThing })(
      queryContext(['integrations', 'a b']),
    );

    const [url, init] = lastCall();
    expect(url).toBe('/api/integrations/a%20b');
    expect(init.method ?? 'GET').toBe('GET');
    expect(init.credentials).toBe('include');
    expect(headersOf(init).authorization).toBe('Bearer pb_secret');
    expect(data).toEqual({ id: 'a b' });
  });

  it('throws on 401 by default', async () => {
    nextResponse = new Response('{"message":"Not signed in"}', { status: 401 });

    await expectError(
      getQueryFn('/api/auth/user', { schema: ZThing })(queryContext(['/api/auth/user'])),
      '401: {"message":"Not signed in"}',
    );
  });

  it('yields null on 401 with on401: returnNull', async () => {
    nextResponse = new Response('{"message":"Not signed in"}', { status: 401 });

    const data = await getQueryFn('/api/auth/user', { schema: ZThing, on401: 'returnNull' })(
      queryContext(['/api/auth/user']),
    );

    expect(data).toBeNull();
  });

  it('still throws other errors with on401: returnNull', async () => {
    nextResponse = new Response('boom', { status: 500 });

    await expectError(
      getQueryFn('/api/auth/user', { schema: ZThing, on401: 'returnNull' })(
        queryContext(['/api/auth/user']),
      ),
      '500: boom',
    );
  });

  it('parses the answer with the schema: unknown keys are dropped', async () => {
    nextResponse = new Response('{"id":"x","extra":true}', { status: 200 });

    const data = await getQueryFn('/api/things/x', { schema: ZThing })(
      queryContext(['/api/things', 'x']),
    );

    expect(data).toEqual({ id: 'x' });
  });

  it('rejects an answer of the wrong shape with an error a page can show', async () => {
    nextResponse = new Response('{"id":42}', { status: 200 });

    const error: unknown = await Promise.resolve(
      getQueryFn('/api/things/x', { schema: ZThing })(queryContext(['/api/things', 'x'])),
    ).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as Error).message).toMatch(
      /answer to \/api\/things\/x is not what this page expects at id/,
    );
    expect(errorMessage(error, 'fallback')).toBe((error as Error).message);
  });

  it('loads a lazy schema only for a 2xx answer (the user lookup on public pages)', async () => {
    let loads = 0;
    const loadSchema = () => {
      loads += 1;
      return Promise.resolve(ZThing);
    };

    nextResponse = new Response('{"message":"Not signed in"}', { status: 401 });
    const anonymous = await getQueryFn('/api/auth/user', {
      schema: loadSchema,
      on401: 'returnNull',
    })(queryContext(['/api/auth/user']));
    expect(anonymous).toBeNull();
    expect(loads).toBe(0);

    nextResponse = new Response('{"id":42}', { status: 200 });
    await expect(
      getQueryFn('/api/auth/user', { schema: loadSchema, on401: 'returnNull' })(
        queryContext(['/api/auth/user']),
      ),
    ).rejects.toBeInstanceOf(ResponseShapeError);
    expect(loads).toBe(1);

    nextResponse = new Response('{"id":"u1","extra":true}', { status: 200 });
    const user = await getQueryFn('/api/auth/user', { schema: loadSchema, on401: 'returnNull' })(
      queryContext(['/api/auth/user']),
    );
    expect(user).toEqual({ id: 'u1' });
  });

  it('rejects a 200 whose body is not JSON', async () => {
    nextResponse = new Response('<html>proxy page</html>', { status: 200 });

    await expect(
      getQueryFn('/api/things/x', { schema: ZThing })(queryContext(['/api/things', 'x'])),
    ).rejects.toBeInstanceOf(ResponseShapeError);
  });
});

describe('errorMessage', () => {
  it("extracts the server's JSON message", () => {
    const err = new Error('400: {"message":"Prompt is too short","issues":[]}');
    expect(errorMessage(err, 'Failed to generate code')).toBe('Prompt is too short');
  });

  it('uses the fallback when the JSON body has no message', () => {
    expect(errorMessage(new Error('500: {"error":"x"}'), 'Failed to save code')).toBe(
      'Failed to save code',
    );
  });

  it('keeps a short plain-text body such as a status text', () => {
    expect(errorMessage(new Error('502: Bad Gateway'), 'Failed to save code')).toBe('Bad Gateway');
  });

  it('never shows an HTML error page', () => {
    expect(errorMessage(new Error('502: <html><body>nginx</body></html>'), 'Try again')).toBe(
      'Try again',
    );
  });

  it('passes through a message that did not come from a response', () => {
    expect(errorMessage(new Error('Something specific'), 'Fallback')).toBe('Something specific');
  });

  it('uses the fallback for non-errors', () => {
    expect(errorMessage('nope', 'Fallback')).toBe('Fallback');
    expect(errorMessage(undefined, 'Fallback')).toBe('Fallback');
  });

  it('reads errors thrown by apiRequest end to end', async () => {
    nextResponse = new Response('{"message":"Invalid email or password","code":"BAD_LOGIN"}', {
      status: 401,
    });

    const err: unknown = await apiRequest('POST', '/api/auth/login', {
      email: 'a@b.c',
      password: 'x',
    }).catch((e: unknown) => e);

    expect(errorMessage(err, 'Invalid credentials')).toBe('Invalid email or password');
  });
});
