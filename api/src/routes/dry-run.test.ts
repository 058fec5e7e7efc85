// Dry runs through the API (ADR 017): a real worker on the Temporal dev server runs
// the code in the sandbox; the source and destination are loopback servers that behave as their
// catalog descriptions say. The reads must go out; the destination must receive nothing.
import { getCatalogEntry } from '@patchbay/catalog';
import type { TApiDescription, TTestRunResponse } from '@patchbay/schema';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startDescriptionMock,
  type DescriptionMock,
} from '../../../scripts/test-support/description-mock-server.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';

const SOURCE_SECRET = 'stripe-secret-abcdefghijklmnop';
const DEST_SECRET = 'mailchimp-key-qrstuvwxyz0123456';

// Stripe customers, every page, into a Mailchimp audience; then one write Mailchimp would refuse
// and one to a path its description does not know.
const CUSTOMERS_TO_MEMBERS = `
export default async function run(ctx) {
  const customers = [];
  let after;
  do {
    const page = await ctx.source.get('/v1/customers', {
      query: { limit: 100, ...(after ? { starting_after: after } : {}) },
    });
    customers.push(...page.data);
    after = page.has_more ? page.data[page.data.length - 1].id : undefined;
  } while (after);
  const ids = [];
  for (const c of customers) {
    const member = await ctx.destination.post('/lists/aud1/members', {
      json: { email_address: c.email, status: 'subscribed', merge_fields: { FNAME: c.name } },
    });
    ids.push(member.id);
  }
  const bad = await ctx.destination.post('/lists/aud1/members', {
    json: { email_address: 'not-an-address', status: 'active', colour: 'red' },
  });
  await ctx.destination.put('/lists/aud1/webhooks', { json: { url: 'https://example.com/hook' } });
  return { ids, badStatus: bad.status, customers: customers.length };
}
`;

const CUSTOMERS = ['ada', 'grace', 'alan', 'edsger', 'barbara'].map((name, i) => ({
  id: `cus_${i + 1}`,
  object: 'customer',
  email: `${name}@example.com`,
  name,
  created: 1_700_000_000 + i,
}));

function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

let t: TestApp;
let worker: TestWorker;
let user: TestUser;
let stripe: DescriptionMock;
let mailchimp: DescriptionMock;

beforeAll(async () => {
  const taskQueue = `test-${randomUUID()}`;
  t = await createTestApp({ taskQueue, workflowWaitMs: 45_000 });
  worker = await startTestWorker({ databaseUrl: t.db.url, vault: t.deps.vault, taskQueue });
  user = await createTestUser(t, { plan: 'pro' });
});
afterAll(async () => {
  await Promise.all([stripe?.close(), mailchimp?.close()]);
  await worker.stop();
  await t.close();
});

beforeEach(async () => {
  await Promise.all([stripe?.close(), mailchimp?.close()]);
  // Two records a page: the code must follow Stripe's starting_after pages.
  stripe = await startDescriptionMock(entry('stripe'), {
    seed: { customer: CUSTOMERS },
    pageSize: 2,
    secret: SOURCE_SECRET,
  });
  mailchimp = await startDescriptionMock(entry('mailchimp'), { secret: DEST_SECRET });
});

