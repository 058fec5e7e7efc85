import { getCatalogEntry } from '@patchbay/catalog';
import type { TGenerateRequest } from '@patchbay/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  completion,
  openAIError,
  startFakeOpenAIServer,
  type FakeOpenAIServer,
} from '../../scripts/test-support/fake-openai-server.ts';
import { createGenerator } from './create-generator.ts';
import { GenerationError, type Generator } from './generator.ts';
import { SYSTEM_PROMPT } from './prompt.ts';

// The LLM generator against a real HTTP server on loopback speaking the chat-completions
// protocol (ADR 013, ADR 005): what we send, and how each kind of answer is handled.

const GOOD_CODE = `export default async function run(ctx) {
  const customers = await ctx.source.get('/v1/customers');
  for (const c of customers.data) {
    await ctx.destination.post('/contacts', { json: { email: c.email } });
  }
  return { synced: customers.data.length };
}
`;
const BROKEN_CODE = `export default async function run(ctx) {
  const customers = await ctx.source.get('/v1/customers';
  return customers;
}
`;

const input: TGenerateRequest = {
  sourceApiName: 'Stripe',
  sourceApiUrl: 'https://api.stripe.com',
  sourceAuthType: 'bearer',
  destApiName: 'HubSpot',
  destApiUrl: 'https://api.hubapi.com',
  destAuthType: 'api-key',
  userPrompt: 'Every 15 minutes, copy new Stripe customers to HubSpot contacts.',
};

let llm: FakeOpenAIServer;
let generator: Generator;

beforeAll(async () => {
  llm = await startFakeOpenAIServer();
  generator = createGenerator({
    OPENAI_API_KEY: 'sk-test-provider-key',
    OPENAI_BASE_URL: llm.baseURL,
    OPENAI_MODEL: 'gpt-test',
    OPENAI_TIMEOUT_MS: '1000',
  });
});
afterAll(async () => {
  await llm?.close();
});
beforeEach(() => llm.reset());

async function generationError(promise: Promise<unknown>): Promise<GenerationError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the generation to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(GenerationError);
  return error as GenerationError;
}

