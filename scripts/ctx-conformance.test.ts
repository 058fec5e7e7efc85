import { CTX_CONTRACT_EXAMPLE, type TWebhookEvent } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { generateTemplateCode } from '@patchbay/generator';
import {
  conforms,
  destination,
  NONE,
  other,
  source,
  useConformanceHosts,
  type Handler,
  type Program,
  type Reply,
} from './test-support/ctx-conformance-hosts.ts';

// The ctx conformance suite (ADR 012): the same integration programs run in the sandbox
// (a real SandboxPool) and in an exported project (unzipped and run with plain `node run.js`),
// against the same HTTP servers on loopback; the harness is scripts/test-support/
// ctx-conformance-hosts.ts. The programs: the docs' example (CTX_CONTRACT_EXAMPLE), the template
// generator's output for representative prompts, the docs page's snippets, and hand-written
// programs that reach every part of the contract. The web-standard globals have their own file
// (ctx-conformance-web-globals.test.ts).

useConformanceHosts();

// ── The APIs' answers ─────────────────────────────────────────────────────────────────────────

const customers = [
  { id: 'cus_3', created: 300, email: 'c@x.io', name: 'Cy' },
  { id: 'cus_2', created: 200, email: 'b@x.io', name: 'Bo' },
  { id: 'cus_1', created: 100, email: 'a@x.io', name: 'Al' },
];

/** CTX_CONTRACT_EXAMPLE's APIs: customers after created_gt, contacts created. */
function serveCustomers(sourceReply?: Reply): () => void {
  return () => {
    source.handle(({ path, query }) => {
      if (sourceReply) return sourceReply;
      if (path !== '/v1/customers') return { status: 404, body: { error: 'no such route' } };
      const since = Number(query.get('created_gt') ?? 0);
      return { body: { data: [...customers].reverse().filter((c) => c.created > since) } };
    });
    destination.handle(({ path }) =>
      path === '/contacts' ? { status: 201, body: { id: 'contact' } } : { status: 404 },
    );
  };
}

function generated(prompt: string, names = { source: 'Source', destination: 'Destination' }) {
  return generateTemplateCode({
    sourceApiName: names.source,
    sourceApiUrl: source.url,
    sourceAuthType: 'none',
    destApiName: names.destination,
    destApiUrl: destination.url,
    destAuthType: 'none',
    userPrompt: prompt,
  }).code;
}

