// POST /hooks/<token> over real HTTP, served by Node as main.ts serves it (ADR 021, ADR 047):
// there the route reads the body from Node's request itself rather than through a fetch Request,
// so what app.request covers in hooks.test.ts is checked again on that path: the body kept as
// sent, however it was split, and the size cap on a body without a Content-Length.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { createWebhookIntegration as createTestWebhook } from '../runtime/webhook-integration.test-support.ts';

const SECRET = 'whsec_http_signing_secret_0123456789';
let t: TestApp;
let user: TestUser;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ drainWebhooks: false });
  user = await createTestUser(t, { plan: 'pro' });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const createWebhookIntegration = () => createTestWebhook(t, user, { secret: SECRET });

function stripeSignature(body: string): string {
  const at = Math.floor(Date.now() / 1000);
  return `t=${at},v1=${createHmac('sha256', SECRET).update(`${at}.${body}`).digest('hex')}`;
}

/** POSTs `parts` one write at a time (chunked, no Content-Length); the status, or 'closed'. */
function postInParts(
  path: string,
  headers: Record<string, string>,
  parts: string[],
): Promise<{ status: number | 'closed'; body: string }> {
  return new Promise((resolve) => {
    const request = http.request(`${baseUrl}${path}`, { method: 'POST', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', () => resolve({ status: 'closed', body }));
    });
    request.on('error', () => resolve({ status: 'closed', body: '' }));
    const write = (i: number) => {
      if (i === parts.length) return request.end();
      // Each part waits for the previous one to be flushed, so the route reads several chunks.
      if (request.write(parts[i])) setImmediate(() => write(i + 1));
      else request.once('drain', () => write(i + 1));
    };
    write(0);
  });
}

async function keptRows(integrationId: string) {
  return t.db.sql<{ event_id: string; input: unknown; status: string }[]>`
    select event_id, input::text as input, status from webhook_events
    where integration_id = ${integrationId} order by id`;
}

describe('webhook deliveries over HTTP', () => {
  it('keeps a body sent in several parts exactly as sent, and answers 202', async () => {
    const { id, path } = await createWebhookIntegration();
    // Keys out of order and odd spacing: the kept input must be byte for byte what was signed.
    const body = `{"type":"customer.subscription.deleted", "id":"evt_parts","data":{"object":{"z":1,"a":"${'y'.repeat(40_000)}"}}}`;
    const parts = [body.slice(0, 7), body.slice(7, 20_000), body.slice(20_000)];
    const answer = await postInParts(
      path,
      { 'content-type': 'application/json', 'stripe-signature': stripeSignature(body) },
      parts,
    );
    expect(answer.status).toBe(202);
    expect(JSON.parse(answer.body)).toMatchObject({ accepted: true, eventId: 'evt_parts' });
    const rows = await keptRows(id);
    expect(rows.map((row) => [row.event_id, row.status])).toEqual([['evt_parts', 'queued']]);
    const input = JSON.parse(rows[0]?.input as string) as { body: unknown };
    expect(JSON.stringify(input.body)).toBe(JSON.stringify(JSON.parse(body)));
  });

  it('stops reading a body without a Content-Length once it passes 1 MiB, and keeps nothing', async () => {
    const { id, path } = await createWebhookIntegration();
    const part = 'x'.repeat(64 * 1024);
    const answer = await postInParts(
      path,
      { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' },
      Array.from({ length: 40 }, () => part),
    );
    // The route answers 413 and drops the rest of the upload: a client still sending may see
    // the connection close before it reads the answer.
    expect([413, 'closed']).toContain(answer.status);
    expect(await keptRows(id)).toEqual([]);

    // The server goes on serving.
    const body = JSON.stringify({ id: 'evt_after_big', type: 'customer.subscription.deleted' });
    const next = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(body) },
      body,
    });
    expect(next.status).toBe(202);
  });
});
