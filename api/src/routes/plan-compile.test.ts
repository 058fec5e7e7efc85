import { generateTemplateCode } from '@patchbay/generator';
import {
  ZIntegration,
  ZIntegrationVersion,
  type TGenerationPlan,
  type TGenerationReport,
} from '@patchbay/schema';
import { getCatalogEntry } from '@patchbay/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';

// The Plan tab's save: an edited plan compiles into new code, kept as an "edited plan" version,
// and hand edits are never replaced without the person's say-so.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CONNECTIONS = {
  userPrompt: 'Every morning, turn yesterday’s new Stripe customers into Asana tasks.',
  sourceApiName: 'Stripe',
  sourceApiUrl: 'https://api.stripe.com',
  sourceAuthType: 'none',
  destApiName: 'Asana',
  destApiUrl: 'https://app.asana.com/api/1.0',
  destAuthType: 'none',
} as const;

async function generated(user: TestUser): Promise<{ id: string; plan: TGenerationPlan }> {
  const response = await user.request('POST', '/api/integrations', CONNECTIONS);
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const result = generateTemplateCode(
    { ...CONNECTIONS, sourceAuthType: 'none', destAuthType: 'none' },
    { source: getCatalogEntry('stripe')!, destination: getCatalogEntry('asana')! },
  );
  expect(result.plan).toBeDefined();
  const report: TGenerationReport = {
    generator: 'template',
    requirements: result.requirements,
    plan: result.plan,
  };
  const saved = await user.request('PUT', `/api/integrations/${id}`, {
    generatedCode: result.code,
    generationReport: report,
  });
  expect(saved.status).toBe(200);
  return { id, plan: result.plan! };
}

async function read(user: TestUser, id: string) {
  return ZIntegration.parse(await (await user.request('GET', `/api/integrations/${id}`)).json());
}

async function versions(user: TestUser, id: string) {
  return z
    .array(ZIntegrationVersion)
    .parse(await (await user.request('GET', `/api/integrations/${id}/versions`)).json());
}

describe('POST /api/integrations/:id/plan', () => {
  it('compiles an edited plan into new code and checklist, kept as an "edited plan" version', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { id, plan } = await generated(user);
    const write = plan.destination!;

    const emptied = await user.request('POST', `/api/integrations/${id}/plan`, {
      plan: { ...plan, destination: { ...write, mapping: [] } },
    });
    expect(emptied.status).toBe(200);
    let integration = await read(user, id);
    expect(integration.generationReport?.current).toBe(true);
    expect(integration.generationReport?.plan?.destination?.mapping).toEqual([]);
    const missing = integration.generationReport!.requirements.filter(
      (r) => r.status === 'missing',
    );
    expect(missing.map((r) => r.text).join('\n')).toMatch(/name/);
    expect(integration.generatedCode).not.toContain('const MISSING = [];');

    const restored = await user.request('POST', `/api/integrations/${id}/plan`, { plan });
    expect(restored.status).toBe(200);
    integration = await read(user, id);
    expect(integration.generatedCode).toContain('const MISSING = [];');
    expect((await versions(user, id)).map((v) => v.origin)).toEqual(['plan', 'plan', 'generated']);
  });

  it('asks before replacing hand edits, and keeps the hand-edited code restorable', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { id, plan } = await generated(user);
    const handEdited = `${(await read(user, id)).generatedCode}\n// checked by hand\n`;
    expect(
      (await user.request('PUT', `/api/integrations/${id}`, { generatedCode: handEdited })).status,
    ).toBe(200);

    const refused = await user.request('POST', `/api/integrations/${id}/plan`, { plan });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'HAND_EDITED' });
    expect((await read(user, id)).generatedCode).toBe(handEdited);

    const replaced = await user.request('POST', `/api/integrations/${id}/plan`, {
      plan,
      replaceHandEdits: true,
    });
    expect(replaced.status).toBe(200);
    expect((await read(user, id)).generatedCode).not.toBe(handEdited);
    const list = await versions(user, id);
    expect(list.map((v) => v.origin)).toEqual(['plan', 'edited', 'generated']);
    expect(list[1]!.code).toBe(handEdited);
  });

  it('refuses plans that cannot compile, with a reason, and changes nothing', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { id, plan } = await generated(user);
    const before = (await read(user, id)).generatedCode;

    const unknownOperation = await user.request('POST', `/api/integrations/${id}/plan`, {
      plan: {
        ...plan,
        source: {
          ...plan.source!,
          operation: { ...plan.source!.operation, operationId: 'listEverythingEver' },
        },
      },
    });
    expect(unknownOperation.status).toBe(422);
    expect(await unknownOperation.json()).toMatchObject({
      code: 'PLAN_NOT_COMPILABLE',
      message: expect.stringContaining('listEverythingEver'),
    });

    const badFilter = await user.request('POST', `/api/integrations/${id}/plan`, {
      plan: { ...plan, filters: [{ field: 'status', op: 'roughly', phrase: 'x' }] },
    });
    expect(badFilter.status).toBe(400);

    const noPlan = await user.request('POST', `/api/integrations/${id}/plan`, {});
    expect(noPlan.status).toBe(400);

    const stranger = await createTestUser(t, { plan: 'pro' });
    const other = await stranger.request('POST', `/api/integrations/${id}/plan`, { plan });
    expect(other.status).toBe(404);

    expect((await read(user, id)).generatedCode).toBe(before);
    expect(await versions(user, id)).toHaveLength(1);
  });

  it('needs both sides described', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const { id, plan } = await generated(user);
    expect(
      (
        await user.request('PUT', `/api/integrations/${id}`, {
          destApiName: 'Ledger',
          destApiUrl: 'https://ledger.example.test',
          destDescription: { kind: 'none' },
        })
      ).status,
    ).toBe(200);
    const refused = await user.request('POST', `/api/integrations/${id}/plan`, {
      plan,
      replaceHandEdits: true,
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'NO_DESCRIPTION',
      message: expect.stringContaining('destination'),
    });
  });
});
