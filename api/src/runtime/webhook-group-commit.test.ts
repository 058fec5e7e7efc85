// Group commit of webhook deliveries (ADR 047) on real PostgreSQL: deliveries written together
// are each answered by their own row, a redelivery in the same statement is a duplicate, and one
// row PostgreSQL refuses loses and mis-answers none of the others.
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AcceptedWebhookEvent } from '@patchbay/db';
import { webhookEventWorkflowId } from '@patchbay/workflows';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { createWebhookGroupCommit } from './webhook-group-commit.ts';
import { createWebhookIntegration as createTestWebhook } from './webhook-integration.test-support.ts';

const SECRET = 'whsec_group_commit_secret_0123456789';
let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ drainWebhooks: false });
  user = await createTestUser(t, { plan: 'pro' });
});
afterAll(async () => {
  await t.close();
});

const createWebhookIntegration = () => createTestWebhook(t, user, { secret: SECRET });

function event(integrationId: string, eventId: string): AcceptedWebhookEvent {
  const body = { type: 'customer.subscription.deleted', id: eventId };
  return {
    integrationId,
    eventId,
    receivedAt: new Date(),
    verified: true,
    workflowId: webhookEventWorkflowId(integrationId, eventId),
    headers: { 'content-type': 'application/json' },
    body,
    input: { id: eventId, receivedAt: new Date().toISOString(), headers: {}, body },
  };
}

function keptRows(integrationId: string) {
  return t.db.sql<{ id: string; event_id: string; status: string; input: string }[]>`
    select id, event_id, status, input::text as input from webhook_events
    where integration_id = ${integrationId} and accepted order by id`;
}

describe('group commit', () => {
  it('answers each delivery of one statement by its own row; a redelivery within it is a duplicate', async () => {
    const { id } = await createWebhookIntegration();
    const commit = createWebhookGroupCommit(t.db.sql, { inFlight: 1 });
    // The first goes at once, alone; the rest wait for it and go as one statement.
    const answers = await Promise.all(
      ['evt_a', 'evt_b', 'evt_c', 'evt_b', 'evt_d'].map((eventId) =>
        commit.accept(event(id, eventId)),
      ),
    );
    const rows = await keptRows(id);
    expect(rows.map((row) => row.event_id)).toEqual(['evt_a', 'evt_b', 'evt_c', 'evt_d']);
    expect(answers).toEqual([rows[0]?.id, rows[1]?.id, rows[2]?.id, null, rows[3]?.id]);
    expect(rows.every((row) => row.status === 'queued')).toBe(true);
    // The input is kept as the route built it: keys in the sender's order, which jsonb would sort.
    const input = JSON.parse(String(rows[1]?.input)) as { body: object };
    expect(Object.keys(input.body)).toEqual(['type', 'id']);
  });

  it('refuses only the row PostgreSQL refuses; the others in its statement are kept and answered', async () => {
    const { id } = await createWebhookIntegration();
    const commit = createWebhookGroupCommit(t.db.sql, { inFlight: 1 });
    // An integration deleted between the lookup and the insert: its row breaks the foreign key.
    const gone = randomUUID();
    const settled = await Promise.allSettled([
      commit.accept(event(id, 'evt_lead')),
      commit.accept(event(id, 'evt_1')),
      commit.accept(event(gone, 'evt_orphan')),
      commit.accept(event(id, 'evt_2')),
    ]);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const rows = await keptRows(id);
    expect(rows.map((row) => row.event_id)).toEqual(['evt_lead', 'evt_1', 'evt_2']);
    expect(settled.filter((s) => s.status === 'fulfilled').map((s) => s.value)).toEqual(
      rows.map((row) => row.id),
    );
    const [orphan] = await t.db.sql<{ n: number }[]>`
      select count(*)::int as n from webhook_events where integration_id = ${gone}`;
    expect(orphan?.n).toBe(0);
  });
});

describe('the route', () => {
  it('accepts one of many concurrent deliveries of one event; the others are duplicates', async () => {
    const { id, path } = await createWebhookIntegration();
    const body = JSON.stringify({ type: 'customer.subscription.deleted', id: 'evt_same' });
    const at = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', SECRET).update(`${at}.${body}`).digest('hex');
    const headers = { 'content-type': 'application/json', 'stripe-signature': `t=${at},v1=${v1}` };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.app.request(path, { method: 'POST', headers, body })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 202]);
    expect((await keptRows(id)).map((row) => row.event_id)).toEqual(['evt_same']);
  });
});
