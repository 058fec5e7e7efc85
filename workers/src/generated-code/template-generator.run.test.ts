import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TGenerateRequest } from '@patchbay/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPool } from '../sandbox/index.ts';
import { generateTemplateCode } from '@patchbay/generator';

// The template generator's code must do what each prompt asks, not merely parse: each case
// generates code, runs it in the real sandbox against loopback source and destination APIs, and
// checks what the destination received. Incremental cases run twice, carrying the state the
// first run would have committed, and check that only the new items go out the second time.

interface ApiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}
interface ApiReply {
  status?: number;
  body?: unknown;
}
type Handler = (request: ApiRequest) => ApiReply;

interface FakeApi {
  url: string;
  requests: ApiRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

async function startApi(): Promise<FakeApi> {
  let handler: Handler = () => ({ status: 404, body: { error: 'no handler' } });
  const requests: ApiRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const text = Buffer.concat(chunks).toString('utf8');
      const request: ApiRequest = {
        method: req.method ?? 'GET',
        path: decodeURIComponent(url.pathname),
        query: Object.fromEntries(url.searchParams),
        body: text === '' ? undefined : JSON.parse(text),
      };
      requests.push(request);
      const reply = handler(request);
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body ?? { ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => void (handler = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let pool: SandboxPool;
let source: FakeApi;
let destination: FakeApi;

beforeAll(async () => {
  pool = new SandboxPool({ size: 1 });
  source = await startApi();
  destination = await startApi();
});
afterAll(async () => {
  await pool?.close();
  await source?.close();
  await destination?.close();
});

function generate(prompt: string, names: { source: string; destination: string }) {
  const input: TGenerateRequest = {
    sourceApiName: names.source,
    sourceApiUrl: source.url,
    sourceAuthType: 'none',
    destApiName: names.destination,
    destApiUrl: destination.url,
    destAuthType: 'none',
    userPrompt: prompt,
  };
  return generateTemplateCode(input);
}

/** Runs the code once like a test run; returns the result and the state a deployed run would commit. */
async function runOnce(code: string, state: Record<string, unknown> = {}) {
  source.requests.length = 0;
  destination.requests.length = 0;
  const result = await pool.run({
    code,
    source: { baseUrl: source.url, authType: 'none', authConfig: {}, secret: null },
    destination: { baseUrl: destination.url, authType: 'none', authConfig: {}, secret: null },
    state,
    run: {
      id: 'run-1',
      attempt: 1,
      mode: 'test',
      scheduledAt: '2025-01-01T00:00:00.000Z',
    },
    allowPrivateNetwork: true,
  });
  expect(result.error, JSON.stringify(result.error)).toBeUndefined();
  expect(result.status).toBe('success');
  const next = { ...state, ...result.stateChanges.set };
  for (const key of result.stateChanges.deleted) delete next[key];
  return {
    result,
    state: next,
    writes: destination.requests.map(({ method, path, body }) => ({ method, path, body })),
  };
}

const created = (minute: number) => `2025-01-01T00:${String(minute).padStart(2, '0')}:00Z`;

describe('template generator: generated code runs and does what the prompt asks', () => {
  it('1. new Stripe customers → HubSpot contacts, mapped fields, has_more pages', async () => {
    const customers = [
      { id: 'cus_3', created: 1_700_000_300, email: 'c@x.io', name: 'Cy', phone: '3' },
      { id: 'cus_2', created: 1_700_000_200, email: 'b@x.io', name: 'Bo', phone: '2' },
      { id: 'cus_1', created: 1_700_000_100, email: 'a@x.io', name: 'Al', phone: '1' },
    ];
    // Stripe: newest first, two per page, starting_after the last id.
    source.handle(({ path, query }) => {
      if (path !== '/v1/customers') return { status: 404 };
      const from = query.starting_after
        ? customers.findIndex((c) => c.id === query.starting_after) + 1
        : 0;
      const data = customers.slice(from, from + 2);
      return { body: { object: 'list', data, has_more: from + 2 < customers.length } };
    });
    destination.handle(() => ({ status: 201, body: { id: 'contact' } }));

    const { code, schedule } = generate(
      'Every 15 minutes, fetch new customers from GET /v1/customers and POST each to /contacts mapping email → email_address and name to full_name',
      { source: 'Stripe', destination: 'HubSpot' },
    );
    expect(schedule).toEqual({ everyMinutes: 15 });

    const first = await runOnce(code);
    expect(source.requests.map((r) => r.query.starting_after ?? null)).toEqual([null, 'cus_2']);
    expect(first.writes).toEqual([
      { method: 'POST', path: '/contacts', body: { email_address: 'a@x.io', full_name: 'Al' } },
      { method: 'POST', path: '/contacts', body: { email_address: 'b@x.io', full_name: 'Bo' } },
      { method: 'POST', path: '/contacts', body: { email_address: 'c@x.io', full_name: 'Cy' } },
    ]);
    expect(first.result.data).toMatchObject({ fetched: 3, sent: 3 });

    customers.unshift({
      id: 'cus_4',
      created: 1_700_000_400,
      email: 'd@x.io',
      name: 'Di',
      phone: '4',
    });
    const second = await runOnce(code, first.state);
    expect(second.writes).toEqual([
      { method: 'POST', path: '/contacts', body: { email_address: 'd@x.io', full_name: 'Di' } },
    ]);

    const third = await runOnce(code, second.state);
    expect(third.writes).toEqual([]);
  });

  it('2. hourly orders copy: a bare array, every item sent as it is on every run', async () => {
    const orders = [
      { id: 1, total: 10 },
      { id: 2, total: 20 },
    ];
    source.handle(({ path }) => (path === '/api/orders' ? { body: orders } : { status: 404 }));
    destination.handle(() => ({ status: 201 }));

    const { code, schedule } = generate(
      'Hourly, copy orders from /api/orders to /imports/orders.',
      {
        source: 'Shop',
        destination: 'Warehouse',
      },
    );
    expect(schedule).toEqual({ everyMinutes: 60 });
    const first = await runOnce(code);
    expect(first.writes).toEqual([
      { method: 'POST', path: '/imports/orders', body: { id: 1, total: 10 } },
      { method: 'POST', path: '/imports/orders', body: { id: 2, total: 20 } },
    ]);
    expect(first.state).toEqual({});
    const second = await runOnce(code, first.state);
    expect(second.writes).toHaveLength(2);
  });

  it('3. changed tickets with next_cursor pages → PUT /tickets/{id}', async () => {
    const tickets = [
      { id: 7, subject: 'Printer', updated_at: '2025-01-01T10:00:00Z' },
      { id: 8, subject: 'VPN', updated_at: '2025-01-01T11:00:00Z' },
      { id: 9, subject: 'Mail', updated_at: '2025-01-01T09:00:00Z' },
    ];
    source.handle(({ path, query }) => {
      if (path !== '/api/v2/tickets') return { status: 404 };
      const from = Number(query.cursor ?? 0);
      const items = tickets.slice(from, from + 2);
      return { body: { items, next_cursor: from + 2 < tickets.length ? String(from + 2) : null } };
    });
    destination.handle(() => ({ status: 200 }));

    const { code } = generate(
      'Every 30 minutes sync changed tickets from GET /api/v2/tickets (paginated) and upsert each one with PUT /tickets/{id}.',
      { source: 'Zendesk', destination: 'Helpdesk' },
    );
    const first = await runOnce(code);
    expect(source.requests.map((r) => r.query.cursor ?? null)).toEqual([null, '2']);
    expect(first.writes.map((w) => `${w.method} ${w.path}`)).toEqual([
      'PUT /tickets/9',
      'PUT /tickets/7',
      'PUT /tickets/8',
    ]);
    expect(first.writes[0]?.body).toEqual(tickets[2]);

    tickets[0] = { id: 7, subject: 'Printer (fixed)', updated_at: '2025-01-01T12:00:00Z' };
    const second = await runOnce(code, first.state);
    expect(second.writes).toEqual([{ method: 'PUT', path: '/tickets/7', body: tickets[0] }]);
  });

  it('4. daily report: one object, mapped, posted once', async () => {
    source.handle(({ path }) =>
      path === '/reports/daily'
        ? { body: { date: '2025-01-01', total: 1234.5, orders: 17, currency: 'EUR' } }
        : { status: 404 },
    );
    destination.handle(() => ({ status: 200 }));

    const { code, schedule } = generate(
      'Daily at 9:00, fetch the sales summary from GET /reports/daily and POST it to /messages, mapping total to amount and date to day.',
      { source: 'Sales DB', destination: 'Slack' },
    );
    expect(schedule).toEqual({ cron: '0 9 * * *', timeZone: 'UTC' });
    expect(code).toMatch(/Schedule: on cron 0 9 \* \* \* \(UTC\)/);
    expect(code).toMatch(/set your time zone on the review page/);
    const { writes } = await runOnce(code);
    expect(writes).toEqual([
      { method: 'POST', path: '/messages', body: { amount: 1234.5, day: '2025-01-01' } },
    ]);
  });

  it('5. new leads with next links and arrow mappings', async () => {
    const leads = [
      { id: 'l1', first_name: 'Ada', last_name: 'L', email: 'ada@x.io', created_at: created(1) },
      { id: 'l2', first_name: 'Bob', last_name: 'M', email: 'bob@x.io', created_at: created(2) },
      { id: 'l3', first_name: 'Cat', last_name: 'N', email: 'cat@x.io', created_at: created(3) },
    ];
    source.handle(({ path, query }) => {
      if (path !== '/leads') return { status: 404 };
      const page = Number(query.page ?? 1);
      const results = leads.slice((page - 1) * 2, page * 2);
      const more = page * 2 < leads.length;
      return { body: { results, next: more ? `${source.url}/leads?page=${page + 1}` : null } };
    });
    destination.handle(() => ({ status: 201 }));

    const { code, schedule } = generate(
      'Every 5 min, send new leads from /leads to /crm/leads: first_name -> firstName, last_name -> lastName, email -> emailAddress',
      { source: 'Typeform', destination: 'CRM' },
    );
    expect(schedule).toEqual({ everyMinutes: 5 });
    const first = await runOnce(code);
    expect(first.writes.map((w) => w.body)).toEqual([
      { firstName: 'Ada', lastName: 'L', emailAddress: 'ada@x.io' },
      { firstName: 'Bob', lastName: 'M', emailAddress: 'bob@x.io' },
      { firstName: 'Cat', lastName: 'N', emailAddress: 'cat@x.io' },
    ]);
    expect(new Set(first.writes.map((w) => `${w.method} ${w.path}`))).toEqual(
      new Set(['POST /crm/leads']),
    );

    // Same timestamp as the cursor, but a lead not sent before: it is new.
    leads.push({
      id: 'l4',
      first_name: 'Dan',
      last_name: 'O',
      email: 'dan@x.io',
      created_at: created(3),
    });
    const second = await runOnce(code, first.state);
    expect(second.writes.map((w) => w.body)).toEqual([
      { firstName: 'Dan', lastName: 'O', emailAddress: 'dan@x.io' },
    ]);
  });

  it('6. new events keyed by numeric id, list under the resource name, nextPageToken', async () => {
    const events = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, type: 'click' }));
    source.handle(({ path, query }) => {
      if (path !== '/v1/events') return { status: 404 };
      const from = Number(query.pageToken ?? 0);
      const page = events.slice(from, from + 3);
      return {
        body: {
          events: page,
          ...(from + 3 < events.length ? { nextPageToken: String(from + 3) } : {}),
        },
      };
    });
    destination.handle(() => ({ status: 202 }));

    const { code } = generate(
      'Every 10 minutes, pull new events from GET /v1/events and forward them to POST /ingest/events.',
      { source: 'Segment', destination: 'Warehouse' },
    );
    const first = await runOnce(code);
    expect(first.writes.map((w) => (w.body as { id: number }).id)).toEqual([1, 2, 3, 4, 5]);
    events.push({ id: 6, type: 'view' }, { id: 7, type: 'click' });
    const second = await runOnce(code, first.state);
    expect(second.writes).toEqual([
      { method: 'POST', path: '/ingest/events', body: { id: 6, type: 'view' } },
      { method: 'POST', path: '/ingest/events', body: { id: 7, type: 'click' } },
    ]);
  });

  it('7. paid orders only, nested source field, page/total_pages', async () => {
    const orders = [
      { id: 1, status: 'paid', total: 10, customer: { email: 'a@x.io' } },
      { id: 2, status: 'pending', total: 20, customer: { email: 'b@x.io' } },
      { id: 3, status: 'paid', total: 30, customer: { email: 'c@x.io' } },
    ];
    source.handle(({ path, query }) => {
      if (path !== '/orders') return { status: 404 };
      const page = Number(query.page ?? 1);
      return { body: { data: orders.slice(page - 1, page), page, total_pages: orders.length } };
    });
    destination.handle(() => ({ status: 201 }));

    const { code } = generate(
      'Every hour, fetch orders from GET /orders where status is paid and POST them to /invoices, mapping id to order_id, total to amount and customer.email to email.',
      { source: 'Shop', destination: 'Billing' },
    );
    const { writes } = await runOnce(code);
    expect(source.requests.map((r) => r.query.page ?? '1')).toEqual(['1', '2', '3']);
    expect(writes).toEqual([
      { method: 'POST', path: '/invoices', body: { order_id: 1, amount: 10, email: 'a@x.io' } },
      { method: 'POST', path: '/invoices', body: { order_id: 3, amount: 30, email: 'c@x.io' } },
    ]);
  });

  it('8. products in batches of 2, offset/total pages', async () => {
    const products = Array.from({ length: 5 }, (_, i) => ({ sku: `P${i + 1}` }));
    source.handle(({ path, query }) => {
      if (path !== '/catalog/products') return { status: 404 };
      const offset = Number(query.offset ?? 0);
      return {
        body: { products: products.slice(offset, offset + 4), offset, total: products.length },
      };
    });
    destination.handle(() => ({ status: 200 }));

    const { code, schedule } = generate(
      'Twice a day, copy all products from /catalog/products into /bulk/products in batches of 2.',
      { source: 'PIM', destination: 'Storefront' },
    );
    expect(schedule).toEqual({ everyMinutes: 720 });
    const { writes } = await runOnce(code);
    expect(writes).toEqual([
      { method: 'POST', path: '/bulk/products', body: [{ sku: 'P1' }, { sku: 'P2' }] },
      { method: 'POST', path: '/bulk/products', body: [{ sku: 'P3' }, { sku: 'P4' }] },
      { method: 'POST', path: '/bulk/products', body: [{ sku: 'P5' }] },
    ]);
  });

  it('9. no paths named: guessed from the nouns, flagged as TODO, and still runs', async () => {
    source.handle(({ path }) =>
      path === '/customers'
        ? { body: { customers: [{ id: 1, email: 'a@x.io' }] } }
        : { status: 404 },
    );
    destination.handle(() => ({ status: 200 }));

    const { code, schedule } = generate(
      'Keep my Shopify customers in sync with Mailchimp subscribers every hour.',
      { source: 'Shopify', destination: 'Mailchimp' },
    );
    expect(schedule).toEqual({ everyMinutes: 60 });
    expect(code).toMatch(/TODO Source path: GET \/customers on Shopify is a guess/);
    expect(code).toMatch(/TODO Destination path: POST \/subscribers on Mailchimp is a guess/);
    const { writes } = await runOnce(code);
    expect(writes).toEqual([
      { method: 'POST', path: '/subscribers', body: { id: 1, email: 'a@x.io' } },
    ]);
  });

  it('10. changed users → PATCH /contacts/{email} with a nested field, links.next pages', async () => {
    const users = [
      { id: 'u1', email: 'a@x.io', name: 'Al', updatedAt: '2025-01-02T00:00:00Z' },
      { id: 'u2', email: 'b+1@x.io', name: 'Bo', updatedAt: '2025-01-01T00:00:00Z' },
    ];
    source.handle(({ path, query }) => {
      if (path !== '/users') return { status: 404 };
      const page = Number(query.page ?? 1);
      return {
        body: {
          data: users.slice(page - 1, page),
          links: { next: page < users.length ? `/users?page=${page + 1}` : null },
        },
      };
    });
    destination.handle(() => ({ status: 200 }));

    const { code } = generate(
      'Every 20 minutes, PATCH /contacts/{email} for each user changed since the last run in GET /users, mapping name to properties.full_name.',
      { source: 'Auth0', destination: 'Intercom' },
    );
    const first = await runOnce(code);
    expect(first.writes).toEqual([
      { method: 'PATCH', path: '/contacts/b+1@x.io', body: { properties: { full_name: 'Bo' } } },
      { method: 'PATCH', path: '/contacts/a@x.io', body: { properties: { full_name: 'Al' } } },
    ]);
    users[1] = { ...users[1]!, name: 'Bob', updatedAt: '2025-01-03T00:00:00Z' };
    const second = await runOnce(code, first.state);
    expect(second.writes).toEqual([
      { method: 'PATCH', path: '/contacts/b+1@x.io', body: { properties: { full_name: 'Bob' } } },
    ]);
  });

  it('11. {cursor} in the query: the source filters, the cursor is passed on the next run', async () => {
    const charges = [
      { id: 'ch_1', created: 100, amount: 5 },
      { id: 'ch_2', created: 200, amount: 7 },
    ];
    source.handle(({ path, query }) => {
      if (path !== '/v1/charges') return { status: 404 };
      const after = Number(query.created_gt ?? 0);
      return { body: { data: charges.filter((c) => c.created > after), has_more: false } };
    });
    destination.handle(() => ({ status: 201 }));

    const { code } = generate(
      'Every 15 minutes get GET /v1/charges?limit=2&created_gt={cursor} and POST each to /payments.',
      { source: 'Stripe', destination: 'Ledger' },
    );
    const first = await runOnce(code);
    expect(source.requests[0]?.query).toEqual({ limit: '2' });
    expect(first.writes.map((w) => (w.body as { id: string }).id)).toEqual(['ch_1', 'ch_2']);
    charges.push({ id: 'ch_3', created: 300, amount: 9 });
    const second = await runOnce(code, first.state);
    expect(source.requests[0]?.query).toEqual({ limit: '2', created_gt: '200' });
    expect(second.writes).toEqual([
      { method: 'POST', path: '/payments', body: { id: 'ch_3', created: 300, amount: 9 } },
    ]);
  });

  it('12. updated HubSpot deals with paging.next.after, "as" mappings, ignored asks reported', async () => {
    const deals = [
      { id: '1', dealname: 'Big', amount: '900', updatedAt: '2025-01-01T00:00:00.000Z' },
      { id: '2', dealname: 'Small', amount: '90', updatedAt: '2025-01-01T00:00:01.000Z' },
    ];
    source.handle(({ path, query }) => {
      if (path !== '/crm/v3/objects/deals') return { status: 404 };
      const from = Number(query.after ?? 0);
      const results = deals.slice(from, from + 1);
      const more = from + 1 < deals.length;
      return {
        body: { results, ...(more ? { paging: { next: { after: String(from + 1) } } } : {}) },
      };
    });
    destination.handle(({ body }) =>
      (body as { opportunity_name?: string }).opportunity_name === 'Big'
        ? { status: 409, body: { message: 'exists' } }
        : { status: 201 },
    );

    const { code, schedule } = generate(
      'Each morning at 7am, take updated deals from /crm/v3/objects/deals and send to /api/opportunities with dealname as opportunity_name and amount as value. Also email me a summary and uppercase the names.',
      { source: 'HubSpot', destination: 'Pipedrive' },
    );
    expect(schedule).toEqual({ cron: '0 7 * * *', timeZone: 'UTC' });
    expect(code).toMatch(
      /Not understood, so not in the code:\n\/\/ - "Also email me a summary and uppercase the names\."/,
    );
    const first = await runOnce(code);
    expect(first.writes).toEqual([
      {
        method: 'POST',
        path: '/api/opportunities',
        body: { opportunity_name: 'Big', value: '900' },
      },
      {
        method: 'POST',
        path: '/api/opportunities',
        body: { opportunity_name: 'Small', value: '90' },
      },
    ]);
    // The 409 counts as already there, not as a failure.
    expect(first.result.data).toMatchObject({ sent: 1, skipped: 1 });
    const second = await runOnce(code, first.state);
    expect(second.writes).toEqual([]);
  });
});
