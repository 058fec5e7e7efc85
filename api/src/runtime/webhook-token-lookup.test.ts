// Token lookups of webhook deliveries read together (ADR 047), on real PostgreSQL: each lookup
// gets the row its own token names, lookups asked while one is being read share the next
// statement, and none is answered by a statement sent before it was asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@patchbay/db';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { createWebhookTokenLookup } from './webhook-token-lookup.ts';
import { createWebhookIntegration as createTestWebhook } from './webhook-integration.test-support.ts';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ drainWebhooks: false });
  user = await createTestUser(t, { plan: 'pro' });
});
afterAll(async () => {
  await t.close();
});

const createWebhookIntegration = () =>
  createTestWebhook(t, user, { secret: 'whsec_token_lookup_secret_0123456789', active: false });

/**
 * The test database's sql, counting statements; while `held` is set, a statement's answer is
 * kept back until it is released, so a test decides what happens while one is in flight.
 */
function countingSql() {
  let statements = 0;
  let gate: Promise<void> | null = null;
  let release = () => {};
  let answered: Promise<unknown> = Promise.resolve();
  const sql = ((...args: Parameters<Sql>) => {
    statements += 1;
    const answer = t.db.sql(...args) as unknown as Promise<unknown>;
    answered = answer;
    const held = gate;
    return held ? answer.then(async (rows) => (await held, rows)) : answer;
  }) as unknown as Sql;
  return {
    sql,
    statements: () => statements,
    /** Resolves once PostgreSQL has answered the latest statement (held or not). */
    answered: () => answered,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release() {
      gate = null;
      release();
    },
  };
}

describe('webhook token lookup', () => {
  it('answers each lookup with the row of its own token, and undefined for an unknown one', async () => {
    const a = await createWebhookIntegration();
    const b = await createWebhookIntegration();
    const lookup = createWebhookTokenLookup(t.db.sql);
    const found = await Promise.all([
      lookup.find(a.token),
      lookup.find(b.token),
      lookup.find('0'.repeat(64)),
      lookup.find(a.token),
    ]);
    expect(found.map((row) => row?.id)).toEqual([a.id, b.id, undefined, a.id]);
  });

  it('reads the lookups asked while a statement is in flight together, in one statement', async () => {
    const a = await createWebhookIntegration();
    const b = await createWebhookIntegration();
    const counting = countingSql();
    const lookup = createWebhookTokenLookup(counting.sql, { inFlight: 1 });
    counting.hold();
    const first = lookup.find(a.token);
    const rest = Array.from({ length: 20 }, (_, i) => lookup.find(i % 2 ? a.token : b.token));
    expect(counting.statements()).toBe(1);
    counting.release();
    const rows = await Promise.all([first, ...rest]);
    expect(counting.statements()).toBe(2);
    expect(rows.map((row) => row?.id)).toEqual([
      a.id,
      ...Array.from({ length: 20 }, (_, i) => (i % 2 ? a.id : b.id)),
    ]);
  });

  it('never answers a lookup from a statement sent before it was asked', async () => {
    const a = await createWebhookIntegration();
    await t.db.sql`update integrations set status = 'active' where id = ${a.id}`;
    const counting = countingSql();
    const lookup = createWebhookTokenLookup(counting.sql, { inFlight: 1 });
    counting.hold();
    const before = lookup.find(a.token);
    // The first statement has read the row; the integration is paused while it is in flight.
    await counting.answered();
    await t.db.sql`update integrations set status = 'paused' where id = ${a.id}`;
    const after = lookup.find(a.token);
    counting.release();
    expect((await before)?.status).toBe('active');
    expect((await after)?.status).toBe('paused');
  });

  it('a failed statement fails the lookups it carried, and the next ones are read again', async () => {
    const a = await createWebhookIntegration();
    let fail = true;
    const sql = ((...args: Parameters<Sql>) => {
      if (fail) {
        fail = false;
        return Promise.reject(new Error('connection lost'));
      }
      return t.db.sql(...args);
    }) as unknown as Sql;
    const lookup = createWebhookTokenLookup(sql);
    await expect(lookup.find(a.token)).rejects.toThrow('connection lost');
    expect((await lookup.find(a.token))?.id).toBe(a.id);
  });
});
