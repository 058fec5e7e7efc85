import { checkCalls } from '@patchbay/catalog/check-calls';
import { getCatalogEntry } from '@patchbay/catalog';
import {
  PAGINATION_STYLES,
  ZGenerationPlan,
  type TApiDescription,
  type TGenerateRequest,
} from '@patchbay/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  completion,
  openAIError,
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../scripts/test-support/fake-openai-server.ts';
import { createGenerator } from './create-generator.ts';
import type { Generator } from './generator.ts';
import { stripeToHubSpotPlan } from './model-plan.test-support.ts';
import { SYSTEM_PROMPT } from './prompt.ts';

// ADR 035: with both sides described, the model answers with a plan in the plan's JSON schema and
// the compiler writes the code. Against a loopback chat-completions server: what is asked, how a
// plan becomes code, the repair round, and the fall-back to free-form code.

const FREE_FORM_CODE = `export default async function run(ctx) {
  const page = await ctx.source.get('/customers');
  return { read: page.data.length };
}
`;

// The base URLs as a user might type them from the vendors' docs: with the version prefix that
// the described paths also start with.
const input: TGenerateRequest = {
  sourceApiName: 'Stripe',
  sourceApiUrl: 'https://api.stripe.com/v1',
  sourceAuthType: 'bearer',
  destApiName: 'HubSpot',
  destApiUrl: 'https://api.hubapi.com/crm/v3',
  destAuthType: 'bearer',
  userPrompt: 'Every 30 minutes, copy Stripe customers into HubSpot contacts.',
};

let llm: FakeOpenAIServer;
let generator: Generator;
let stripe: TApiDescription;
let hubspot: TApiDescription;

beforeAll(async () => {
  llm = await startFakeOpenAIServer();
  generator = createGenerator({
    OPENAI_API_KEY: 'sk-test-provider-key',
    OPENAI_BASE_URL: llm.baseURL,
    OPENAI_MODEL: 'gpt-test',
    OPENAI_TIMEOUT_MS: '2000',
  });
  stripe = getCatalogEntry('stripe')!;
  hubspot = getCatalogEntry('hubspot')!;
});
afterAll(async () => {
  await llm?.close();
});
beforeEach(() => llm.reset());

interface SentBody {
  messages: Array<{ role: string; content: string }>;
  response_format?: {
    type: string;
    json_schema: { name: string; strict: boolean; schema: Record<string, unknown> };
  };
}
const sent = (i: number) => llm.requests[i]?.body as SentBody;
const json = (value: unknown) => completion(JSON.stringify(value));

