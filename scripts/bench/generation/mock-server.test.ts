import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZTaskSide, type TaskAuth } from './contract.ts';
import { startMockServer, type MockServer } from './mock-server.ts';

// The mock server in front of the vendor modules: the credential check for each auth type, the
// oauth token flow, mutations with clock placeholders, and the request log. It plays the
// harness's example vendors (vendors/example-*.ts).

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer();
});
afterAll(async () => {
  await server.close();
});

const seed = { tickets: [{ id: 1, subject: 'VPN', status: 'open', priority: 'high' }] };
const side = (auth: TaskAuth, extra: Record<string, unknown> = {}) =>
  ZTaskSide.parse({
    apiName: 'Helpdesk',
    vendor: 'example-tickets',
    baseUrlPath: '/v1',
    auth,
    ...extra,
  });
const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('the credential check', () => {
  const cases: {
    name: string;
    auth: TaskAuth;
    good: { headers?: Record<string, string>; query?: string };
    bad: { headers?: Record<string, string>; query?: string }[];
  }[] = [
    {
      name: 'api-key in a header',
      auth: { type: 'api-key', in: 'header', name: 'X-Api-Key', secret: 'k1' },
      good: { headers: { 'x-api-key': 'k1' } },
      bad: [{}, { headers: { 'x-api-key': 'k2' } }, { query: '?X-Api-Key=k1' }],
    },
    {
      name: 'api-key in the query',
      auth: { type: 'api-key', in: 'query', name: 'api_key', secret: 'k1' },
      good: { query: '?api_key=k1' },
      bad: [{}, { query: '?api_key=k2' }, { headers: { api_key: 'k1' } }],
    },
    {
      name: 'bearer',
      auth: { type: 'bearer', secret: 't1' },
      good: { headers: { authorization: 'Bearer t1' } },
      bad: [{}, { headers: { authorization: 'Bearer t2' } }, { headers: { authorization: 't1' } }],
    },
    {
      name: 'basic',
      auth: { type: 'basic', username: 'ada', secret: 'pw' },
      good: { headers: { authorization: basic('ada', 'pw') } },
      bad: [
        {},
        { headers: { authorization: basic('ada', 'nope') } },
        { headers: { authorization: basic('bob', 'pw') } },
      ],
    },
    {
      name: 'basic with an empty password',
      auth: { type: 'basic', username: 'key_123', secret: '' },
      good: { headers: { authorization: basic('key_123', '') } },
      bad: [{}, { headers: { authorization: basic('key_123', 'x') } }],
    },
  ];

  it.each(cases)(
    '$name: refuses a wrong or missing credential with the vendor’s answer',
    async (c) => {
      const mounted = await server.mount(`auth-${cases.indexOf(c)}`, 'source', side(c.auth), seed);
      const ok = await get(`${mounted.baseUrl}/tickets${c.good.query ?? ''}`, c.good.headers);
      expect(ok.status).toBe(200);
      for (const bad of c.bad) {
        const refused = await get(`${mounted.baseUrl}/tickets${bad.query ?? ''}`, bad.headers);
        expect(refused).toEqual({ status: 401, body: { error: "Couldn't authenticate you" } });
      }
    },
  );

  it('none: lets every request through', async () => {
    const mounted = await server.mount('auth-none', 'source', side({ type: 'none' }), seed);
    expect((await get(`${mounted.baseUrl}/tickets`)).status).toBe(200);
  });
});

describe('oauth client credentials', () => {
  const auth: TaskAuth = { type: 'oauth', tokenPath: '/oauth/token', clientId: 'c1', secret: 's1' };

  it('issues a token for the form body or Basic auth, and accepts only tokens it issued', async () => {
    const mounted = await server.mount(
      'oauth',
      'destination',
      side(auth, { mountPrefix: '/gw/acme' }),
      seed,
    );
    expect(mounted.origin).toBe(`${server.url}/oauth/dst/gw/acme`);
    const token = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${mounted.origin}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body,
      });
    const posted = await token('grant_type=client_credentials&client_id=c1&client_secret=s1');
    expect(posted.status).toBe(200);
    const issued = (await posted.json()) as { access_token: string; expires_in: number };
    expect(issued.expires_in).toBeGreaterThan(0);
    const viaBasic = await token('grant_type=client_credentials', {
      authorization: basic('c1', 's1'),
    });
    expect(viaBasic.status).toBe(200);

    expect(
      (await token('grant_type=client_credentials&client_id=c1&client_secret=no')).status,
    ).toBe(401);
    expect((await token('grant_type=password&client_id=c1&client_secret=s1')).status).toBe(400);

    const tickets = `${mounted.baseUrl}/tickets`;
    expect((await get(tickets, { authorization: `Bearer ${issued.access_token}` })).status).toBe(
      200,
    );
    expect((await get(tickets, { authorization: 'Bearer s1' })).status).toBe(401);
    expect((await get(tickets)).status).toBe(401);
    // Token requests are authentication, not writes.
    expect(mounted.writes()).toBe(0);
  });
});

