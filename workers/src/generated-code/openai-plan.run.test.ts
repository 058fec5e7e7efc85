import { getCatalogEntry } from '@patchbay/catalog';
import { createGenerator } from '@patchbay/generator';
import type { TApiDescription, TGenerateRequest } from '@patchbay/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startDescriptionMock,
  type DescriptionMock,
} from '../../../scripts/test-support/description-mock-server.ts';
import {
  completion,
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../../scripts/test-support/fake-openai-server.ts';
import { stripeToHubSpotPlan } from '../../../generator/src/model-plan.test-support.ts';
import { SandboxPool } from '../sandbox/index.ts';

// ADR 035: code compiled from a model's plan runs. The model (a loopback chat-completions server)
// answers with a plan whose pagination it copied wrong; the user typed both base URLs with the
// prefix the described paths start with. The code runs in the real sandbox against loopback
// APIs that behave as the descriptions say, and the destination must hold every customer.

let pool: SandboxPool;
let llm: FakeOpenAIServer;
const mocks: DescriptionMock[] = [];

beforeAll(async () => {
  pool = new SandboxPool({ size: 1 });
  llm = await startFakeOpenAIServer();
});
afterAll(async () => {
  await pool?.close();
  await llm?.close();
  await Promise.all(mocks.map((m) => m.close()));
});

function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

const customers = [
  { id: 'cus_1', object: 'customer', email: 'ada@example.com', name: 'Ada Lovelace', created: 1 },
  { id: 'cus_2', object: 'customer', email: 'alan@example.com', name: 'Alan Turing', created: 2 },
  { id: 'cus_3', object: 'customer', email: 'grace@example.com', name: 'Grace Hopper', created: 3 },
];

describe('openai generator: code compiled from the model plan', () => {
  it('reads every page and writes under base URLs typed with a version prefix', async () => {
    const stripe = await startDescriptionMock(entry('stripe'), {
      seed: { customer: customers },
      pageSize: 2,
    });
    const hubspot = await startDescriptionMock(entry('hubspot'));
    mocks.push(stripe, hubspot);
    const source = { ...stripe.connection(), baseUrl: `${stripe.url}/v1` };
    const destination = { ...hubspot.connection(), baseUrl: `${hubspot.url}/crm/v3` };

    const plan = stripeToHubSpotPlan();
    // A model that missed the list's cursor would read one page: the description says otherwise.
    plan.source!.pagination = { style: 'none' };
    llm.enqueue(completion(JSON.stringify(plan)));
    const generator = createGenerator({
      OPENAI_API_KEY: 'sk-test-provider-key',
      OPENAI_BASE_URL: llm.baseURL,
      OPENAI_MODEL: 'gpt-test',
      OPENAI_TIMEOUT_MS: '2000',
    });
    const input: TGenerateRequest = {
      sourceApiName: 'Stripe',
      sourceApiUrl: source.baseUrl,
      sourceAuthType: source.authType,
      destApiName: 'HubSpot',
      destApiUrl: destination.baseUrl,
      destAuthType: destination.authType,
      userPrompt: 'Copy our Stripe customers into HubSpot as contacts, first and last name split.',
    };
    const generated = await generator.generate(input, {
      source: stripe.description,
      destination: hubspot.description,
    });
    expect(generated.plan?.source?.pagination.style).toBe('starting-after');

    const result = await pool.run({
      code: generated.code,
      source,
      destination,
      state: {},
      run: { id: 'run-1', attempt: 1, mode: 'test', scheduledAt: '2025-06-01T00:00:00.000Z' },
      allowPrivateNetwork: true,
    });
    expect(result.error, JSON.stringify(result.error)).toBeUndefined();
    expect(result.status).toBe('success');
    expect(hubspot.written('contact').map((c) => c.properties)).toEqual([
      { email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace' },
      { email: 'alan@example.com', firstname: 'Alan', lastname: 'Turing' },
      { email: 'grace@example.com', firstname: 'Grace', lastname: 'Hopper' },
    ]);
    // Two pages of two, each at the described path under the typed /v1, never /v1/v1.
    expect(stripe.requests.map((r) => r.path)).toEqual(['/v1/customers', '/v1/customers']);
    expect(hubspot.requests.every((r) => r.path === '/crm/v3/objects/contacts')).toBe(true);
  });
});
