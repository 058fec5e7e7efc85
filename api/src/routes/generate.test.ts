// POST /api/integrations/generate end to end: api → Temporal → worker → the openai package →
// a loopback server speaking the OpenAI protocol. The failure type the worker throws becomes
// the HTTP status through the shared table (schema/src/failures.ts, ADR 018).
import { randomUUID } from 'node:crypto';
import { GENERATION_FAILURES, ZApiError, ZGenerateResponse } from '@patchbay/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
} from '../../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';
import { stripeToHubSpotPlan } from '../../../generator/src/model-plan.test-support.ts';

let t: TestApp;
let worker: TestWorker;
let llm: FakeOpenAIServer;

beforeAll(async () => {
  llm = await startFakeOpenAIServer();
  const taskQueue = `test-${randomUUID()}`;
  t = await createTestApp({ taskQueue, workflowWaitMs: 45_000 });
  worker = await startTestWorker({
    databaseUrl: t.db.url,
    vault: t.deps.vault,
    taskQueue,
    generatorEnv: {
      OPENAI_API_KEY: 'sk-test-key',
      OPENAI_BASE_URL: llm.baseURL,
      OPENAI_MODEL: 'gpt-test',
    },
  });
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await llm.close();
});
beforeEach(() => {
  llm.reset();
});

const request = {
  userPrompt: 'Every 15 minutes, copy new Stripe customers into HubSpot contacts.',
  sourceApiName: 'Stripe',
  sourceApiUrl: 'https://api.stripe.com',
  sourceAuthType: 'bearer',
  destApiName: 'HubSpot',
  destApiUrl: 'https://api.hubapi.com',
  destAuthType: 'api-key',
};

async function generate() {
  const user = await createTestUser(t, { plan: 'pro' });
  const response = await user.request('POST', '/api/integrations/generate', request);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('POST /api/integrations/generate', () => {
  it("answers the code compiled from the model's plan, the plan and the model", async () => {
    // Both APIs are in the catalog, so the model is asked for a plan (ADR 035).
    llm.enqueue(completion(JSON.stringify(stripeToHubSpotPlan()), { model: 'gpt-test' }));
    const { status, body } = await generate();
    expect(status).toBe(200);
    const answer = ZGenerateResponse.parse(body);
    expect(answer).toMatchObject({ generator: 'openai', model: 'gpt-test' });
    expect(answer.plan?.destination?.operation.operationId).toBe('createContact');
    expect(answer.operations.map((op) => op.operationId)).toEqual([
      'listCustomers',
      'createContact',
    ]);
    expect(answer.code).toContain("ctx.destination.request('POST', '/crm/v3/objects/contacts'");
    const asked = llm.requests[0]?.body as { response_format?: { type: string } };
    expect(asked.response_format?.type).toBe('json_schema');
  });

  it('answers code the model wrote itself when its server takes no JSON schema', async () => {
    llm.enqueue(
      openAIError(400, "'response_format' json_schema is not supported"),
      completion('```js\nexport default async function run(ctx) {\n  return 1;\n}\n```', {
        model: 'gpt-test',
      }),
    );
    const { status, body } = await generate();
    expect(status).toBe(200);
    const answer = ZGenerateResponse.parse(body);
    expect(answer).toMatchObject({ generator: 'openai', model: 'gpt-test' });
    expect(answer.plan).toBeUndefined();
  });

  it('answers 422 GENERATION_FAILED when the provider refuses the prompt', async () => {
    expect(GENERATION_FAILURES.AI_PROMPT_REFUSED).toBe(422);
    llm.enqueue(completion(null, { refusal: "I can't help with that." }));
    const { status, body } = await generate();
    expect(status).toBe(422);
    expect(ZApiError.parse(body)).toMatchObject({
      code: 'GENERATION_FAILED',
      message: 'The AI provider refused this prompt',
    });
  });

  it('answers 503 GENERATION_FAILED when the provider rejects the key', async () => {
    expect(GENERATION_FAILURES.AI_KEY_REJECTED).toBe(503);
    llm.enqueue(openAIError(401, 'Incorrect API key provided.', { code: 'invalid_api_key' }));
    const { status, body } = await generate();
    expect(status).toBe(503);
    expect(ZApiError.parse(body).code).toBe('GENERATION_FAILED');
    // Not retried: a bad key does not get better.
    expect(llm.requests).toHaveLength(1);
  });
});
