// Generate, verify, repair (ADR 017) end to end: api → Temporal → worker. With an
// integration whose connections have credentials, generation ends with a dry run of the code
// against them (loopback servers behaving as their catalog descriptions say); a failed dry run
// gets one repair round from the LLM, whose prompt carries the failing transcript.
import { getCatalogEntry } from '@patchbay/catalog';
import { ZGenerateResponse, type TApiDescription, type TGenerateResponse } from '@patchbay/schema';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startDescriptionMock,
  type DescriptionMock,
} from '../../../scripts/test-support/description-mock-server.ts';
import {
  completion,
  openAIError,
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../../scripts/test-support/fake-openai-server.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';
import { stripeToHubSpotPlan } from '../../../generator/src/model-plan.test-support.ts';

const STRIPE_SECRET = 'sk_stripe_abcdefghijklmnop';
const HUBSPOT_SECRET = 'hubspot-token-qrstuvwxyz0123';

const CUSTOMERS = [
  { id: 'cus_1', object: 'customer', email: 'ada@example.com', name: 'Ada Lovelace', created: 1 },
  { id: 'cus_2', object: 'customer', email: 'alan@example.com', name: 'Alan Turing', created: 2 },
  { id: 'cus_3', object: 'customer', email: 'grace@example.com', name: 'Grace Hopper', created: 3 },
];

function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

interface Stack {
  t: TestApp;
  worker: TestWorker;
  user: TestUser;
}

async function startStack(generatorEnv: Record<string, string> = {}): Promise<Stack> {
  const taskQueue = `test-${randomUUID()}`;
  const t = await createTestApp({ taskQueue, workflowWaitMs: 45_000 });
  const worker = await startTestWorker({
    databaseUrl: t.db.url,
    vault: t.deps.vault,
    taskQueue,
    generatorEnv,
  });
  return { t, worker, user: await createTestUser(t, { plan: 'pro' }) };
}

let stripe: DescriptionMock;
let destination: DescriptionMock;

beforeEach(async () => {
  await Promise.all([stripe?.close(), destination?.close()]);
  stripe = await startDescriptionMock(entry('stripe'), {
    seed: { customer: CUSTOMERS },
    secret: STRIPE_SECRET,
  });
  destination = await startDescriptionMock(entry('hubspot'), { secret: HUBSPOT_SECRET });
});
afterAll(async () => {
  await Promise.all([stripe?.close(), destination?.close()]);
});

function connections(overrides: Record<string, unknown> = {}) {
  return {
    sourceApiName: 'Stripe',
    sourceApiUrl: stripe.url,
    sourceAuthType: 'bearer',
    destApiName: destination.description.name,
    destApiUrl: destination.url,
    destAuthType: 'bearer',
    ...overrides,
  };
}

/** As the console does (use-create-integration.ts): create, then generate naming it. */
async function createAndGenerate(
  user: TestUser,
  userPrompt: string,
  options: { destSecret?: string | null } = {},
) {
  const destSecret = options.destSecret === undefined ? HUBSPOT_SECRET : options.destSecret;
  const created = await user.request('POST', '/api/integrations', {
    userPrompt,
    ...connections(),
    sourceApiKeyEncrypted: STRIPE_SECRET,
    ...(destSecret === null ? {} : { destApiKeyEncrypted: destSecret }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const response = await user.request('POST', '/api/integrations/generate', {
    userPrompt,
    ...connections(),
    integrationId: id,
  });
  const body = (await response.json()) as TGenerateResponse;
  expect(response.status, JSON.stringify(body)).toBe(200);
  return ZGenerateResponse.parse(body);
}

describe('generation with the built-in generator ends with a dry run', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack.worker.stop();
    await stack.t.close();
  });

  it('says the dry run passed, with what it read and would write; the destination got nothing', async () => {
    const generated = await createAndGenerate(stack.user, 'stripe customers to hubspot contacts');
    expect(generated.generator).toBe('template');
    expect(generated.verification).toEqual({
      status: 'passed',
      summary:
        'dry run: read 3 customers from Stripe; would create 3 HubSpot contacts; 0 schema errors',
    });
    expect(generated.warnings).toEqual([]);
    expect(stripe.requests.length).toBeGreaterThan(0);
    expect(destination.requests).toEqual([]);
  });

  it('reports a failed dry run it cannot repair: the built-in generator has no other candidate', async () => {
    // Trello cards need a list id the prompt does not give: the code refuses before writing.
    destination = await startDescriptionMock(entry('trello'), { secret: HUBSPOT_SECRET });
    const generated = await createAndGenerate(stack.user, 'stripe customers to trello cards');
    expect(generated.verification?.status).toBe('failed');
    expect(generated.verification?.reason).toMatch(/NonRetryableError/);
    expect(generated.verification?.reason).toMatch(
      /the built-in generator has no other candidate operation or mapping to try$/,
    );
    expect(generated.verification?.repaired).toBeUndefined();
    // The error itself rides along, for the console's plain sentence, with how many requests
    // got an answer (every one the source mock saw).
    expect(generated.verification?.error?.name).toBe('NonRetryableError');
    expect(generated.verification?.requestsAnswered).toBe(stripe.requests.length);
    expect(destination.requests).toEqual([]);
  });

  it('skips the dry run when a connection has no credential yet, or no integration is named', async () => {
    const generated = await createAndGenerate(stack.user, 'stripe customers to hubspot contacts', {
      destSecret: null,
    });
    expect(generated.verification).toEqual({
      status: 'skipped',
      summary: 'dry run: not run',
      reason: 'the destination connection has no credential yet',
    });
    expect(stripe.requests).toEqual([]);

    const response = await stack.user.request('POST', '/api/integrations/generate', {
      userPrompt: 'stripe customers to hubspot contacts',
      ...connections(),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as TGenerateResponse).verification?.status).toBe('skipped');
  });

  it("answers 404 for another user's integration: its credentials are not the caller's to test with", async () => {
    const created = await stack.user.request('POST', '/api/integrations', {
      userPrompt: 'stripe customers to hubspot contacts',
      ...connections(),
      sourceApiKeyEncrypted: STRIPE_SECRET,
      destApiKeyEncrypted: HUBSPOT_SECRET,
    });
    const { id } = (await created.json()) as { id: string };
    const other = await createTestUser(stack.t, { plan: 'pro' });
    const response = await other.request('POST', '/api/integrations/generate', {
      userPrompt: 'stripe customers to hubspot contacts',
      ...connections(),
      integrationId: id,
    });
    expect(response.status).toBe(404);
    expect(stripe.requests).toEqual([]);
  });
});

describe('generation with an LLM: a failed dry run gets one repair round', () => {
  let stack: Stack;
  let llm: FakeOpenAIServer;
  beforeAll(async () => {
    llm = await startFakeOpenAIServer();
    stack = await startStack({
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_BASE_URL: llm.baseURL,
      OPENAI_MODEL: 'gpt-test',
    });
  });
  afterAll(async () => {
    await stack.worker.stop();
    await stack.t.close();
    await llm.close();
  });

  const NO_JSON_SCHEMA = openAIError(400, "'response_format' json_schema is not supported");
  const program = (body: string) =>
    [
      '```javascript',
      'export default async function run(ctx) {',
      "  const page = await ctx.source.get('/v1/customers', { query: { limit: 100 } });",
      '  for (const c of page.data) {',
      `    await ctx.destination.post('/crm/v3/objects/contacts', { json: ${body} });`,
      '  }',
      '  return page.data.length;',
      '}',
      '```',
    ].join('\n');

  it('repairs code whose writes do not fit the description, and says so', async () => {
    // The model writes code here, not a plan (ADR 035): its server takes no JSON schema. First
    // the fields at the top level (HubSpot wants them in `properties`), then right.
    llm.enqueue(
      NO_JSON_SCHEMA,
      completion(program('{ email: c.email, firstname: c.name }')),
      completion(program('{ properties: { email: c.email, firstname: c.name } }')),
    );
    const generated = await createAndGenerate(stack.user, 'Copy Stripe customers into HubSpot.');

    expect(llm.requests).toHaveLength(3);
    const repairPrompt = JSON.stringify(llm.requests[2]?.body);
    expect(repairPrompt).toContain('Patchbay dry-ran your code');
    expect(repairPrompt).toContain('POST /crm/v3/objects/contacts (createContact)');
    expect(repairPrompt).toContain('properties: is required');
    expect(repairPrompt).toContain('email: is not a known field');
    // The transcript is redacted: no credential reaches the model.
    expect(repairPrompt).not.toContain(STRIPE_SECRET);
    expect(repairPrompt).not.toContain(HUBSPOT_SECRET);

    expect(generated.code).toContain('properties: { email: c.email');
    expect(generated.verification).toMatchObject({
      status: 'passed',
      repaired: true,
      summary:
        'dry run: read 3 customers from Stripe; would create 3 HubSpot contacts; 0 schema errors',
    });
    expect(generated.verification?.reason).toMatch(
      /^repaired after the first dry run failed: 9 schema errors: POST \/crm\/v3\/objects\/contacts: /,
    );
    expect(destination.requests).toEqual([]);
  });

  it("repairs a model's plan whose code failed its dry run by correcting the plan", async () => {
    // The model's first plan writes a constant where HubSpot wants an email address (ADR 035).
    llm.reset();
    const wrong = stripeToHubSpotPlan();
    wrong.destination!.mapping[0] = {
      to: 'email',
      value: 'not an address',
      type: 'string',
      reason: 'a guess',
    };
    llm.enqueue(
      completion(JSON.stringify(wrong)),
      completion(JSON.stringify(stripeToHubSpotPlan())),
    );
    const generated = await createAndGenerate(stack.user, 'Copy Stripe customers into HubSpot.');

    expect(llm.requests).toHaveLength(2);
    const repairPrompt = JSON.stringify(llm.requests[1]?.body);
    expect(repairPrompt).toContain('Patchbay compiled your plan and dry-ran the code');
    expect(repairPrompt).toContain('must be an email address');
    expect(repairPrompt).toContain('"response_format"');
    expect(repairPrompt).not.toContain(STRIPE_SECRET);
    expect(repairPrompt).not.toContain(HUBSPOT_SECRET);
    expect(generated.plan?.destination?.mapping[0]).toMatchObject({ to: 'email', from: 'email' });
    expect(generated.verification).toMatchObject({ status: 'passed', repaired: true });
    expect(destination.requests).toEqual([]);
  });

  it('reports the failure when the repaired code still fails', async () => {
    llm.enqueue(
      NO_JSON_SCHEMA,
      completion(program('{ email: c.email }')),
      completion(program("{ properties: { email: 'not an address' } }")),
    );
    const generated = await createAndGenerate(stack.user, 'Copy Stripe customers into HubSpot.');
    expect(generated.verification).toMatchObject({ status: 'failed', repaired: true });
    expect(generated.verification?.reason).toContain('properties.email: must be an email address');
    expect(generated.verification?.reason).toContain('after one repair round');
  });
});
