// A stack for tests that deploy and run integrations through the API: the test app, a real
// worker on its own task queue, a Pro user and a loopback destination. Both sides of each
// integration point at that destination, so a run's writes land where the test reads them.
import { randomUUID } from 'node:crypto';
import { startFakeApi, type FakeApi } from './fake-api.ts';
import { createTestApp, createTestUser, type TestApp, type TestUser } from './test-app.ts';
import { startTestWorker, type TestWorker } from './test-worker.ts';

/** Code that writes one contact to the destination and returns. */
export const CONTACT_CODE = `export default async function run(ctx) {
  await ctx.destination.post('/contacts', { json: { email: 'ada@example.com' } });
  return { ok: true };
}`;

export interface RunStack {
  t: TestApp;
  worker: TestWorker;
  owner: TestUser;
  destination: FakeApi;
  /** Creates an integration whose two sides are the loopback destination; returns its id. */
  create(code: string): Promise<string>;
  close(): Promise<void>;
}

export async function startRunStack(): Promise<RunStack> {
  const taskQueue = `test-${randomUUID()}`;
  const t = await createTestApp({ taskQueue, workflowWaitMs: 45_000 });
  const worker = await startTestWorker({ databaseUrl: t.db.url, vault: t.deps.vault, taskQueue });
  const owner = await createTestUser(t, { plan: 'pro' });
  const destination = await startFakeApi();
  return {
    t,
    worker,
    owner,
    destination,
    async create(code) {
      const created = await owner.request('POST', '/api/integrations', {
        userPrompt: 'Add every new customer to the contacts list at the destination.',
        sourceApiName: 'Source',
        sourceApiUrl: destination.url,
        sourceAuthType: 'none',
        destApiName: 'Destination',
        destApiUrl: destination.url,
        destAuthType: 'none',
        generatedCode: code,
      });
      return ((await created.json()) as { id: string }).id;
    },
    async close() {
      await destination.close();
      await worker.stop();
      await t.close();
    },
  };
}
