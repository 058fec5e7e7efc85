// A lost or unreachable database: one log line and a 503, never a stack, and the
// API serves again once PostgreSQL is back (postgres.js reconnects on the next query).
import { createSql, isConnectionError } from '@patchbay/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from './app.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../scripts/test-support/test-app.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t);
});
afterAll(async () => {
  await t.close();
});

describe('when PostgreSQL is unreachable', () => {
  it('answers 503 DATABASE_UNAVAILABLE and logs one line without a stack', async () => {
    const nowhere = createSql('postgres://patchbay:patchbay@127.0.0.1:1/patchbay', { max: 1 });
    const app = createApp({ ...t.deps, sql: nowhere });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await app.request('/api/integrations', {
        headers: { cookie: user.cookie },
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        message: 'The database is unreachable. Try again in a moment.',
      });
      expect(logged).toHaveBeenCalledTimes(1);
      const line = logged.mock.calls[0]?.map(String).join(' ') ?? '';
      expect(line).toMatch(/^GET \/api\/integrations: database unreachable \(/);
      expect(line).not.toContain('\n');
    } finally {
      logged.mockRestore();
      await nowhere.end({ timeout: 1 });
    }
  });

  it('recognises connection errors, and not query errors', async () => {
    const nowhere = createSql('postgres://patchbay:patchbay@127.0.0.1:1/patchbay', { max: 1 });
    const refused = await nowhere`select 1`.catch((error: unknown) => error);
    expect(isConnectionError(refused)).toBe(true);
    await nowhere.end({ timeout: 1 });
    const wrong = await t.db.sql`select * from no_such_table`.catch((error: unknown) => error);
    expect(isConnectionError(wrong)).toBe(false);
  });

  it('serves again after its connections were cut (postgres.js reconnects)', async () => {
    expect((await user.request('GET', '/api/integrations')).status).toBe(200);
    // What a PostgreSQL restart does to the pool: every open connection is closed.
    const admin = createSql(t.db.url, { max: 1 });
    try {
      await admin`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`;
    } finally {
      await admin.end();
    }
    // The first request may still meet a closing connection; the API answers, then recovers.
    const first = await user.request('GET', '/api/integrations');
    expect([200, 503]).toContain(first.status);
    expect((await user.request('GET', '/api/integrations')).status).toBe(200);
  });
});
