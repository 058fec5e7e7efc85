// A worker started with the wrong credential key refuses to poll, with the
// same clear message as the API, instead of failing runs later with decrypt errors.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { checkVaultKeys } from '@patchbay/db';
import { generateKeyEntry, parseKeyRing } from '@patchbay/schema/vault';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../scripts/test-support/test-database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  // The database's key check is written with the key the product was started with.
  await checkVaultKeys(db.sql, parseKeyRing(generateKeyEntry('k1')));
});
afterAll(async () => {
  await db.drop();
});

function startWorker(keys: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./main.ts', import.meta.url))], {
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: db.url,
      APP_ENCRYPTION_KEYS: keys,
      TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEMPORAL_TASK_QUEUE: `vault-check-${Date.now()}`,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

it('refuses to poll when APP_ENCRYPTION_KEYS is not the key this database was written with', async () => {
  const { code, output } = await startWorker(generateKeyEntry('k1'));
  expect(code).toBe(1);
  expect(output).toMatch(/APP_ENCRYPTION_KEYS: key "k1" is not the key that encrypted/);
  expect(output).not.toMatch(/worker polling/);
  expect(output).not.toMatch(/\n\s+at /); // one clear line, no stack
});