describe('data and the request log', () => {
  it('applies a mutation with {NOW_UNIX} and {NOW-5}, in seeds too', async () => {
    const mounted = await server.mount('mutation', 'source', side({ type: 'none' }), {
      tickets: [{ id: 1, subject: 'a', status: 'open', priority: 'low', updated_at: '{NOW-5}' }],
    });
    const before = Date.now();
    server.mutate('mutation', {
      side: 'source',
      collection: 'tickets',
      op: 'add',
      records: [{ id: 2, subject: 'b', status: 'open', priority: 'low', seen: '{NOW_UNIX+30}' }],
    });
    server.mutate('mutation', {
      side: 'source',
      collection: 'tickets',
      op: 'update',
      key: 'id',
      records: [{ id: 1, status: 'closed', closed_ms: '{NOW_MS}' }],
    });
    const [first, second] = mounted.instance.collections().tickets!;
    const updated = Date.parse(String(first!.updated_at));
    expect(Math.abs(updated - (before - 5 * 60_000))).toBeLessThan(5000);
    expect(first).toMatchObject({ status: 'closed', subject: 'a' });
    expect(Math.abs(Number(first!.closed_ms) - before)).toBeLessThan(5000);
    expect(Math.abs(Number(second!.seen) - (Math.floor(before / 1000) + 1800))).toBeLessThan(5);
    expect(() =>
      server.mutate('mutation', { side: 'source', collection: 'nope', op: 'add', records: [] }),
    ).toThrow(/no collection "nope"/);
  });

  it('records every request with its status, and counts writes', async () => {
    const mounted = await server.mount(
      'log',
      'destination',
      {
        ...side({ type: 'bearer', secret: 't' }),
        vendor: 'example-chat',
        baseUrlPath: '/api',
      },
      { channels: [{ id: 'C1', name: 'support' }] },
    );
    const post = (headers: Record<string, string>) =>
      fetch(`${mounted.baseUrl}/chat.postMessage?x=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ channel: '#support', text: 'hi' }),
      });
    expect((await post({ authorization: 'Bearer t' })).status).toBe(200);
    expect((await post({})).status).toBe(401);
    await get(`${mounted.baseUrl}/conversations.list`, { authorization: 'Bearer t' });
    expect(mounted.requests).toEqual([
      {
        method: 'POST',
        path: '/api/chat.postMessage',
        query: '?x=1',
        body: { channel: '#support', text: 'hi' },
        status: 200,
      },
      {
        method: 'POST',
        path: '/api/chat.postMessage',
        query: '?x=1',
        body: { channel: '#support', text: 'hi' },
        status: 401,
      },
      { method: 'GET', path: '/api/conversations.list', query: '', body: undefined, status: 200 },
    ]);
    expect(mounted.writes()).toBe(2);
    expect(mounted.instance.collections().messages).toEqual([
      { ts: 'm0001', channel: 'C1', text: 'hi' },
    ]);
    mounted.resetRequests();
    expect(mounted.writes()).toBe(0);
  });

  it('serves an in-house side its OpenAPI document as JSON, without a credential', async () => {
    const auth: TaskAuth = { type: 'api-key', in: 'header', name: 'X-Api-Key', secret: 'k' };
    const mounted = await server.mount(
      'doc',
      'source',
      side(auth, { openapi: 'example-tickets.yaml' }),
      seed,
    );
    const document = await get(`${mounted.origin}/openapi.json`);
    expect(document.status).toBe(200);
    expect(document.body).toMatchObject({ openapi: '3.0.3', paths: { '/tickets': {} } });
  });

  it('answers its health check, and 404 outside any mount', async () => {
    expect(await get(`${server.url}/_health`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await get(`${server.url}/nobody/src/x`)).status).toBe(404);
  });
});
