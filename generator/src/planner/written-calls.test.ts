import { getCatalogEntry, importOpenApi } from '@patchbay/catalog';
import type { TApiDescription } from '@patchbay/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateTemplateCode } from '../template-generator.ts';
import { planGrounded } from './grounded-plan.ts';
import { readPrompt } from '../reader/read-prompt.ts';
import { writtenCalls } from './written-calls.ts';

// A call the prompt writes out ("with POST /signups") chooses that operation of a described API,
// and the rest of the prompt is still read against both descriptions.

const person = {
  type: 'object',
  required: ['email'],
  properties: { email: { type: 'string', format: 'email' }, full_name: { type: 'string' } },
};
const created = { '201': { description: 'created' } };
const volunteersDoc = {
  openapi: '3.0.3',
  info: { title: 'Volunteer Desk', version: '2' },
  servers: [{ url: 'https://desk.example.test/api/v2' }],
  paths: {
    '/volunteers': {
      post: {
        operationId: 'createVolunteer',
        requestBody: { content: { 'application/json': { schema: person } } },
        responses: created,
      },
    },
    '/signups': {
      post: {
        operationId: 'createSignup',
        requestBody: { content: { 'application/json': { schema: person } } },
        responses: created,
      },
    },
  },
};

let desk: TApiDescription;
const stripe = getCatalogEntry('stripe') as TApiDescription;
beforeAll(async () => {
  desk = (await importOpenApi(volunteersDoc)).description;
});

function context(deskUrl = 'https://desk.example.test/api/v2') {
  return {
    sourceApiName: 'Stripe',
    sourceApiUrl: 'https://api.stripe.com',
    destApiName: 'Volunteer Desk',
    destApiUrl: deskUrl,
  };
}

function generate(userPrompt: string, deskUrl?: string) {
  return generateTemplateCode(
    { ...context(deskUrl), sourceAuthType: 'bearer', destAuthType: 'api-key', userPrompt },
    { source: stripe, destination: desk },
  );
}

describe('a call the prompt writes out', () => {
  it('chooses that operation and is planned from both descriptions', () => {
    const prompt =
      'Register every Stripe customer as a volunteer using POST /signups, email to email.';
    const reading = readPrompt(prompt, context());
    const calls = writtenCalls(reading, context(), stripe, desk);
    expect(calls?.destination?.operation.id).toBe('createSignup');
    const plan = planGrounded({ ...context(), userPrompt: prompt }, stripe, desk, calls);
    expect(plan.destination?.operation.id).toBe('createSignup');
    expect(plan.source?.operation.id).toBe('listCustomers');
    const result = generate(prompt);
    expect(result.code).toContain('from the API descriptions of Stripe (source) and');
    expect(result.code).toContain("operationId: 'createSignup'");
  });

  it("may repeat the base URL's own path in front", () => {
    const result = generate('Each Stripe customer: POST /api/v2/signups with their email.');
    expect(result.code).toContain("operationId: 'createSignup'");
  });

  it('sends the query it writes on the read', () => {
    const prompt = 'GET /v1/customers?email=ada@example.test from Stripe, then POST /signups';
    const calls = writtenCalls(readPrompt(prompt, context()), context(), stripe, desk);
    const plan = planGrounded({ ...context(), userPrompt: prompt }, stripe, desk, calls);
    expect(plan.source?.operation.id).toBe('listCustomers');
    expect(plan.source?.query).toMatchObject({ email: 'ada@example.test' });
  });

  it('keeps the pattern template when the path is not one the description has', () => {
    const result = generate('Copy each Stripe customer with POST /members/import');
    expect(result.code).toContain('no AI model configured');
    expect(result.code).toContain('/members/import');
  });

  it('takes the path parameters the written path fills', () => {
    const prompt =
      'Each new Stripe customer goes to Mailchimp with POST /lists/4c3b2a1f0e/members.';
    const mailchimp = getCatalogEntry('mailchimp') as TApiDescription;
    const input = { ...context(mailchimp.baseUrl), destApiName: 'Mailchimp', userPrompt: prompt };
    const calls = writtenCalls(readPrompt(prompt, input), input, stripe, mailchimp);
    const plan = planGrounded(input, stripe, mailchimp, calls);
    expect(plan.destination?.pathParams).toEqual({ list_id: '4c3b2a1f0e' });
  });

  it('reads no records from a written call that gets one', () => {
    const prompt = 'Every day GET /v1/customers/cus_9x8y7z and POST /signups with its email.';
    expect(writtenCalls(readPrompt(prompt, context()), context(), stripe, desk)).toBeUndefined();
  });
});
