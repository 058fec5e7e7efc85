import { getCatalogEntry } from '@patchbay/catalog';
import type { TApiDescription } from '@patchbay/schema';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startDescriptionMock,
  whereConditions,
  type DescriptionMock,
} from './description-mock-server.ts';

// The description-driven mock API must behave like the API it stands in for, or the generation
// tests and the benchmark prove nothing: these check its pagination, auth, validation and
// bookkeeping with plain fetch calls.

const opened: DescriptionMock[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((m) => m.close()));
});

function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

async function start(...args: Parameters<typeof startDescriptionMock>) {
  const mock = await startDescriptionMock(...args);
  opened.push(mock);
  return mock;
}

async function call(mock: DescriptionMock, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('authorization')) headers.set('authorization', 'Bearer test-secret');
  const response = await fetch(`${mock.url}${path}`, { ...init, headers });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

describe('description mock server', () => {
  it('pages a starting-after list (Stripe) and filters by its since parameter', async () => {
    const customers = [1, 2, 3, 4, 5].map((n) => ({
      id: `cus_${n}`,
      email: `${n}@x.io`,
      created: 1_700_000_000 + n,
    }));
    const stripe = await start(entry('stripe'), { seed: { customer: customers }, pageSize: 2 });
    const first = await call(stripe, '/v1/customers?limit=100');
    expect(first.body).toEqual({ data: customers.slice(0, 2), has_more: true });
    const second = await call(stripe, '/v1/customers?starting_after=cus_2');
    expect((second.body.data as unknown[]).length).toBe(2);
    const last = await call(stripe, '/v1/customers?starting_after=cus_4');
    expect(last.body).toEqual({ data: [customers[4]], has_more: false });
    const since = await call(
      stripe,
      `/v1/customers?${encodeURIComponent('created[gt]')}=1700000003`,
    );
    expect(since.body.data).toEqual(customers.slice(3, 5));
  });

  it('pages cursor lists at their nextCursorPath and serves under the base path (Shopify, Asana)', async () => {
    const asana = await start(entry('asana'), {
      seed: { task: [{ gid: '1' }, { gid: '2' }, { gid: '3' }] },
      pageSize: 2,
    });
    expect(asana.url.endsWith('/api/1.0')).toBe(true);
    const first = await call(asana, '/tasks');
    const offset = (first.body.next_page as { offset: string }).offset;
    const second = await call(asana, `/tasks?offset=${offset}`);
    expect(second.body).toEqual({ data: [{ gid: '3' }] });
  });

  it('pages Link-header lists by their next link (with the port) or by page number, and filters array fields', async () => {
    const issues = [1, 2, 3, 4, 5].map((n) => ({
      id: n,
      number: n,
      title: `Issue ${n}`,
      state: 'open',
      labels: n % 2 === 0 ? [{ name: 'bug' }, { name: 'ui' }] : [{ name: 'ui' }],
    }));
    const github = await start(entry('github'), { seed: { issue: issues }, pageSize: 2 });
    const first = await call(github, '/repos/acme/web/issues');
    expect((first.body as unknown as Array<{ id: number }>).map((i) => i.id)).toEqual([1, 2]);
    const link = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1] ?? '';
    expect(link.startsWith(github.url)).toBe(true);
    const second = await fetch(link, { headers: { authorization: 'Bearer test-secret' } });
    expect(((await second.json()) as Array<{ id: number }>).map((i) => i.id)).toEqual([3, 4]);
    const third = await call(github, '/repos/acme/web/issues?page=3');
    expect((third.body as unknown as Array<{ id: number }>).map((i) => i.id)).toEqual([5]);
    expect(third.headers.get('link')).toBeNull();
    const bugs = await call(github, '/repos/acme/web/issues?labels=bug,ui&per_page=10');
    expect((bugs.body as unknown as Array<{ id: number }>).map((i) => i.id)).toEqual([2, 4]);
  });

  it('filters by query-language WHERE clauses, by /unresolved paths, and keeps a message body whole', async () => {
    const rows = [
      { Id: '1', Status: 'Open', Amount: 50, fields: { project: { key: 'OPS' } } },
      { Id: '2', Status: 'Closed', Amount: 500, fields: { project: { key: 'WEB' } } },
      { Id: '3', Status: 'Open', Amount: 900, fields: { project: { key: 'OPS' } } },
    ];
    const ids = (text: string, jql = false) =>
      rows.filter((r) => whereConditions(text, jql).every((c) => c(r))).map((r) => r.Id);
    expect(ids("SELECT Id FROM Lead WHERE Status = 'Open' AND Amount > 100 ORDER BY Id")).toEqual([
      '3',
    ]);
    expect(ids("select * from Invoice where Status in ('Closed', 'Pending')")).toEqual(['2']);
    expect(ids('project = OPS AND Status != Open order by created', true)).toEqual([]);
    expect(ids('project = OPS order by created ASC', true)).toEqual(['1', '3']);
    expect(ids('SELECT Id FROM Lead')).toEqual(['1', '2', '3']);

    const statuspage = await start(entry('statuspage'), {
      seed: {
        incident: [
          { id: 'a', name: 'Down', status: 'investigating' },
          { id: 'b', name: 'Fixed', status: 'resolved' },
        ],
      },
    });
    const open = await call(statuspage, '/pages/p1/incidents/unresolved');
    expect((open.body as unknown as Array<{ id: string }>).map((i) => i.id)).toEqual(['a']);

    const teams = await start(entry('microsoft-teams'));
    const posted = await call(teams, '/teams/t1/channels/19:x@thread/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ body: { content: 'Invoice 1037 is overdue' } }),
    });
    expect(posted.status).toBeLessThan(300);
    expect(teams.written('message')).toEqual([
      expect.objectContaining({ body: { content: 'Invoice 1037 is overdue' } }),
    ]);
  });

  it('refuses a request without the credential, and an unknown path', async () => {
    const hubspot = await start(entry('hubspot'));
    expect(
      (
        await call(hubspot, '/crm/v3/objects/contacts', {
          headers: { authorization: 'Bearer wrong' },
        })
      ).status,
    ).toBe(401);
    expect((await call(hubspot, '/crm/v3/objects/nothing')).status).toBe(404);
    const trello = await start(entry('trello'));
    // api-key in the query (Trello's `token`), as connection() configures the sandbox.
    expect(trello.connection()).toEqual(
      expect.objectContaining({ authType: 'api-key', authConfig: { in: 'query', name: 'token' } }),
    );
    expect((await fetch(`${trello.url}/boards/1/cards`)).status).toBe(401);
    expect((await fetch(`${trello.url}/boards/1/cards?token=test-secret`)).status).toBe(200);
  });

  it('validates writes against the body schema and stores what it accepts', async () => {
    const hubspot = await start(entry('hubspot'));
    const post = (body: unknown) =>
      call(hubspot, '/crm/v3/objects/contacts', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const missing = await post({ email: 'a@x.io' });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('properties: is required');
    const badEmail = await post({ properties: { email: 'not an email' } });
    expect(badEmail.status).toBe(400);
    expect(JSON.stringify(badEmail.body)).toContain('properties.email: must be an email address');
    const ok = await post({ properties: { email: 'a@x.io', firstname: 'Ada' } });
    expect(ok.status).toBe(201);
    expect(hubspot.written('contacts')).toEqual([
      expect.objectContaining({ properties: { email: 'a@x.io', firstname: 'Ada' } }),
    ]);
    expect(hubspot.records('contact')).toHaveLength(1);
    const batch = await call(hubspot, '/crm/v3/objects/contacts/batch/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: Array.from({ length: 101 }, () => ({ properties: {} })) }),
    });
    expect(batch.status).toBe(400);
    expect(JSON.stringify(batch.body)).toContain('at most 100 items');
  });

  it('parses form bodies (Stripe) and refuses fields the schema does not allow', async () => {
    const stripe = await start(entry('stripe'));
    const post = (body: string) =>
      call(stripe, '/v1/customers', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    expect((await post('email=a%40x.io&metadata[source]=crm')).status).toBe(201);
    expect(stripe.written('customer')[0]).toEqual(
      expect.objectContaining({ email: 'a@x.io', metadata: { source: 'crm' } }),
    );
    const unknown = await post('email=a%40x.io&favourite_colour=blue');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('favourite_colour: is not a known field');
  });

  it('answers GraphQL (Linear) by document, with required variables checked', async () => {
    const linear = await start(entry('linear'));
    const create = linear.description.resources[0]!.operations.find((o) => o.kind === 'create')!;
    const send = (variables: unknown, query = create.graphql!.document) =>
      call(linear, '/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'test-secret' },
        body: JSON.stringify({ query, variables }),
      });
    expect((await send({})).body).toEqual({
      errors: [expect.objectContaining({ message: expect.stringContaining('$input') })],
    });
    expect(
      (await send({ input: { teamId: 't', title: 'Bug' } }, 'mutation { nope }')).body.errors,
    ).toBeDefined();
    const ok = await send({ input: { teamId: 't', title: 'Bug' } });
    expect(ok.body.data).toEqual({
      issueCreate: expect.objectContaining({ input: { teamId: 't', title: 'Bug' } }),
    });
    expect(linear.writes).toHaveLength(1);
  });
});
