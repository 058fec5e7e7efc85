import { credentialContext, decrypt, generateKeyEntry, parseKeyRing } from '@patchbay/schema/vault';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestUser,
  type TestApp,
} from '../../scripts/test-support/test-app.ts';
import { checkVaultKeys } from '@patchbay/db';
import { rotateCredentials } from './vault-rotate.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const oldEntry = () => `test:${t.deps.vault.keys.get('test')?.toString('base64')}`;

async function integrationWithSecrets(): Promise<string> {
  const user = await createTestUser(t, { plan: 'pro' });
  const response = await user.request('POST', '/api/integrations', {
    userPrompt: 'Copy every new order from the shop into the ledger.',
    sourceApiName: 'Shop',
    sourceApiUrl: 'https://shop.example.com',
    sourceAuthType: 'bearer',
    sourceApiKeyEncrypted: 'shop-token-000000000001',
    destApiName: 'Ledger',
    destApiUrl: 'https://ledger.example.com',
    destAuthType: 'basic',
    destAuthConfig: { username: 'patchbay' },
    destApiKeyEncrypted: 'ledger-password-0000002',
  });
  return ((await response.json()) as { id: string }).id;
}

describe('the vault at start-up', () => {
  it('accepts the key set that wrote the database, and refuses a different key under the same id', async () => {
    await integrationWithSecrets();
    await expect(checkVaultKeys(t.db.sql, t.deps.vault)).resolves.toBeUndefined();
    const impostor = parseKeyRing(generateKeyEntry('test'));
    await expect(checkVaultKeys(t.db.sql, impostor)).rejects.toThrow(
      /key "test" is not the key that encrypted this database's credentials/,
    );
  });

  it('refuses a key set that lacks a key still in use', async () => {
    await integrationWithSecrets();
    await expect(checkVaultKeys(t.db.sql, parseKeyRing(generateKeyEntry('other')))).rejects.toThrow(
      /lacks key "test"/,
    );
  });
});

describe('rotation', () => {
  it('re-encrypts every credential with the new active key, after which the old key can go', async () => {
    const id = await integrationWithSecrets();
    const rotatedRing = parseKeyRing(`${generateKeyEntry('next')},${oldEntry()}`);
    const count = await rotateCredentials(t.db.sql, rotatedRing);
    expect(count).toBeGreaterThanOrEqual(2);
    const [row] = await t.db
      .sql`select source_credential, dest_credential from integrations where id = ${id}`;
    expect(String(row?.source_credential)).toMatch(/^next:/);
    expect(String(row?.dest_credential)).toMatch(/^next:/);

    const newOnly = parseKeyRing(`next:${rotatedRing.keys.get('next')?.toString('base64')}`);
    expect(decrypt(newOnly, String(row?.source_credential), credentialContext(id, 'source'))).toBe(
      'shop-token-000000000001',
    );
    expect(
      decrypt(newOnly, String(row?.dest_credential), credentialContext(id, 'destination')),
    ).toBe('ledger-password-0000002');
    await expect(checkVaultKeys(t.db.sql, newOnly)).resolves.toBeUndefined();
    expect(await rotateCredentials(t.db.sql, rotatedRing)).toBe(0); // nothing left to do
  });
});
