// Credentials are trimmed on save and the user is told; a credential too
// short to be redacted safely is saved, with a notice saying why it is a risk.
import { credentialContext, decrypt } from '@patchbay/schema/vault';
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

const base = {
  userPrompt: 'Copy new Freshdesk tickets into our helpdesk archive every hour.',
  sourceApiName: 'Freshdesk',
  sourceApiUrl: 'https://acme.freshdesk.com/api/v2',
  sourceAuthType: 'bearer',
  destApiName: 'Archive',
  destApiUrl: 'https://archive.example.com',
  destAuthType: 'bearer',
};

describe('credential notices', () => {
  it('trims a padded key before sealing it, and says so', async () => {
    const response = await user.request('POST', '/api/integrations', {
      ...base,
      sourceApiKeyEncrypted: '  sk_live_padded_key_1234 \n',
    });
    const body = (await response.json()) as {
      id: string;
      notices?: string[];
      sourceApiKeyHint: string;
    };
    expect(response.status).toBe(201);
    expect(body.notices).toEqual([
      'The source credential had spaces at its start or end; they were removed.',
    ]);
    expect(body.sourceApiKeyHint).toBe('…1234');
    const [row] = await t.db.sql<{ source_credential: string }[]>`
      select source_credential from integrations where id = ${body.id}`;
    expect(
      decrypt(t.deps.vault, row!.source_credential, credentialContext(body.id, 'source')),
    ).toBe('sk_live_padded_key_1234');
  });

  it('warns about a credential too short to hide, on update too', async () => {
    const created = (await (await user.request('POST', '/api/integrations', base)).json()) as {
      id: string;
      notices?: string[];
    };
    expect(created.notices).toBeUndefined();
    const response = await user.request('PUT', `/api/integrations/${created.id}`, {
      destApiKeyEncrypted: 'ab1',
    });
    const body = (await response.json()) as { notices?: string[] };
    expect(body.notices?.[0]).toMatch(/destination credential is shorter than 4 characters/);
  });

  it('treats a key of only spaces as clearing it', async () => {
    const response = await user.request('POST', '/api/integrations', {
      ...base,
      sourceApiKeyEncrypted: '   ',
    });
    expect(((await response.json()) as { sourceApiKeySet: boolean }).sourceApiKeySet).toBe(false);
  });
});