describe('openai generator: the model writes the plan', () => {
  it('asks for the plan in the JSON schema derived from zod, with the operations of both sides', async () => {
    llm.enqueue(json(stripeToHubSpotPlan()));
    await generator.generate(input, { source: stripe, destination: hubspot });

    expect(llm.requests).toHaveLength(1);
    const body = sent(0);
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'generation_plan', strict: false },
    });
    const schema = body.response_format!.json_schema.schema;
    const { $schema: _draft, ...derived } = z.toJSONSchema(ZGenerationPlan);
    expect(schema).toEqual(derived);
    // What a model needs from it, independent of how zod writes it down.
    expect(schema.required).toEqual(
      expect.arrayContaining(['version', 'filters', 'lookups', 'remember', 'blocking']),
    );
    const props = schema.properties as Record<string, { properties?: Record<string, unknown> }>;
    const pagination = props.source?.properties?.pagination as { oneOf: unknown[] };
    expect(pagination.oneOf).toHaveLength(PAGINATION_STYLES.length);

    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    const system = body.messages[0]!.content;
    for (const expected of [
      'you answer with a plan',
      'destination.mapping:',
      'Source API: Stripe',
      '- listCustomers: GET /v1/customers (list)',
      'Destination API: HubSpot',
      '- createContact: POST /crm/v3/objects/contacts (create)',
    ]) {
      expect(system).toContain(expected);
    }
    // Not the code contract: the compiler, not the model, writes against ctx.
    expect(system).not.toContain('interface IntegrationContext');
    const user = body.messages[1]!.content;
    expect(user).toContain(input.userPrompt);
    expect(user).toContain('Base URL: https://api.stripe.com/v1');
  });

  it('compiles the plan into code that calls the described operations under the typed base paths', async () => {
    llm.enqueue(json(stripeToHubSpotPlan()));
    const result = await generator.generate(input, { source: stripe, destination: hubspot });

    expect(result.generator).toBe('openai');
    expect(result.model).toBe('gpt-test');
    expect(result.plan?.source?.operation.operationId).toBe('listCustomers');
    expect(result.plan?.destination?.mapping.map((rule) => rule.to)).toEqual([
      'email',
      'firstname',
      'lastname',
    ]);
    // The prompt's schedule, which the plan left out, is still the integration's.
    expect(result.schedule).toEqual({ everyMinutes: 30 });
    expect(result.plan?.schedule).toEqual({ everyMinutes: 30 });
    expect(result.operations).toEqual([
      { side: 'source', operationId: 'listCustomers', method: 'GET', path: '/v1/customers' },
      {
        side: 'destination',
        operationId: 'createContact',
        method: 'POST',
        path: '/crm/v3/objects/contacts',
      },
    ]);
    // Base URLs typed with /v1 and /crm/v3: the calls are relative to them, without the prefix
    // twice, and the static check finds each described operation with no warning.
    expect(result.code).not.toContain('/v1/v1');
    expect(result.code).not.toContain('/v1/customers');
    const checked = checkCalls(result.code, {
      source: { description: stripe, baseUrl: input.sourceApiUrl },
      destination: { description: hubspot, baseUrl: input.destApiUrl },
    });
    expect(checked.warnings).toEqual([]);
    expect(checked.calls.map((call) => call.operationId)).toEqual(
      expect.arrayContaining(['listCustomers', 'createContact']),
    );
    // The checklist comes from the compiled plan, its parts done with their code lines.
    expect(result.requirements.length).toBeGreaterThan(0);
    expect(result.requirements.filter((r) => r.status === 'missing')).toEqual([]);
  });

  it('sends a plan the compiler refuses back once, and compiles the corrected one', async () => {
    const wrong = stripeToHubSpotPlan();
    wrong.source!.operation.operationId = 'listAllCustomersEverywhere';
    llm.enqueue(json(wrong), json(stripeToHubSpotPlan()));
    const result = await generator.generate(input, { source: stripe, destination: hubspot });

    expect(llm.requests).toHaveLength(2);
    const repair = sent(1);
    expect(repair.response_format?.type).toBe('json_schema');
    expect(repair.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(JSON.parse(repair.messages[2]!.content)).toEqual(wrong);
    expect(repair.messages[3]!.content).toContain(
      'Stripe (source) has no operation "listAllCustomersEverywhere"',
    );
    expect(result.plan?.source?.operation.operationId).toBe('listCustomers');
    expect(result.operations.map((op) => op.operationId)).toEqual([
      'listCustomers',
      'createContact',
    ]);
  });

  it('sends a plan that breaks its schema back with the schema errors', async () => {
    const { remember: _remember, ...incomplete } = stripeToHubSpotPlan();
    llm.enqueue(
      json({ ...incomplete, destination: { ...incomplete.destination, kind: 'email' } }),
      completion(`\`\`\`json\n${JSON.stringify(stripeToHubSpotPlan())}\n\`\`\``),
    );
    const result = await generator.generate(input, { source: stripe, destination: hubspot });

    const question = sent(1).messages[3]!.content;
    expect(question).toContain('does not match its schema');
    expect(question).toContain('remember');
    expect(question).toContain('destination.kind');
    // A fenced answer, as servers without structured output write it, is read too.
    expect(result.plan?.destination?.operation.operationId).toBe('createContact');
  });

  it('falls back to free-form code when the corrected plan fails too', async () => {
    const wrong = stripeToHubSpotPlan();
    wrong.destination!.resource = 'lead';
    llm.enqueue(
      completion('I think you should read customers and write contacts.'),
      json(wrong),
      completion(`\`\`\`javascript\n${FREE_FORM_CODE}\`\`\``),
    );
    const result = await generator.generate(input, { source: stripe, destination: hubspot });

    expect(llm.requests).toHaveLength(3);
    expect(sent(1).messages[3]!.content).toContain('the answer is not JSON');
    const fallback = sent(2);
    expect(fallback.response_format).toBeUndefined();
    expect(fallback.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(fallback.messages[0]!.content.startsWith(SYSTEM_PROMPT)).toBe(true);
    expect(result.code).toBe(FREE_FORM_CODE);
    expect(result.plan).toBeUndefined();
    expect(result).toMatchObject({ generator: 'openai', model: 'gpt-test', requirements: [] });
  });

  it('falls back to free-form code when the server does not take a JSON schema', async () => {
    llm.enqueue(
      openAIError(
        400,
        "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
      ),
      completion(FREE_FORM_CODE),
    );
    const result = await generator.generate(input, { source: stripe, destination: hubspot });

    expect(llm.requests).toHaveLength(2);
    expect(sent(1).response_format).toBeUndefined();
    expect(result.code).toBe(FREE_FORM_CODE);
    expect(result.plan).toBeUndefined();
  });

  it('still fails on a 400 about something else, rather than hiding it behind a fall-back', async () => {
    llm.enqueue(openAIError(400, "'messages' must contain at least one user message"));
    await expect(
      generator.generate(input, { source: stripe, destination: hubspot }),
    ).rejects.toMatchObject({ code: 'AI_BAD_REQUEST', retryable: false });
    expect(llm.requests).toHaveLength(1);
  });

  it('repairs code compiled from a plan by correcting the plan after its dry run failed', async () => {
    const failed = stripeToHubSpotPlan();
    failed.destination!.mapping[0] = { to: 'email', value: 'nobody', type: 'string', reason: 'x' };
    const transcript =
      'POST /crm/v3/objects/contacts (createContact): properties.email: must be an email address';
    llm.enqueue(json(stripeToHubSpotPlan()));
    const repaired = await generator.repair!(
      input,
      { code: FREE_FORM_CODE, transcript, plan: failed },
      { source: stripe, destination: hubspot },
    );

    expect(llm.requests).toHaveLength(1);
    const asked = sent(0);
    expect(asked.response_format?.type).toBe('json_schema');
    expect(asked.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(JSON.parse(asked.messages[2]!.content)).toEqual(failed);
    expect(asked.messages[3]!.content).toContain(transcript);
    expect(asked.messages[3]!.content).toContain('Correct the plan');
    expect(repaired.plan?.destination?.mapping[0]).toMatchObject({ to: 'email', from: 'email' });
    expect(repaired).toMatchObject({ generator: 'openai', model: 'gpt-test' });
  });

  it('repairs the code itself when the corrected plan does not compile either', async () => {
    const broken = stripeToHubSpotPlan();
    broken.source!.resource = 'invoice-ish';
    llm.enqueue(json(broken), json(broken), completion(FREE_FORM_CODE));
    const repaired = await generator.repair!(
      input,
      {
        code: 'export default async function run(ctx) {}\n',
        transcript: 'it failed',
        plan: broken,
      },
      { source: stripe, destination: hubspot },
    );

    expect(llm.requests).toHaveLength(3);
    const asked = sent(2);
    expect(asked.response_format).toBeUndefined();
    expect(asked.messages[2]!.content).toContain('export default async function run(ctx) {}');
    expect(repaired.code).toBe(FREE_FORM_CODE);
    expect(repaired.plan).toBeUndefined();
  });

  it('asks for code that reads the event when the prompt names a webhook event', async () => {
    llm.enqueue(completion(FREE_FORM_CODE));
    const result = await generator.generate(
      {
        ...input,
        userPrompt: 'Whenever a subscription is cancelled, add the customer to HubSpot.',
      },
      { source: stripe, destination: hubspot },
    );

    expect(llm.requests).toHaveLength(1);
    expect(sent(0).response_format).toBeUndefined();
    expect(sent(0).messages[1]!.content).toContain('Trigger: webhook');
    expect(result).toMatchObject({ trigger: 'webhook', code: FREE_FORM_CODE });
  });

  it('asks for code, without a schema, when a side has no description', async () => {
    llm.enqueue(completion(FREE_FORM_CODE));
    const result = await generator.generate(input, { source: stripe });

    expect(llm.requests).toHaveLength(1);
    expect(sent(0).response_format).toBeUndefined();
    expect(result.code).toBe(FREE_FORM_CODE);
    expect(result.plan).toBeUndefined();
  });
});
