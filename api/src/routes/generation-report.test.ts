import { ZIntegration, ZIntegrationVersion, type TGenerationReport } from '@patchbay/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';

// The requirement checklist is kept with the code version it describes, so it outlives the tab
// and the session that generated it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CODE = 'export default async function run(ctx) {\n  return { ok: true };\n}\n';
const REPORT: TGenerationReport = {
  generator: 'template',
  requirements: [
    {
      kind: 'read',
      text: 'Read parcels from Depot',
      status: 'done',
      detail: 'GET /parcels',
      lines: [2],
    },
    { kind: 'field', text: 'the courier column', status: 'missing', detail: 'name it', lines: [] },
  ],
  verification: { status: 'unverified', summary: 'dry run: read 3 parcels', reason: 'wrote none' },
};

async function draft(user: TestUser): Promise<string> {
  const response = await user.request('POST', '/api/integrations', {
    userPrompt: 'Copy parcels from Depot into the Ledger as rows, every hour.',
    sourceApiName: 'Depot',
    sourceApiUrl: 'https://depot.example.test/v2',
    sourceAuthType: 'none',
    destApiName: 'Ledger',
    destApiUrl: 'https://ledger.example.test',
    destAuthType: 'none',
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function read(user: TestUser, id: string) {
  return ZIntegration.parse(await (await user.request('GET', `/api/integrations/${id}`)).json());
}

describe('the generation report', () => {
  it('is saved with generated code and answered by GET, in any later session', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const id = await draft(user);
    expect((await read(user, id)).generationReport).toBeNull();

    const saved = await user.request('PUT', `/api/integrations/${id}`, {
      generatedCode: CODE,
      generationReport: REPORT,
    });
    expect(saved.status).toBe(200);
    expect((await read(user, id)).generationReport).toEqual({ ...REPORT, current: true });

    const versions = z
      .array(ZIntegrationVersion)
      .parse(await (await user.request('GET', `/api/integrations/${id}/versions`)).json());
    expect(versions[0]).toMatchObject({ origin: 'generated', generationReport: REPORT });
  });

  it('says the report no longer describes the code after a hand edit, and keeps it', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const id = await draft(user);
    await user.request('PUT', `/api/integrations/${id}`, {
      generatedCode: CODE,
      generationReport: REPORT,
    });
    await user.request('PUT', `/api/integrations/${id}`, { generatedCode: `${CODE}// mine\n` });
    const after = await read(user, id);
    expect(after.generationReport).toEqual({ ...REPORT, current: false });
    // Regenerating replaces it, as a generated version.
    const again = { ...REPORT, requirements: REPORT.requirements.slice(0, 1) };
    await user.request('PUT', `/api/integrations/${id}`, {
      generatedCode: `${CODE}// again\n`,
      generationReport: again,
    });
    expect((await read(user, id)).generationReport).toEqual({ ...again, current: true });
    const versions = z
      .array(ZIntegrationVersion)
      .parse(await (await user.request('GET', `/api/integrations/${id}/versions`)).json());
    expect(versions.map((v) => v.origin)).toEqual(['generated', 'edited', 'generated']);
  });

  it('refuses a report without the code it describes, and a malformed one, changing nothing', async () => {
    const user = await createTestUser(t, { plan: 'pro' });
    const id = await draft(user);
    const alone = await user.request('PUT', `/api/integrations/${id}`, {
      generationReport: REPORT,
    });
    expect(alone.status).toBe(400);
    expect(await alone.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const malformed = await user.request('PUT', `/api/integrations/${id}`, {
      generatedCode: CODE,
      generationReport: { ...REPORT, requirements: [{ kind: 'read', text: '', status: 'maybe' }] },
    });
    expect(malformed.status).toBe(400);
    const after = await read(user, id);
    expect(after.generatedCode).toBe('');
    expect(after.generationReport).toBeNull();
  });
});
