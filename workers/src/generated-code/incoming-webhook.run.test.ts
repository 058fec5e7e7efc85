// An incoming webhook URL typed as the destination's base URL is its own small API: the
// generated code posts each message to the URL itself, in the body field that vendor takes.
// Stripe is a loopback server that behaves as its description says; the webhooks are loopback
// servers at the paths Teams and Discord give out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getCatalogEntry } from '@patchbay/catalog';
import type { TGenerateRequest } from '@patchbay/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startDescriptionMock,
  type DescriptionMock,
} from '../../../scripts/test-support/description-mock-server.ts';
import { SandboxPool } from '../sandbox/index.ts';
import { generateTemplateCode, resolveDescriptions } from '@patchbay/generator';

let pool: SandboxPool;
let stripe: DescriptionMock;
let server: http.Server;
let origin = '';
const received: Array<{ method: string; path: string; body: unknown }> = [];

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
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown,
      });
      // Teams answers 200 with the text "1"; Discord 204.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('1');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await pool.close();
  await stripe.close();
  await new Promise((resolve) => server.close(resolve));
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
  received.length = 0;
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
    const { generated, descriptions, result } = await generateAndRun(
      'MS Teams',
      `${origin}${path}`,
      'Tell the Teams channel about every open Stripe invoice, as "Invoice <number> for <customer email> is still open".',
    );
    expect(descriptions.destination?.name).toBe('Microsoft Teams incoming webhook');
    expect(generated.unresolved).toEqual([]);
    expect(result.error, JSON.stringify(result.error)).toBeUndefined();
    expect(received).toEqual([
      {
        method: 'POST',
        path,
        body: { text: 'Invoice INV-1 for ada@example.com is still open' },
      },
    ]);
  });

  it('Discord: the message goes in content', async () => {
    const path = '/api/webhooks/112233445566/tOkEn-abc_123';
    const { result } = await generateAndRun(
      'Discord',
      `${origin}${path}`,
      'Post each Stripe invoice that is paid to our Discord: "Paid: <number>"',
    );
    expect(result.error, JSON.stringify(result.error)).toBeUndefined();
    expect(received).toEqual([{ method: 'POST', path, body: { content: 'Paid: INV-2' } }]);
  });
});