async function createIntegration(code: string): Promise<string> {
  const response = await user.request('POST', '/api/integrations', {
    name: 'Customers to audience',
    userPrompt: 'Add every Stripe customer to our Mailchimp audience aud1.',
    sourceApiName: 'Stripe',
    sourceApiUrl: stripe.url,
    sourceAuthType: 'bearer',
    sourceApiKeyEncrypted: SOURCE_SECRET,
    sourceDescription: { kind: 'catalog', id: 'stripe' },
    destApiName: 'Mailchimp',
    destApiUrl: mailchimp.url,
    destAuthType: 'basic',
    destAuthConfig: { username: 'anystring' },
    destApiKeyEncrypted: DEST_SECRET,
    destDescription: { kind: 'catalog', id: 'mailchimp' },
    generatedCode: code,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function execute(id: string, body: unknown) {
  const response = await user.request('POST', `/api/integrations/${id}/execute`, body);
  return { status: response.status, body: (await response.json()) as TTestRunResponse };
}

describe('POST /api/integrations/:id/execute with mode dry-run', () => {
  it('reads for real, sends no write, and answers each captured write with its schema errors', async () => {
    const id = await createIntegration(CUSTOMERS_TO_MEMBERS);
    const { status, body } = await execute(id, { testMode: true, mode: 'dry-run' });
    expect(status).toBe(200);
    expect(body.error).toBeUndefined();
    expect(body.status).toBe('success');
    expect(body.mode).toBe('dry-run');

    // The destination received nothing at all.
    expect(mailchimp.requests).toEqual([]);
    expect(mailchimp.writes).toEqual([]);
    // The reads went out for real: three pages of two, with the credential.
    expect(stripe.requests.map((r) => [r.method, r.path, r.status])).toEqual([
      ['GET', '/v1/customers', 200],
      ['GET', '/v1/customers', 200],
      ['GET', '/v1/customers', 200],
    ]);
    expect(body.requests).toHaveLength(3);

    // Five good writes, one refused by the schema, one to an unknown path.
    expect(body.captured).toHaveLength(7);
    const good = body.captured.slice(0, 5);
    for (const [i, write] of good.entries()) {
      expect(write).toMatchObject({
        side: 'destination',
        method: 'POST',
        path: '/lists/aud1/members',
        url: `${mailchimp.url}/lists/aud1/members`,
        operationId: 'addMember',
        schemaErrors: [],
        body: {
          email_address: CUSTOMERS[i]?.email,
          status: 'subscribed',
          merge_fields: { FNAME: CUSTOMERS[i]?.name },
        },
      });
      // The description's example, with what was written and a fresh id.
      expect(write.response).toMatchObject({
        id: `dry-run-${i + 1}`,
        email_address: CUSTOMERS[i]?.email,
        status: 'subscribed',
      });
    }
    expect(body.captured[5]).toMatchObject({ operationId: 'addMember' });
    expect([...(body.captured[5]?.schemaErrors ?? [])].sort()).toEqual([
      'colour: is not a known field',
      'email_address: must be an email address',
      'status: must be one of subscribed, unsubscribed, cleaned, pending, transactional',
    ]);
    expect(body.captured[6]).toMatchObject({
      method: 'PUT',
      path: '/lists/aud1/webhooks',
      schemaErrors: [
        'Mailchimp has no PUT /lists/aud1/webhooks in its description; the write could not be checked',
      ],
    });
    expect(body.captured[6]?.operationId).toBeUndefined();
    // The code saw the synthesized answers.
    expect(body.data).toEqual({
      ids: ['dry-run-1', 'dry-run-2', 'dry-run-3', 'dry-run-4', 'dry-run-5'],
      badStatus: 'active',
      customers: 5,
    });

    expect(body.summary).toBe(
      'read 5 customers from Stripe; would create 6 Mailchimp members; ' +
        'would send 1 other write to Mailchimp; 4 schema errors',
    );
    // No credential in what the dialog shows.
    expect(JSON.stringify(body)).not.toContain(DEST_SECRET);
    expect(JSON.stringify(body)).not.toContain(SOURCE_SECRET);
  });

  it('stays live by default: the writes are sent, nothing is captured', async () => {
    const id = await createIntegration(CUSTOMERS_TO_MEMBERS);
    const { status, body } = await execute(id, { testMode: true });
    expect(status).toBe(200);
    expect(body.mode).toBe('live');
    expect(body.captured).toEqual([]);
    // Five members were created; the sixth was refused by the API itself.
    expect(mailchimp.written('member').map((m) => m.email_address)).toEqual(
      CUSTOMERS.map((c) => c.email),
    );
    expect(body.status).toBe('failed');
    expect(body.error?.status).toBe(400);
    expect(body.summary).toBe('read 5 customers from Stripe; created 5 Mailchimp members');
  });

  it('sends the reads a description marks safe: a Notion database query is a POST that reads', async () => {
    const notion = await startDescriptionMock(entry('notion'), {
      seed: {
        page: [
          { object: 'page', id: 'p1', properties: { Name: { title: [{ plain_text: 'One' }] } } },
        ],
      },
      secret: SOURCE_SECRET,
    });
    try {
      const response = await user.request('POST', '/api/integrations', {
        userPrompt: 'Notion pages into Mailchimp.',
        sourceApiName: 'Notion',
        sourceApiUrl: notion.url,
        sourceAuthType: 'bearer',
        sourceApiKeyEncrypted: SOURCE_SECRET,
        destApiName: 'Mailchimp',
        destApiUrl: mailchimp.url,
        destAuthType: 'basic',
        destAuthConfig: { username: 'anystring' },
        destApiKeyEncrypted: DEST_SECRET,
        generatedCode: `
export default async function run(ctx) {
  const headers = { 'Notion-Version': '2022-06-28' };
  const page = await ctx.source.post('/v1/databases/db1/query', { headers, json: { page_size: 10 } });
  for (const p of page.results) {
    await ctx.destination.patch('/lists/aud1/members/' + p.id, { json: { status: 'pending' } });
  }
  return page.results.length;
}`,
      });
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const { body } = await execute(id, { testMode: true, mode: 'dry-run' });
      expect(body.error).toBeUndefined();
      expect(notion.requests.map((r) => [r.method, r.path, r.status])).toEqual([
        ['POST', '/v1/databases/db1/query', 200],
      ]);
      expect(mailchimp.requests).toEqual([]);
      expect(body.captured).toMatchObject([
        { method: 'PATCH', operationId: 'updateMember', schemaErrors: [] },
      ]);
      // An update answers with the record it names.
      expect(body.captured[0]?.response).toMatchObject({ status: 'pending' });
      expect(body.summary).toBe(
        'read 1 page from Notion; would update 1 Mailchimp member; 0 schema errors',
      );
    } finally {
      await notion.close();
    }
  });

  it('refuses a mode it does not know', async () => {
    const id = await createIntegration(CUSTOMERS_TO_MEMBERS);
    const { status } = await execute(id, { testMode: true, mode: 'replay' });
    expect(status).toBe(400);
    expect(stripe.requests).toEqual([]);
  });
});