describe('the docs example (CTX_CONTRACT_EXAMPLE) on both hosts', () => {
  it('first run, with an API key and a bearer token', async () => {
    const seen = await conforms('docs example', {
      code: CTX_CONTRACT_EXAMPLE,
      source: { authType: 'api-key', secret: 'source-key' },
      destination: { authType: 'bearer', secret: 'dest-token' },
      serve: serveCustomers(),
      expected: 'success',
    });
    expect(seen.data).toEqual({ synced: 3 });
    expect(seen.requests[0]?.headers['x-api-key']).toBe('source-key');
  });

  it('a later run, from a saved cursor', async () => {
    const seen = await conforms('docs example later', {
      code: CTX_CONTRACT_EXAMPLE,
      source: {
        authType: 'api-key',
        authConfig: { in: 'query', name: 'key' },
        secret: 'query-key-secret',
      },
      destination: { authType: 'basic', authConfig: { username: 'ada' }, secret: 'pässword' },
      state: { cursor: 200 },
      serve: serveCustomers(),
      expected: 'success',
    });
    expect(seen.data).toEqual({ synced: 1 });
  });

  it('basic auth with the API key as the user name and an empty password', async () => {
    const seen = await conforms('docs example key as user', {
      code: CTX_CONTRACT_EXAMPLE,
      source: {
        authType: 'basic',
        authConfig: { secretIn: 'username' },
        secret: 'sk_test_conformance_user_key',
      },
      destination: NONE,
      serve: serveCustomers(),
      expected: 'success',
    });
    expect(seen.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('sk_test_conformance_user_key:').toString('base64')}`,
    );
  });

  it('an uncaught 503 from the source', async () => {
    await conforms('docs example failing', {
      code: CTX_CONTRACT_EXAMPLE,
      source: NONE,
      destination: NONE,
      serve: serveCustomers({ status: 503, body: { error: 'maintenance' } }),
      expected: { error: 'HttpError' },
    });
  });
});

describe('template generator output on both hosts', () => {
  it('new customers with has_more pages and mapped fields', async () => {
    const code = generated(
      'Every 15 minutes, fetch new customers from GET /v1/customers and POST each to /contacts mapping email → email_address and name to full_name',
      { source: 'Stripe', destination: 'HubSpot' },
    );
    await conforms('generated customers', {
      code,
      source: NONE,
      destination: NONE,
      serve: () => {
        source.handle(({ path, query }) => {
          if (path !== '/v1/customers') return { status: 404 };
          const after = query.get('starting_after');
          const from = after ? customers.findIndex((c) => c.id === after) + 1 : 0;
          const data = customers.slice(from, from + 2);
          return { body: { object: 'list', data, has_more: from + 2 < customers.length } };
        });
        destination.handle(() => ({ status: 201, body: { id: 'contact' } }));
      },
      expected: 'success',
    });
  });

  it('a bare array copied as it is, with a 409 counted as skipped', async () => {
    const code = generated('Hourly, copy orders from /api/orders to /imports/orders.');
    await conforms('generated orders', {
      code,
      source: NONE,
      destination: NONE,
      serve: () => {
        source.handle(() => ({
          body: [
            { id: 1, total: 10 },
            { id: 2, total: 20 },
          ],
        }));
        destination.handle(({ body }) =>
          JSON.parse(body).id === 2 ? { status: 409, body: { error: 'exists' } } : { status: 201 },
        );
      },
      expected: 'success',
    });
  });

  it('changed tickets with next_cursor pages, PUT by id, from a saved cursor', async () => {
    const tickets = [
      { id: 7, subject: 'Printer', updated_at: '2025-01-01T10:00:00Z' },
      { id: 8, subject: 'VPN', updated_at: '2025-01-01T11:00:00Z' },
      { id: 9, subject: 'Mail', updated_at: '2025-01-01T09:00:00Z' },
    ];
    const code = generated(
      'Every 30 minutes sync changed tickets from GET /api/v2/tickets (paginated) and upsert each one with PUT /tickets/{id}.',
    );
    const serve = (items: unknown[]) => () => {
      source.handle(({ query }) => {
        const from = Number(query.get('cursor') ?? 0);
        return {
          body: {
            items: items.slice(from, from + 2),
            next_cursor: from + 2 < items.length ? String(from + 2) : null,
          },
        };
      });
      destination.handle(() => ({ status: 200, body: { ok: true } }));
    };
    const first = await conforms('generated tickets', {
      code,
      source: NONE,
      destination: NONE,
      serve: serve(tickets),
      expected: 'success',
    });
    await conforms('generated tickets later', {
      code,
      source: NONE,
      destination: NONE,
      state: first.stateChanges.set,
      serve: serve(tickets),
      expected: 'success',
    });
  });

  it('items without a cursor field: the generated code throws ctx.NonRetryableError', async () => {
    const code = generated(
      'Every 30 minutes sync changed tickets from GET /api/v2/tickets and upsert each one with PUT /tickets/{id}.',
    );
    const seen = await conforms('generated non-retryable', {
      code,
      source: NONE,
      destination: NONE,
      serve: () => {
        source.handle(() => ({ body: { items: [{ id: 1, subject: 'no timestamps' }] } }));
        destination.handle(() => ({ status: 200 }));
      },
      expected: { error: 'NonRetryableError' },
    });
    expect(seen.error?.message).toMatch(/none of the cursor fields/);
  });

  it('a single object mapped and posted once, and next links followed', async () => {
    await conforms('generated report', {
      code: generated(
        'Daily at 9:00, fetch the sales summary from GET /reports/daily and POST it to /messages, mapping total to amount and date to day.',
      ),
      source: NONE,
      destination: NONE,
      serve: () => {
        source.handle(() => ({ body: { date: '2025-01-01', total: 1234.5, orders: 17 } }));
        destination.handle(() => ({ status: 200, body: 'ok' }));
      },
      expected: 'success',
    });
    const leads = [
      { id: 'l1', first_name: 'Ada', email: 'ada@x.io', created_at: '2025-01-01T00:01:00Z' },
      { id: 'l2', first_name: 'Bob', email: 'bob@x.io', created_at: '2025-01-01T00:02:00Z' },
      { id: 'l3', first_name: 'Cat', email: 'cat@x.io', created_at: '2025-01-01T00:03:00Z' },
    ];
    await conforms('generated leads', {
      code: generated(
        'Every 5 min, send new leads from /leads to /crm/leads: first_name -> firstName, email -> emailAddress',
      ),
      source: NONE,
      destination: NONE,
      serve: () => {
        source.handle(({ query }) => {
          const page = Number(query.get('page') ?? 1);
          const more = page * 2 < leads.length;
          return {
            body: {
              results: leads.slice((page - 1) * 2, page * 2),
              next: more ? `${source.url}/leads?page=${page + 1}` : null,
            },
          };
        });
        destination.handle(() => ({ status: 201 }));
      },
      expected: 'success',
    });
  });
});

describe('more template generator shapes on both hosts', () => {
  it('PATCH /contacts/{email} for changed users, a nested field, links.next pages', async () => {
    const users = [
      { id: 'u1', email: 'a@x.io', name: 'Al', updatedAt: '2025-01-02T00:00:00Z' },
      { id: 'u2', email: 'b+1@x.io', name: 'Bo', updatedAt: '2025-01-01T00:00:00Z' },
    ];
    const seen = await conforms('generated users', {
      code: generated(
        'Every 20 minutes, PATCH /contacts/{email} for each user changed since the last run in GET /users, mapping name to properties.full_name.',
      ),
      source: { authType: 'bearer', secret: 'users-bearer-secret' },
      destination: { authType: 'api-key', secret: 'contacts-key-secret' },
      serve: () => {
        source.handle(({ query }) => {
          const page = Number(query.get('page') ?? 1);
          return {
            body: {
              data: users.slice(page - 1, page),
              links: { next: page < users.length ? `/users?page=${page + 1}` : null },
            },
          };
        });
        destination.handle(() => ({ status: 200, body: { ok: true } }));
      },
      expected: 'success',
    });
    expect(seen.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2);
  });

  it('{cursor} in the query, then from the saved cursor', async () => {
    const program: Program = {
      code: generated(
        'Every 15 minutes get GET /v1/charges?limit=2&created_gt={cursor} and POST each to /payments.',
      ),
      source: NONE,
      destination: NONE,
      serve: () => {
        source.handle(({ query }) => {
          const after = Number(query.get('created_gt') ?? 0);
          const charges = [
            { id: 'ch_1', created: 100, amount: 5 },
            { id: 'ch_2', created: 200, amount: 7 },
          ];
          return { body: { data: charges.filter((c) => c.created > after), has_more: false } };
        });
        destination.handle(() => ({ status: 201 }));
      },
      expected: 'success',
    };
    const first = await conforms('generated charges', program);
    expect(first.stateChanges.set).not.toEqual({});
    const later = await conforms('generated charges later', {
      ...program,
      state: first.stateChanges.set,
    });
    expect(later.requests.map((r) => r.url)).toEqual(['/v1/charges?limit=2&created_gt=200']);
  });

  it('paging.next.after, "as" mappings, a 409 skipped', async () => {
    const deals = [
      { id: '1', dealname: 'Big', amount: '900', updatedAt: '2025-01-01T00:00:00.000Z' },
      { id: '2', dealname: 'Small', amount: '90', updatedAt: '2025-01-01T00:00:01.000Z' },
    ];
    await conforms('generated deals', {
      code: generated(
        'Each morning at 7am, take updated deals from /crm/v3/objects/deals and send to /api/opportunities with dealname as opportunity_name and amount as value.',
      ),
      source: NONE,
      destination: NONE,
      serve: () => {
        source.handle(({ query }) => {
          const from = Number(query.get('after') ?? 0);
          const more = from + 1 < deals.length;
          return {
            body: {
              results: deals.slice(from, from + 1),
              ...(more ? { paging: { next: { after: String(from + 1) } } } : {}),
            },
          };
        });
        destination.handle(({ body }) =>
          (JSON.parse(body) as { opportunity_name?: string }).opportunity_name === 'Big'
            ? { status: 409, body: { message: 'exists' } }
            : { status: 201 },
        );
      },
      expected: 'success',
    });
  });
});

describe('the docs page snippets on both hosts', () => {
  it('a request with query and headers, a text body, ctx.fetch, and the 409-then-PATCH pattern', async () => {
    // The snippets of web/src/routes/docs.tsx (REQUEST_EXAMPLE, HTTP_ERROR_EXAMPLE) in one run.
    const seen = await conforms('docs snippets', {
      code: `export default async function run(ctx) {
  const open = await ctx.source.request('GET', '/v1/tickets', {
    query: { status: 'open', per_page: 100 },
    headers: { Accept: 'application/json' },
  });
  await ctx.destination.put('/v1/notes/42', {
    body: 'Synced by Patchbay',
    headers: { 'Content-Type': 'text/plain' },
  });
  const rates = await ctx.fetch('\${OTHER}/rates?base=EUR');
  const contacts = [{ email: 'new@x.io' }, { email: 'old@x.io' }];
  for (const contact of contacts) {
    try {
      await ctx.destination.post('/contacts', { json: contact });
    } catch (err) {
      if (err.status !== 409) throw err;
      ctx.log(\`\${contact.email} already exists, updating it\`);
      await ctx.destination.patch(\`/contacts/\${encodeURIComponent(contact.email)}\`, {
        json: contact,
      });
    }
  }
  if (ctx.run.mode === 'test') ctx.log('Test run: state changes are reported, not saved');
  console.info(\`attempt \${ctx.run.attempt}\`);
  return { open, rates };
}`,
      source: NONE,
      destination: { authType: 'bearer', secret: 'docs-bearer-secret' },
      serve: () => {
        source.handle(() => ({ body: [{ id: 1, status: 'open' }] }));
        other.handle(() => ({ body: { base: 'EUR', rates: { USD: 1.1 } } }));
        destination.handle(({ method, body }) =>
          method === 'POST' && body.includes('old@x.io')
            ? { status: 409, body: { error: 'exists' } }
            : { status: 200, body: { ok: true } },
        );
      },
      expected: 'success',
    });
    expect(seen.logs).toEqual([
      { level: 'info', message: 'old@x.io already exists, updating it' },
      { level: 'info', message: 'attempt 1' },
    ]);
  });
});

describe('every part of the contract on both hosts', () => {
  it('requests: methods, paths, query encoding, headers, json and text bodies, response kinds', async () => {
    const seen = await conforms('requests', {
      code: `export default async function run(ctx) {
  const listed = await ctx.source.get('items', {
    query: { limit: 2, tags: ['a', 'b'], since: new Date(0), skip: null, gone: undefined, ok: true },
    headers: { 'X-Trace': 't-1', Host: 'ignored.example' },
  });
  const patched = await ctx.destination.request('patch', '/records/1', { json: { n: 1 } });
  const text = await ctx.source.post('/form', { body: 'a=1&b=2', headers: [['Content-Type', 'application/x-www-form-urlencoded']] });
  const empty = await ctx.destination.delete('/records/1');
  const viaFetch = await ctx.fetch('${'${OTHER}'}/hooks?x=1', { method: 'put', json: [1, 'two'], query: { y: 2 } });
  const plain = await ctx.fetch('${'${OTHER}'}/plain');
  return { listed, patched, text, empty, viaFetch, plain };
}`,
      source: { path: '/v1', authType: 'bearer', secret: 'source-bearer-secret' },
      destination: {
        authType: 'api-key',
        authConfig: { name: 'X-Custom-Key' },
        secret: 'dest-key-secret',
      },
      serve: () => {
        const echo: Handler = ({ method, path, query, body }) => ({
          body: { method, path, query: [...query], body },
        });
        source.handle(echo);
        destination.handle((request) =>
          request.method === 'DELETE' ? { status: 204 } : echo(request),
        );
        other.handle((request) =>
          request.path === '/plain' ? { body: 'just text' } : echo(request),
        );
      },
      expected: 'success',
    });
    expect(seen.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /v1/items?limit=2&tags=a&tags=b&since=1970-01-01T00%3A00%3A00.000Z&ok=true',
      'PATCH /records/1',
      'POST /v1/form',
      'DELETE /records/1',
      'PUT /hooks?x=1&y=2',
      'GET /plain',
    ]);
  });

  it('errors the code catches: HttpError with status and body, instanceof, bad calls', async () => {
    const seen = await conforms('caught errors', {
      code: `export default async function run(ctx) {
  const out = {};
  try { await ctx.destination.post('/contacts', { json: { email: 'a@b.c' } }); }
  catch (error) {
    out.conflict = { name: error.name, status: error.status, body: error.body, message: error.message,
      isHttpError: error instanceof ctx.HttpError, isError: error instanceof Error };
  }
  try { await ctx.source.get('/problem'); }
  catch (error) { out.problem = { status: error.status, body: error.body }; }
  try { await ctx.source.get('https://elsewhere.example/x'); }
  catch (error) { out.fullUrl = { name: error.name, message: error.message }; }
  try { await ctx.source.post('/x', { json: {}, body: 'both' }); }
  catch (error) { out.both = { name: error.name, message: error.message }; }
  try { await ctx.source.get('/x', { body: {} }); }
  catch (error) { out.objectBody = { name: error.name, message: error.message }; }
  try { await ctx.fetch('ftp://files.example/x'); }
  catch (error) { out.ftp = { name: error.name, message: error.message }; }
  try { await ctx.state.set('', 1); }
  catch (error) { out.emptyKey = { name: error.name, message: error.message }; }
  try { await ctx.state.set('f', () => 1); }
  catch (error) { out.notJson = { name: error.name, message: error.message }; }
  return out;
}`,
      source: NONE,
      destination: NONE,
      serve: () => {
        destination.handle(() => ({ status: 409, body: { error: 'exists' } }));
        source.handle(({ path }) =>
          path === '/problem'
            ? {
                status: 422,
                body: { title: 'Unprocessable' },
                contentType: 'application/problem+json',
              }
            : { body: { ok: true } },
        );
      },
      expected: 'success',
    });
    expect(seen.data).toMatchObject({
      conflict: { name: 'HttpError', status: 409, isHttpError: true, isError: true },
      both: { name: 'TypeError' },
    });
  });

  it('logs, state changes and the return value', async () => {
    const seen = await conforms('logs and state', {
      code: `export default async function run(ctx) {
  const count = (await ctx.state.get('count')) ?? 0;
  const list = await ctx.state.get('list');
  list.push('mutated copy');
  await ctx.state.set('count', count + 1);
  await ctx.state.set('list', ['x', { y: null }]);
  await ctx.state.delete('old');
  await ctx.state.set('temp', 1);
  await ctx.state.delete('temp');
  ctx.log('run', count, 'of', { nested: { a: [1, 2] } });
  console.log('%s has %d items (%i%%)', 'list', 2.5, 42.9);
  console.info('info', null, undefined, true);
  console.warn(new Map([[1, 2]]), new Set(['s']));
  console.error('failed:', new TypeError('boom').message);
  console.debug([1, [2, [3]]]);
  console.assert(false, 'assertion text');
  const circular = { name: 'c' }; circular.self = circular;
  ctx.log(circular);
  return { count: count + 1, reread: await ctx.state.get('list'), undefinedBecomesNull: undefined };
}`,
      source: NONE,
      destination: NONE,
      state: { count: 4, list: ['saved'], old: true },
      serve: () => {},
      expected: 'success',
    });
    expect(seen.logs.length).toBe(8);
    expect(seen.stateChanges).toEqual({
      set: { count: 5, list: ['x', { y: null }] },
      deleted: ['old', 'temp'],
    });
  });

  it('ctx.NonRetryableError thrown by the code: the run fails and commits nothing', async () => {
    const seen = await conforms('non-retryable', {
      code: `export default async function run(ctx) {
  await ctx.state.set('cursor', 99);
  ctx.log('giving up');
  throw new ctx.NonRetryableError('The source returned no customers list', { cause: 'missing' });
}`,
      source: NONE,
      destination: NONE,
      serve: () => {},
      expected: { error: 'NonRetryableError' },
    });
    expect(seen.stateChanges).toEqual({ set: {}, deleted: [] });
  });

  it('an uncaught HttpError, and a return value that is not JSON', async () => {
    await conforms('uncaught 404', {
      code: `export default async function run(ctx) {
  return ctx.source.get('/missing', { query: { id: 7 } });
}`,
      source: NONE,
      destination: NONE,
      serve: () => source.handle(() => ({ status: 404, body: 'not here' })),
      expected: { error: 'HttpError' },
    });
    await conforms('bigint result', {
      code: `export default async function run(ctx) { return { big: 1n }; }`,
      source: NONE,
      destination: NONE,
      serve: () => {},
      expected: { error: 'TypeError' },
    });
  });

  it('OAuth 2.0 client credentials: the same token request and the same bearer token', async () => {
    const seen = await conforms('oauth', {
      code: `export default async function run(ctx) {
  await ctx.source.get('/a');
  await ctx.source.get('/b');
  return 'done';
}`,
      source: {
        authType: 'oauth',
        authConfig: { tokenUrl: `${'${TOKENS}'}/token`, clientId: 'client-1', scope: 'read' },
        secret: 'client-secret',
      },
      destination: NONE,
      serve: () => source.handle(() => ({ body: { ok: true } })),
      expected: 'success',
    });
    expect(seen.requests.map((r) => `${r.api} ${r.method} ${r.url}`)).toEqual([
      'tokens POST /token',
      'source GET /a',
      'source GET /b',
    ]);
    expect(seen.requests[1]?.headers.authorization).toBe('Bearer token-for-client-secret');
  });

  it('ctx.event: a webhook run reads the same event on both hosts, and null without one', async () => {
    const event: TWebhookEvent = {
      id: 'evt_conformance',
      receivedAt: '2026-11-23T10:00:00.000Z',
      headers: { 'content-type': 'application/json', 'x-github-event': 'issues' },
      body: { action: 'closed', issue: { number: 7, title: 'Crash on save' } },
    };
    const seen = await conforms('webhook event', {
      code: `export default async function run(ctx) {
  const { id, receivedAt, headers, body } = ctx.event;
  await ctx.destination.post('/tickets', {
    json: { ref: id, kind: headers['x-github-event'], title: body.issue.title },
  });
  ctx.log('event', id, 'received', receivedAt);
  return { id, action: body.action, number: body.issue.number, headers: Object.keys(headers) };
}`,
      source: NONE,
      destination: NONE,
      event,
      serve: () => destination.handle(() => ({ status: 201, body: { ok: true } })),
      expected: 'success',
    });
    expect(seen.data).toEqual({
      id: 'evt_conformance',
      action: 'closed',
      number: 7,
      headers: ['content-type', 'x-github-event'],
    });
    expect(seen.requests.map((r) => r.body)).toEqual([
      JSON.stringify({ ref: 'evt_conformance', kind: 'issues', title: 'Crash on save' }),
    ]);

    const without = await conforms('no event', {
      code: `export default async function run(ctx) {
  return { event: ctx.event };
}`,
      source: NONE,
      destination: NONE,
      serve: () => {},
      expected: 'success',
    });
    expect(without.data).toEqual({ event: null });
  });
});
