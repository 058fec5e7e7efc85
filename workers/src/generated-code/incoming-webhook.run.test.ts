// An incoming webhook URL typed as the destination's base URL is its own small API: the
// generated code posts each message to the URL itself, in the body field that vendor takes.
// Stripe is a loopback server that behaves as its description says; the webhooks are loopback
// servers at the paths Teams and Discord give out.
import { getCatalogEntry } from '@patchbay/catalog';
import type { TGenerateRequest } from '@patchbay/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startDescriptionMock,
  type DescriptionMock,
} from '../../../scripts/test-support/description-mock-server.ts';
import { startFakeApi, type FakeApi } from '../../../scripts/test-support/fake-api.ts';
import { SandboxPool } from '../sandbox/index.ts';
import { generateTemplateCode, resolveDescriptions } from '@patchbay/generator';

let pool: SandboxPool;
let stripe: DescriptionMock;
let webhooks: FakeApi;

beforeAll(async () => {
  pool = new SandboxPool({ size: 1 });
  const entry = getCatalogEntry('stripe');
  if (!entry) throw new Error('no stripe entry');
  stripe = await startDescriptionMock(entry, {
    seed: {
      invoice: [
        { id: 'in_1', customer_email: 'ada@example.com', number: 'INV-1', status: 'open' },
        { id: 'in_2', customer_email: 'alan@example.com', number: 'INV-2', status: 'paid' },
      ],
    },
  });
  webhooks = await startFakeApi();
});
afterAll(async () => {
  await pool.close();
  await stripe.close();
  await webhooks.close();
});

async function generateAndRun(destApiName: string, destApiUrl: string, userPrompt: string) {
  const input: TGenerateRequest = {
    sourceApiName: 'Stripe',
    sourceApiUrl: stripe.url,
    sourceAuthType: 'none',
    destApiName,
    destApiUrl,
    destAuthType: 'none',
    userPrompt,
  };
  const descriptions = resolveDescriptions(input);
  const generated = generateTemplateCode(input, descriptions);
  webhooks.received.length = 0;
  const result = await pool.run({
    code: generated.code,
    source: stripe.connection(),
    destination: { baseUrl: destApiUrl, authType: 'none', authConfig: {}, secret: null },
    state: {},
    run: { id: 'r1', attempt: 1, mode: 'test', scheduledAt: '2025-06-01T00:00:00.000Z' },
    allowPrivateNetwork: true,
  });
  return { generated, descriptions, result };
}

describe('an incoming webhook as the destination', () => {
  it('Teams: each open invoice is one {text} POST to the webhook URL itself', async () => {
    const path = '/webhookb2/7d1e@a1b2/IncomingWebhook/0f3c9e/4b2d7a/Xy9Kq3Lm';
    // Teams answers 200 with the text "1".
    webhooks.on(`POST ${path}`, { json: 1 });
    const { generated, descriptions, result } = await generateAndRun(
      'MS Teams',
      `${webhooks.url}${path}`,
      'Tell the Teams channel about every open Stripe invoice, as "Invoice <number> for <customer email> is still open".',
    );
    expect(descriptions.destination?.name).toBe('Microsoft Teams incoming webhook');
    // The URL is the webhook's secret: the code names only where it goes.
    expect(generated.code).not.toContain('Xy9Kq3Lm');
    expect(generated.unresolved).toEqual([]);
    expect(result.error, JSON.stringify(result.error)).toBeUndefined();
    expect(webhooks.received.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path, body: { text: 'Invoice INV-1 for ada@example.com is still open' } },
    ]);
  });

  it('Discord: the message goes in content', async () => {
    const path = '/api/webhooks/112233445566/tOkEn-abc_123';
    webhooks.on(`POST ${path}`, { status: 204 });
    const { result } = await generateAndRun(
      'Discord',
      `${webhooks.url}${path}`,
      'Post each Stripe invoice that is paid to our Discord: "Paid: <number>"',
    );
    expect(result.error, JSON.stringify(result.error)).toBeUndefined();
    expect(webhooks.received.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path, body: { content: 'Paid: INV-2' } },
    ]);
  });
});
