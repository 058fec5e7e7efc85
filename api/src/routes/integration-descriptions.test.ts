// Which API description each side of an integration uses, through the API.
import { getCatalogEntry } from '@patchbay/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t, { plan: 'pro' });
});
afterAll(async () => {
  await t.close();
});

function body(overrides: Record<string, unknown> = {}) {
  return {
    userPrompt: 'Every hour, copy new Stripe customers into HubSpot as contacts.',
    sourceApiName: 'Stripe',
    sourceApiUrl: 'https://api.stripe.com',
    sourceAuthType: 'none',
    destApiName: 'Our warehouse',
    destApiUrl: 'https://wms.example.com',
    destAuthType: 'none',
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const response = await user.request('POST', '/api/integrations', body(overrides));
  expect(response.status).toBe(201);
  return (await response.json()) as Record<string, unknown> & { id: string };
}

describe('API descriptions of an integration', () => {
  it('reports the Stripe description for a source named Stripe at api.stripe.com, and none for an unknown API', async () => {
    const integration = await create();
    expect(integration.sourceDescription).toEqual({
      kind: 'catalog',
      id: 'stripe',
      name: 'Stripe',
      docsUrl: 'https://docs.stripe.com/api',
      how: 'matched',
      tier: 'curated',
    });
    expect(integration.destDescription).toBeNull();
  });

  it('takes an override: another catalog entry, or none', async () => {
    const integration = await create({
      sourceDescription: { kind: 'none' },
      destDescription: { kind: 'catalog', id: 'hubspot' },
    });
    expect(integration.sourceDescription).toBeNull();
    expect(integration.destDescription).toMatchObject({ id: 'hubspot', how: 'chosen' });
    const response = await user.request('PUT', `/api/integrations/${integration.id}`, {
      sourceDescription: { kind: 'auto' },
    });
    expect(
      ((await response.json()) as { sourceDescription: unknown }).sourceDescription,
    ).toMatchObject({
      id: 'stripe',
      how: 'matched',
    });
  });

  it('keeps an imported document with the integration and with each code version', async () => {
    const imported = { ...getCatalogEntry('stripe')!, id: 'warehouse', name: 'Warehouse API' };
    const integration = await create({
      destDescription: { kind: 'imported', description: imported },
      generatedCode: 'export default async function run(ctx) { return 1; }',
    });
    expect(integration.destDescription).toMatchObject({ kind: 'imported', name: 'Warehouse API' });
    const descriptions = (await (
      await user.request('GET', `/api/integrations/${integration.id}/descriptions`)
    ).json()) as { source: { id: string }; destination: { name: string } };
    expect(descriptions.source.id).toBe('stripe');
    expect(descriptions.destination.name).toBe('Warehouse API');
    const [version] = await t.db.sql<{ dest_description: { kind: string } }[]>`
      select dest_description from integration_versions where integration_id = ${integration.id}`;
    expect(version?.dest_description.kind).toBe('imported');
  });

  it('refuses a malformed choice or an imported document that is not a description, saving nothing', async () => {
    for (const destDescription of [
      { kind: 'catalog' },
      { kind: 'imported', description: { name: 'x' } },
      { kind: 'sideways' },
    ]) {
      const response = await user.request('POST', '/api/integrations', body({ destDescription }));
      expect(response.status).toBe(400);
    }
  });

  it('answers the static check of saved code against the descriptions, with line and column', async () => {
    const integration = await create();
    const code = [
      'export default async function run(ctx) {',
      "  const page = await ctx.source.get('/v1/clients');",
      "  return ctx.source.get('/v1/customers', { query: { limit: 10 } });",
      '}',
    ].join('\n');
    const response = await user.request('PUT', `/api/integrations/${integration.id}`, {
      generatedCode: code,
    });
    const saved = (await response.json()) as { codeWarnings: Array<Record<string, unknown>> };
    expect(saved.codeWarnings).toHaveLength(1);
    expect(saved.codeWarnings[0]).toMatchObject({ code: 'UNKNOWN_PATH', side: 'source', line: 2 });
  });

  it('answers 404 for another user’s descriptions', async () => {
    const integration = await create();
    const other = await createTestUser(t);
    const response = await other.request('GET', `/api/integrations/${integration.id}/descriptions`);
    expect(response.status).toBe(404);
  });
});
