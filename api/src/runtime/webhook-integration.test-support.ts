import { expect } from 'vitest';
import type { TestApp, TestUser } from '../../../scripts/test-support/test-app.ts';

// The webhook tests' integration: triggered by Stripe's signed deliveries, writing nowhere.

const DO_NOTHING = 'export default async function run() { return {}; }\n';

/** Creates it (active unless told), and answers its id, its hook path and that path's token. */
export async function createWebhookIntegration(
  t: TestApp,
  user: TestUser,
  options: { secret: string; code?: string; active?: boolean },
): Promise<{ id: string; path: string; token: string }> {
  const response = await user.request('POST', '/api/integrations', {
    name: 'Cancellations',
    userPrompt: 'When a customer cancels their subscription, note it.',
    sourceApiName: 'Stripe',
    sourceApiUrl: 'https://api.stripe.com',
    sourceDescription: { kind: 'catalog', id: 'stripe' },
    destApiName: 'None',
    destApiUrl: 'https://destination.invalid',
    destAuthType: 'none',
    generatedCode: options.code ?? DO_NOTHING,
    trigger: 'webhook',
    webhookSigningSecret: options.secret,
  });
  expect(response.status).toBe(201);
  const created = (await response.json()) as { id: string; webhook: { url: string } };
  if (options.active !== false)
    await t.db.sql`update integrations set status = 'active' where id = ${created.id}`;
  const path = new URL(created.webhook.url).pathname;
  return { id: created.id, path, token: path.split('/').at(-1) ?? '' };
}
