import { credentialContext, decrypt, generateKeyEntry, parseKeyRing } from '@patchbay/schema/vault';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestUser,
  type TestApp,
} from '../../scripts/test-support/test-app.ts';
import { checkVaultKeys } from '@patchbay/db';
import { createTemporalClient } from './temporal.ts';
import { resaveSchedules } from './runtime/resave-schedules.ts';
import { deleteSchedule, syncSchedule } from './runtime/schedules.ts';
import { integrationScheduleId } from '@patchbay/workflows';
import { inject } from 'vitest';
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
    // The webhook's signing secret is sealed and rotated like the credentials.
    webhookSigningSecret: 'whsec-signing-secret-03',
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
    expect(count).toBeGreaterThanOrEqual(3);
    const [row] = await t.db.sql`
      select source_credential, dest_credential, webhook_secret from integrations where id = ${id}`;
    expect(String(row?.source_credential)).toMatch(/^next:/);
    expect(String(row?.dest_credential)).toMatch(/^next:/);
    expect(String(row?.webhook_secret)).toMatch(/^next:/);
    expect(
      decrypt(
        parseKeyRing(`next:${rotatedRing.keys.get('next')?.toString('base64')}`),
        String(row?.webhook_secret),
        credentialContext(id, 'webhook'),
      ),
    ).toBe('whsec-signing-secret-03');

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

describe('rotation and Schedules (ADR 009: their start arguments are encrypted too)', () => {
  it('saves every Schedule again with the new key, after which a client without the old key reads it', async () => {
    const id = await integrationWithSecrets();
    await t.db.sql`update integrations set status = 'active' where id = ${id}`;
    const [row] = await t.db.sql<
      { id: string; status: 'active'; schedule: { everyMinutes: number }; trigger: 'schedule' }[]
    >`
      select id, status, schedule, trigger from integrations where id = ${id}`;
    // Saved while only the old key existed.
    await syncSchedule(t.deps.temporal, t.deps.taskQueue, row!);

    const rotatedRing = parseKeyRing(`${generateKeyEntry('next')},${oldEntry()}`);
    const newOnly = parseKeyRing(`next:${rotatedRing.keys.get('next')?.toString('base64')}`);
    const clientFor = (keyRing: typeof newOnly) =>
      createTemporalClient({
        address: inject('temporalAddress'),
        namespace: 'default',
        tls: false,
        keyRing,
      });
    const rotated = clientFor(rotatedRing);
    const withoutOldKey = clientFor(newOnly);
    const startArgs = async () => {
      const description = await withoutOldKey.schedule
        .getHandle(integrationScheduleId(id))
        .describe();
      return description.action.type === 'startWorkflow' ? description.action.args : null;
    };
    try {
      await expect(startArgs()).rejects.toThrow();
      const saved = await resaveSchedules({
        sql: t.db.sql,
        temporal: rotated,
        taskQueue: t.deps.taskQueue,
      });
      expect(saved).toBeGreaterThanOrEqual(1);
      await expect(startArgs()).resolves.toEqual([{ integrationId: id, kind: 'scheduled' }]);
    } finally {
      await deleteSchedule(t.deps.temporal, id);
      await rotated.connection.close();
      await withoutOldKey.connection.close();
    }
  });
});
