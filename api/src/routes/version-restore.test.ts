// A version made by restoring an earlier one says which, and the API says so only
// of that version's own code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIntegrationVersion } from '@patchbay/schema';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTestUser(t, { plan: 'pro' });
});
afterAll(async () => {
  await t.close();
});

const code = (n: number) => `export default async function run(ctx) {\n  return { n: ${n} };\n}\n`;

async function withTwoVersions(): Promise<string> {
  const created = await owner.request('POST', '/api/integrations', {
    userPrompt: 'Add every new customer to the contacts list at the destination.',
    sourceApiName: 'Source',
    sourceApiUrl: 'https://source.example.com',
    sourceAuthType: 'none',
    destApiName: 'Destination',
    destApiUrl: 'https://destination.example.com',
    destAuthType: 'none',
    generatedCode: code(1),
  });
  const { id } = (await created.json()) as { id: string };
  await owner.request('PUT', `/api/integrations/${id}`, { generatedCode: code(2) });
  return id;
}

async function versions(id: string): Promise<TIntegrationVersion[]> {
  return (await (
    await owner.request('GET', `/api/integrations/${id}/versions`)
  ).json()) as TIntegrationVersion[];
}

describe('PUT /api/integrations/:id with restoredFrom', () => {
  it('records the version it restored', async () => {
    const id = await withTwoVersions();
    const restored = await owner.request('PUT', `/api/integrations/${id}`, {
      generatedCode: code(1),
      restoredFrom: 1,
    });
    expect(restored.status).toBe(200);
    const [newest, ...older] = await versions(id);
    expect(newest).toMatchObject({ version: 3, origin: 'edited', restoredFrom: 1, code: code(1) });
    expect(older.map((version) => version.restoredFrom)).toEqual([null, null]);
  });

  it('refuses a restore whose code is not that version’s, or of a version that does not exist', async () => {
    const id = await withTwoVersions();
    const wrong = await owner.request('PUT', `/api/integrations/${id}`, {
      generatedCode: code(9),
      restoredFrom: 1,
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toBe(
      'generatedCode is not the code of version 1',
    );
    const missing = await owner.request('PUT', `/api/integrations/${id}`, {
      generatedCode: code(1),
      restoredFrom: 7,
    });
    expect(((await missing.json()) as { message: string }).message).toBe(
      'There is no version 7 to restore',
    );
    const alone = await owner.request('PUT', `/api/integrations/${id}`, { restoredFrom: 1 });
    expect(alone.status).toBe(400);
    expect(await versions(id)).toHaveLength(2);
  });

  it('refuses a version number past what a version can be, as bad input', async () => {
    const id = await withTwoVersions();
    const answer = await owner.request('PUT', `/api/integrations/${id}`, {
      generatedCode: code(1),
      restoredFrom: 248_637_514_689_765,
    });
    expect(answer.status).toBe(400);
    expect(await versions(id)).toHaveLength(2);
  });

  it('answers 404 for another user’s integration, whatever its versions', async () => {
    const id = await withTwoVersions();
    const stranger = await createTestUser(t);
    const response = await stranger.request('PUT', `/api/integrations/${id}`, {
      generatedCode: code(1),
      restoredFrom: 1,
    });
    expect(response.status).toBe(404);
  });
});