describe('openai generator', () => {
  it('sends the contract and the connections, and never a credential', async () => {
    llm.enqueue(completion(`\`\`\`javascript\n${GOOD_CODE}\`\`\``));
    // An object carrying credentials (an integration row, a create request) cast through.
    const withSecrets = {
      ...input,
      sourceApiKeyEncrypted: 'sk_live_SECRET_SOURCE_123',
      destApiKeyEncrypted: 'pat-na1-SECRET_DEST_456',
      sourceAuthConfig: { username: 'admin', clientId: 'client-SECRET' },
    } as TGenerateRequest;

    const result = await generator.generate(withSecrets);
    expect(result).toEqual({
      code: GOOD_CODE,
      generator: 'openai',
      model: 'gpt-test',
      schedule: { everyMinutes: 15 },
      unresolved: [],
      requirements: [],
      operations: [],
    });

    expect(llm.requests).toHaveLength(1);
    const request = llm.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test-provider-key');
    const body = request.body as {
      model: string;
      messages: Array<{ role: string; content: string }>;
      stream?: boolean;
    };
    expect(body.model).toBe('gpt-test');
    expect(body.stream).toBeFalsy();
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(body.messages[0]?.content).toBe(SYSTEM_PROMPT);
    expect(body.messages[0]?.content).toContain('interface IntegrationContext');
    expect(body.messages[0]?.content).toContain('ctx.NonRetryableError');
    const user = body.messages[1]?.content ?? '';
    for (const expected of [
      input.userPrompt,
      'Source API: Stripe',
      'Base URL: https://api.stripe.com',
      'Auth: Bearer Token',
      'Destination API: HubSpot',
      'Base URL: https://api.hubapi.com',
      'Auth: API Key',
    ]) {
      expect(user).toContain(expected);
    }
    for (const secret of ['SECRET', 'sk_live', 'pat-na1', 'admin', 'client-']) {
      expect(request.rawBody).not.toContain(secret);
    }
  });

  it('gives the model the relevant operations of both descriptions, and names the ones the code calls', async () => {
    const stripe = getCatalogEntry('stripe');
    const hubspot = getCatalogEntry('hubspot');
    const grounded = GOOD_CODE.replace(
      "ctx.destination.post('/contacts', { json: { email: c.email } })",
      "ctx.destination.post('/crm/v3/objects/contacts', { json: { properties: { email: c.email } } })",
    );
    // A server without structured output: the model writes the code itself (ADR 035).
    llm.enqueue(
      openAIError(400, "'response_format.type' json_schema is not supported"),
      completion(`\`\`\`javascript\n${grounded}\`\`\``),
    );
    const result = await generator.generate(input, { source: stripe, destination: hubspot });

    const system = (llm.requests[1]?.body as { messages: Array<{ content: string }> }).messages[0]
      ?.content;
    expect(system).toContain(SYSTEM_PROMPT);
    for (const expected of [
      '## The APIs (from their descriptions)',
      'Source API: Stripe',
      '- listCustomers: GET /v1/customers (list)',
      'records at: data',
      '"style":"starting-after"',
      'since: created[gt] (unix-time) filters on created',
      'Destination API: HubSpot',
      '- createContact: POST /crm/v3/objects/contacts (create)',
      'properties* (object) { email (string, email), firstname (string)',
      'writes nest fields in "properties" (object)',
      'batch: up to 100 records in "inputs"',
    ]) {
      expect(system).toContain(expected);
    }
    // Only what the prompt needs: reads on the source, writes on the destination, and neither
    // Stripe's invoices nor HubSpot's deals.
    expect(system).not.toContain('createCustomer');
    expect(system).not.toContain('/v1/invoices');
    expect(system).not.toContain('/crm/v3/objects/deals');
    // The code's literal calls, resolved against the descriptions.
    expect(result.operations).toEqual([
      { side: 'source', operationId: 'listCustomers', method: 'GET', path: '/v1/customers' },
      {
        side: 'destination',
        operationId: 'createContact',
        method: 'POST',
        path: '/crm/v3/objects/contacts',
      },
    ]);
  });

  it('takes the code out of an answer with prose and several fences', async () => {
    llm.enqueue(
      completion(
        `Here is the integration.\n\n\`\`\`js\n${GOOD_CODE}\`\`\`\n\nYou could also log:\n\`\`\`js\nctx.log('hi');\n\`\`\`\n`,
      ),
    );
    expect((await generator.generate(input)).code).toBe(GOOD_CODE);
  });

  it('takes an unfenced answer as it is', async () => {
    llm.enqueue(completion(GOOD_CODE));
    expect((await generator.generate(input)).code).toBe(GOOD_CODE);
  });

  it('repairs a syntax error once, sending the error back', async () => {
    llm.enqueue(
      completion(`\`\`\`js\n${BROKEN_CODE}\`\`\``),
      completion(`\`\`\`js\n${GOOD_CODE}\`\`\``),
    );
    const result = await generator.generate(input);
    expect(result.code).toBe(GOOD_CODE);

    expect(llm.requests).toHaveLength(2);
    const repair = llm.requests[1]!.body as { messages: Array<{ role: string; content: string }> };
    expect(repair.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(repair.messages[2]?.content).toContain(BROKEN_CODE.trim());
    expect(repair.messages[3]?.content).toContain('missing ) after argument list (line 2, column');
  });

  it('gives up with a clear, non-retryable error when the repair does not parse either', async () => {
    llm.enqueue(completion(BROKEN_CODE), completion(`\`\`\`js\n${BROKEN_CODE}\`\`\``));
    const error = await generationError(generator.generate(input));
    expect(error.message).toBe(
      'The AI returned code that does not parse: missing ) after argument list (line 2)',
    );
    expect(error).toMatchObject({ code: 'AI_INVALID_CODE', retryable: false });
    expect(llm.requests).toHaveLength(2);
  });

  it('asks for a repair when the code imports a module', async () => {
    llm.enqueue(completion(`import axios from 'axios';\n${GOOD_CODE}`), completion(GOOD_CODE));
    expect((await generator.generate(input)).code).toBe(GOOD_CODE);
    const repair = llm.requests[1]!.body as { messages: Array<{ content: string }> };
    expect(repair.messages[3]?.content).toMatch(/Imports are not allowed.*'axios'/);
  });

  it('401: non-retryable, with a message that does not echo the key', async () => {
    llm.enqueue(
      openAIError(401, 'Incorrect API key provided: sk-test-***-key.', { code: 'invalid_api_key' }),
    );
    const error = await generationError(generator.generate(input));
    expect(error.message).toBe('The AI provider rejected the API key');
    expect(error).toMatchObject({ code: 'AI_KEY_REJECTED', retryable: false });
    expect(llm.requests).toHaveLength(1); // the SDK does not retry on its own
  });

  it('a refused prompt: non-retryable', async () => {
    llm.enqueue(
      openAIError(400, 'Your request was rejected as a result of our safety system.', {
        code: 'content_filter',
      }),
    );
    const refused = await generationError(generator.generate(input));
    expect(refused).toMatchObject({
      message: 'The AI provider refused this prompt',
      code: 'AI_PROMPT_REFUSED',
      retryable: false,
    });

    llm.enqueue(completion(null, { refusal: "I can't help with that." }));
    expect(await generationError(generator.generate(input))).toMatchObject({
      code: 'AI_PROMPT_REFUSED',
      retryable: false,
    });
  });

  it('429: retryable, and the next attempt succeeds', async () => {
    llm.enqueue(
      openAIError(429, 'Rate limit reached for requests', {
        code: 'rate_limit_exceeded',
        headers: { 'retry-after': '2' },
      }),
      completion(GOOD_CODE),
    );
    const error = await generationError(generator.generate(input));
    expect(error).toMatchObject({ code: 'AI_RATE_LIMITED', retryable: true, retryAfterMs: 2000 });
    expect(llm.requests).toHaveLength(1);

    // What the activity's retry policy does next: call generate again.
    expect((await generator.generate(input)).code).toBe(GOOD_CODE);
    expect(llm.requests).toHaveLength(2);
  });

  it('429 insufficient_quota: non-retryable (waiting does not refill a quota)', async () => {
    llm.enqueue(
      openAIError(429, 'You exceeded your current quota', { code: 'insufficient_quota' }),
    );
    expect(await generationError(generator.generate(input))).toMatchObject({
      code: 'AI_QUOTA_EXCEEDED',
      retryable: false,
    });
  });

  it('5xx: retryable', async () => {
    llm.enqueue(openAIError(503, 'The server is overloaded'));
    const error = await generationError(generator.generate(input));
    expect(error).toMatchObject({ code: 'AI_UNAVAILABLE', retryable: true });
    expect(error.message).toMatch(/^The AI provider failed \(503: The server is overloaded\)/);
  });

  it('a timeout: retryable, without waiting for the slow answer', async () => {
    llm.enqueue({ ...completion(GOOD_CODE), delayMs: 5_000 });
    const started = performance.now();
    const error = await generationError(generator.generate(input));
    expect(error).toMatchObject({
      code: 'AI_TIMEOUT',
      retryable: true,
      message: 'The AI provider did not answer within 1 s',
    });
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('an unreachable server: retryable', async () => {
    const down = await startFakeOpenAIServer();
    const baseURL = down.baseURL;
    await down.close();
    const unreachable = createGenerator({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: baseURL });
    expect(await generationError(unreachable.generate(input))).toMatchObject({
      code: 'AI_UNREACHABLE',
      retryable: true,
    });
  });

  it('an unknown model: non-retryable, naming what to check', async () => {
    llm.enqueue(
      openAIError(404, 'The model `gpt-test` does not exist', { code: 'model_not_found' }),
    );
    const error = await generationError(generator.generate(input));
    expect(error).toMatchObject({ code: 'AI_MODEL_NOT_FOUND', retryable: false });
    expect(error.message).toContain("does not know the model 'gpt-test'");
  });

  it('stops when the activity is cancelled', async () => {
    llm.enqueue({ ...completion(GOOD_CODE), delayMs: 800 });
    const controller = new AbortController();
    const pending = generator.generate(input, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by Temporal')), 50);
    await expect(pending).rejects.toThrow('cancelled by Temporal');
  });
});
