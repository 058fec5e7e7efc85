// POST /hooks/<token> and the events API (ADR 021) on the real Temporal dev server, a
// real worker with its sandbox and PostgreSQL; the destination API is an HTTP server on loopback.
// Every signature is computed here the way its provider computes it.
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEventWorkflowId } from '@patchbay/workflows';
import { startFakeApi, type FakeApi } from '../../../scripts/test-support/fake-api.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';

const SECRET = 'whsec_test_signing_secret_0123456789';

// Reads ctx.event and opens a ticket for it; returns what it saw, so the run record shows it.
const TICKET_CODE = `export default async function run(ctx) {
  if (ctx.event === null) return { event: null };
  const body = ctx.event.body;
  await ctx.destination.post('/tickets', { json: { subject: 'Cancelled: ' + (body?.data?.object?.customer ?? '?') } });
  return {
    eventId: ctx.event.id,
    receivedAt: ctx.event.receivedAt,
    headerNames: Object.keys(ctx.event.headers).sort(),
    body,
  };
}`;

const STRIPE_EVENT = {
  id: 'evt_1Q2w3E4r5T6y',
  type: 'customer.subscription.deleted',
  data: { object: { id: 'sub_123', customer: 'cus_ada' } },
};

let t: TestApp;
let worker: TestWorker;
let destination: FakeApi;
let user: TestUser;

beforeAll(async () => {
  const taskQueue = `test-${randomUUID()}`;
  t = await createTestApp({ taskQueue, workflowWaitMs: 45_000 });
  worker = await startTestWorker({ databaseUrl: t.db.url, vault: t.deps.vault, taskQueue });
  user = await createTestUser(t, { plan: 'pro' });
  destination = await startFakeApi();
  destination.on('POST /tickets', { status: 201, json: { id: 't_1' } });
});
afterAll(async () => {
  await destination.close();
  await worker.stop();
  await t.close();
});

interface Integration {
  id: string;
  status: string;
  trigger: string;
  webhook: {
    url: string;
    signature: { scheme: string; header?: string; toleranceSeconds?: number };
    signingSecretSet: boolean;
    signingSecretHint: string | null;
  } | null;
  notices?: string[];
}

/** A Stripe-sourced webhook integration, live (status set directly: no Schedule is involved). */
async function createWebhookIntegration(
  extra: Record<string, unknown> = {},
  status = 'active',
): Promise<{ id: string; path: string; integration: Integration }> {
  const response = await user.request('POST', '/api/integrations', {
    name: 'Cancellations to tickets',
    userPrompt: 'When a customer cancels their subscription, open a ticket.',
    sourceApiName: 'Stripe',
    sourceApiUrl: 'https://api.stripe.com',
    sourceDescription: { kind: 'catalog', id: 'stripe' },
    destApiName: 'Helpdesk',
    destApiUrl: destination.url,
    destAuthType: 'none',
    generatedCode: TICKET_CODE,
    trigger: 'webhook',
    webhookSigningSecret: SECRET,
    ...extra,
  });
  expect(response.status).toBe(201);
  const integration = (await response.json()) as Integration;
  await t.db.sql`update integrations set status = ${status} where id = ${integration.id}`;
  const url = new URL(integration.webhook?.url ?? 'http://missing');
  return { id: integration.id, path: url.pathname, integration };
}

function stripeSignature(body: string, secret = SECRET, at = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac('sha256', secret).update(`${at}.${body}`).digest('hex');
  return `t=${at},v1=${v1}`;
}

function deliver(path: string, body: string, headers: Record<string, string>) {
  return t.app.request(path, { method: 'POST', headers, body });
}

function deliverStripe(path: string, event: unknown, signature?: string) {
  const body = JSON.stringify(event);
  return deliver(path, body, {
    'content-type': 'application/json',
    'stripe-signature': signature ?? stripeSignature(body),
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  });
}

interface RunRow {
  kind: string;
  status: string;
  data: Record<string, unknown> | null;
}

async function runsOfWorkflow(workflowId: string): Promise<RunRow[]> {
  return t.db.sql<RunRow[]>`
    select kind, status, data from runs where workflow_id = ${workflowId} order by id`;
}

async function waitForRun(workflowId: string): Promise<RunRow> {
  const deadline = Date.now() + 45_000;
  for (;;) {
    const [run] = await runsOfWorkflow(workflowId);
    if (run) return run;
    if (Date.now() > deadline) throw new Error(`no run recorded for ${workflowId}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface EventRecord {
  id: string;
  eventId: string;
  verified: boolean;
  duplicate: boolean;
  status: string;
  workflowId: string | null;
  runId: string | null;
  runStatus: string | null;
  error: string | null;
}

async function eventsOf(id: string): Promise<{ events: EventRecord[]; nextBefore: number | null }> {
  const response = await user.request('GET', `/api/integrations/${id}/events`);
  expect(response.status).toBe(200);
  return (await response.json()) as { events: EventRecord[]; nextBefore: number | null };
}

describe('a signed Stripe event', () => {
  it('answers 202 after starting one run that reads ctx.event; a redelivery starts nothing; a wrong signature answers 401 with no run', async () => {
    const { id, path, integration } = await createWebhookIntegration();
    // The integration response shows the webhook: its URL, the description's scheme, the secret set.
    expect(integration.trigger).toBe('webhook');
    expect(integration.webhook).toMatchObject({
      url: expect.stringMatching(/^http:\/\/localhost\/hooks\/[0-9a-f]{64}$/) as unknown,
      signature: { scheme: 'stripe', toleranceSeconds: 300 },
      signingSecretSet: true,
      signingSecretHint: '…6789',
    });

    const first = await deliverStripe(path, STRIPE_EVENT);
    expect(first.status).toBe(202);
    const workflowId = webhookEventWorkflowId(id, STRIPE_EVENT.id);
    expect(await first.json()).toEqual({ accepted: true, eventId: STRIPE_EVENT.id, workflowId });

    const run = await waitForRun(workflowId);
    expect(run).toMatchObject({ kind: 'webhook', status: 'success' });
    expect(run.data).toMatchObject({ eventId: STRIPE_EVENT.id, body: STRIPE_EVENT });
    // The signature header never reaches the code; the others do, lower-cased.
    expect(run.data?.headerNames).toContain('user-agent');
    expect(run.data?.headerNames).toContain('content-type');
    expect(run.data?.headerNames).not.toContain('stripe-signature');
    expect(destination.received.filter((r) => r.path === '/tickets').at(-1)?.body).toEqual({
      subject: 'Cancelled: cus_ada',
    });

    // The provider delivers the same event again (a fresh signature, the same event id).
    const again = await deliverStripe(path, STRIPE_EVENT);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      accepted: true,
      duplicate: true,
      eventId: STRIPE_EVENT.id,
      workflowId,
    });

    // A wrong signature: 401, no run.
    const forged = { ...STRIPE_EVENT, id: 'evt_forged' };
    const bad = await deliverStripe(
      path,
      forged,
      stripeSignature(JSON.stringify(forged), 'whsec_someone_else'),
    );
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    // A missing signature too.
    const unsigned = await deliver(path, JSON.stringify(forged), {
      'content-type': 'application/json',
    });
    expect(unsigned.status).toBe(401);
    expect((await unsigned.json()) as { message: string }).toMatchObject({
      message: expect.stringContaining('stripe-signature header is missing') as unknown,
    });
    // A valid signature made 10 minutes ago is outside the 300 s tolerance.
    const body = JSON.stringify(forged);
    const stale = await deliverStripe(
      path,
      forged,
      stripeSignature(body, SECRET, Math.floor(Date.now() / 1000) - 600),
    );
    expect(stale.status).toBe(401);

    // Still exactly one run: nothing new after the redelivery, nothing for the forgeries.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await runsOfWorkflow(workflowId)).toHaveLength(1);
    expect(await runsOfWorkflow(webhookEventWorkflowId(id, 'evt_forged'))).toHaveLength(0);
    const [{ count }] = await t.db.sql<[{ count: number }]>`
      select count(*)::int as count from runs where integration_id = ${id}`;
    expect(count).toBe(1);

    // The events log shows all of it, newest first.
    const { events } = await eventsOf(id);
    expect(events.map((e) => [e.status, e.verified, e.duplicate])).toEqual([
      ['rejected', false, false],
      ['rejected', false, false],
      ['rejected', false, false],
      ['duplicate', true, true],
      ['started', true, false],
    ]);
    expect(events.at(-1)).toMatchObject({
      eventId: STRIPE_EVENT.id,
      workflowId,
      runStatus: 'success',
      error: null,
    });
    expect(events.at(-1)?.runId).toMatch(/^\d+$/);
    expect(events[0]?.error).toMatch(/Signature check failed/);
  });
});

describe('answers', () => {
  it('404 for an unknown token, a rotated token, or an integration not triggered by webhooks', async () => {
    expect((await deliverStripe(`/hooks/${'0'.repeat(64)}`, STRIPE_EVENT)).status).toBe(404);
    expect((await deliverStripe('/hooks/short', STRIPE_EVENT)).status).toBe(404);

    const { id, path } = await createWebhookIntegration();
    const rotated = await user.request('POST', `/api/integrations/${id}/webhook/rotate`);
    expect(rotated.status).toBe(200);
    const { url } = (await rotated.json()) as { url: string };
    expect(new URL(url).pathname).not.toBe(path);
    const old = await deliverStripe(path, { ...STRIPE_EVENT, id: 'evt_rotated' });
    expect(old.status).toBe(404);
    const fresh = await deliverStripe(new URL(url).pathname, {
      ...STRIPE_EVENT,
      id: 'evt_rotated',
    });
    expect(fresh.status).toBe(202);

    // Another user cannot rotate it.
    const stranger = await createTestUser(t);
    expect((await stranger.request('POST', `/api/integrations/${id}/webhook/rotate`)).status).toBe(
      404,
    );

    // Back to a schedule trigger: the URL stops answering.
    expect(
      (await user.request('PUT', `/api/integrations/${id}`, { trigger: 'schedule' })).status,
    ).toBe(200);
    const off = await deliverStripe(new URL(url).pathname, { ...STRIPE_EVENT, id: 'evt_off' });
    expect(off.status).toBe(404);
  });

  it('413 for a body over 1 MiB, by Content-Length and by counting a body without one', async () => {
    const { path } = await createWebhookIntegration();
    const big = JSON.stringify({ id: 'evt_big', pad: 'x'.repeat(1024 * 1024) });
    const declared = await deliver(path, big, {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(big),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    // A streamed body carries no Content-Length: the count while reading stops it.
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) controller.close();
        else {
          sent += 1;
          controller.enqueue(chunk);
        }
      },
    });
    const streamed = await t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=00' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('a changed signing secret checks the very next delivery; the old one answers 401', async () => {
    const { path, id } = await createWebhookIntegration();
    // Opened once, so the route has the old secret in hand when it changes.
    expect((await deliverStripe(path, { ...STRIPE_EVENT, id: 'evt_old_secret' })).status).toBe(202);
    const NEW = 'whsec_changed_signing_secret_9876543210';
    const saved = await user.request('PUT', `/api/integrations/${id}`, {
      webhookSigningSecret: NEW,
    });
    expect(saved.status).toBe(200);
    const event = { ...STRIPE_EVENT, id: 'evt_new_secret' };
    const body = JSON.stringify(event);
    expect((await deliverStripe(path, event, stripeSignature(body))).status).toBe(401);
    expect((await deliverStripe(path, event, stripeSignature(body, NEW))).status).toBe(202);
  });

  it('429 with Retry-After once the integration’s rate limit is spent', async () => {
    const { id, path } = await createWebhookIntegration();
    // The real limiter's window, already full.
    await t.db.sql`
      insert into rate_limits (key, points, expire)
      values (${`webhook_integration:${id}`}, 100000,
              floor(extract(epoch from clock_timestamp()) * 1000)::bigint + 30000)`;
    const response = await deliverStripe(path, { ...STRIPE_EVENT, id: 'evt_limited' });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await runsOfWorkflow(webhookEventWorkflowId(id, 'evt_limited'))).toHaveLength(0);
  });

  it('400 for a JSON content type whose body does not parse', async () => {
    const { path } = await createWebhookIntegration();
    const body = '{"id": "evt_broken",';
    const response = await deliver(path, body, {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(body),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/not valid JSON/);
  });
});

describe('signature schemes', () => {
  const hmac = (data: string, encoding: 'hex' | 'base64', secret = SECRET) =>
    createHmac('sha256', secret).update(data).digest(encoding);

  const cases: {
    name: string;
    signature: Record<string, unknown>;
    headers: (body: string) => Record<string, string>;
    hidden: string[];
  }[] = [
    {
      name: 'github',
      signature: { scheme: 'github' },
      headers: (body) => ({ 'x-hub-signature-256': `sha256=${hmac(body, 'hex')}` }),
      hidden: ['x-hub-signature-256'],
    },
    {
      name: 'shopify',
      signature: { scheme: 'shopify' },
      headers: (body) => ({ 'x-shopify-hmac-sha256': hmac(body, 'base64') }),
      hidden: ['x-shopify-hmac-sha256'],
    },
    {
      name: 'slack',
      signature: { scheme: 'slack' },
      headers: (body) => {
        const at = String(Math.floor(Date.now() / 1000));
        return {
          'x-slack-request-timestamp': at,
          'x-slack-signature': `v0=${hmac(`v0:${at}:${body}`, 'hex')}`,
        };
      },
      hidden: ['x-slack-request-timestamp', 'x-slack-signature'],
    },
    {
      name: 'hmac-sha256, hex with a sha256= prefix',
      signature: { scheme: 'hmac-sha256', header: 'X-Acme-Signature', encoding: 'hex' },
      headers: (body) => ({ 'x-acme-signature': `sha256=${hmac(body, 'hex')}` }),
      hidden: ['x-acme-signature'],
    },
    {
      name: 'hmac-sha256, base64',
      signature: { scheme: 'hmac-sha256', header: 'X-Acme-Digest', encoding: 'base64' },
      headers: (body) => ({ 'x-acme-digest': hmac(body, 'base64') }),
      hidden: ['x-acme-digest'],
    },
  ];

  for (const scheme of cases) {
    it(`${scheme.name}: a correct signature runs, a wrong one answers 401`, async () => {
      const { id, path } = await createWebhookIntegration({ webhookSignature: scheme.signature });
      const event = { ...STRIPE_EVENT, id: `evt_${randomUUID()}` };
      const body = JSON.stringify(event);
      const good = await deliver(path, body, {
        'content-type': 'application/json',
        'x-request-id': 'req-1',
        ...scheme.headers(body),
      });
      expect(good.status).toBe(202);
      const { workflowId } = (await good.json()) as { workflowId: string };
      const run = await waitForRun(workflowId);
      expect(run).toMatchObject({ kind: 'webhook', status: 'success' });
      expect(run.data?.headerNames).toContain('x-request-id');
      for (const header of scheme.hidden) expect(run.data?.headerNames).not.toContain(header);

      const tampered = JSON.stringify({ ...event, id: `${event.id}_x` });
      const bad = await deliver(path, tampered, {
        'content-type': 'application/json',
        ...scheme.headers(body),
      });
      expect(bad.status).toBe(401);
      const { events } = await eventsOf(id);
      expect(events.map((e) => e.status)).toEqual(['rejected', 'started']);
    });
  }

  it('none: accepted and flagged unverified; form-encoded and raw text bodies', async () => {
    const { id, path, integration } = await createWebhookIntegration({
      webhookSignature: { scheme: 'none' },
      webhookSigningSecret: '',
    });
    expect(integration.webhook).toMatchObject({
      signature: { scheme: 'none' },
      signingSecretSet: false,
    });
    const form = await deliver(path, 'id=evt_form&tag=a&tag=b&note=hello+world', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(202);
    const formRun = await waitForRun(((await form.json()) as { workflowId: string }).workflowId);
    expect(formRun.data?.eventId).toBe('evt_form');
    expect(formRun.data?.body).toEqual({ id: 'evt_form', tag: ['a', 'b'], note: 'hello world' });

    const text = await deliver(path, 'plain text event', { 'content-type': 'text/plain' });
    expect(text.status).toBe(202);
    const textAnswer = (await text.json()) as { workflowId: string; eventId: string };
    // No event id in a text body: the hash of the body is the id.
    expect(textAnswer.eventId).toMatch(/^sha256:[0-9a-f]{64}$/);
    const textRun = await waitForRun(textAnswer.workflowId);
    expect(textRun.data?.body).toBe('plain text event');

    const { events } = await eventsOf(id);
    expect(events.every((e) => !e.verified && e.status === 'started')).toBe(true);
  });

  it('accepts and runs events whose bodies hold NUL characters (PostgreSQL stores U+FFFD)', async () => {
    const { path } = await createWebhookIntegration({
      webhookSignature: { scheme: 'none' },
      webhookSigningSecret: '',
    });
    const json = await deliver(path, '{"id": "evt_nul", "note": "a\\u0000b"}', {
      'content-type': 'application/json',
    });
    expect(json.status).toBe(202);
    const jsonAnswer = (await json.json()) as { workflowId: string; eventId: string };
    expect(jsonAnswer.eventId).toBe('evt_nul');
    expect((await waitForRun(jsonAnswer.workflowId)).status).toBe('success');

    const text = await deliver(path, 'raw \u0000 byte', { 'content-type': 'text/plain' });
    expect(text.status).toBe(202);
    const textAnswer = (await text.json()) as { workflowId: string };
    expect((await waitForRun(textAnswer.workflowId)).status).toBe('success');
  });
});

describe('paused integrations and replay', () => {
  it('a paused integration records a verified event without running it; replay runs it after resuming', async () => {
    const { id, path } = await createWebhookIntegration({}, 'paused');
    const event = { ...STRIPE_EVENT, id: 'evt_while_paused' };
    const response = await deliverStripe(path, event);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      accepted: false,
      eventId: 'evt_while_paused',
      workflowId: null,
      reason: expect.stringContaining('paused') as unknown,
    });
    const [recorded] = (await eventsOf(id)).events;
    expect(recorded).toMatchObject({ status: 'rejected', verified: true, workflowId: null });

    await t.db.sql`update integrations set status = 'active' where id = ${id}`;
    const replay = await user.request(
      'POST',
      `/api/integrations/${id}/events/${recorded?.id}/replay`,
    );
    expect(replay.status).toBe(202);
    const { workflowId } = (await replay.json()) as { workflowId: string };
    expect(workflowId).toMatch(new RegExp(`^event:${id}:evt_while_paused:replay:`));
    const run = await waitForRun(workflowId);
    expect(run).toMatchObject({ kind: 'webhook', status: 'success' });
    expect(run.data).toMatchObject({ eventId: 'evt_while_paused', body: event });

    // A forged delivery has nothing to replay; an unknown event id is 404.
    const forged = await deliverStripe(path, event, 't=1,v1=00');
    expect(forged.status).toBe(401);
    const [rejected] = (await eventsOf(id)).events;
    expect(
      (await user.request('POST', `/api/integrations/${id}/events/${rejected?.id}/replay`)).status,
    ).toBe(409);
    expect(
      (await user.request('POST', `/api/integrations/${id}/events/999999/replay`)).status,
    ).toBe(404);
  });

  it('pages the events log', async () => {
    const { id, path } = await createWebhookIntegration({
      webhookSignature: { scheme: 'none' },
    });
    await t.db.sql`update integrations set status = 'paused' where id = ${id}`;
    for (let n = 0; n < 3; n += 1) {
      expect(
        (await deliver(path, `{"id":"evt_${n}"}`, { 'content-type': 'application/json' })).status,
      ).toBe(200);
    }
    const first = (await (
      await user.request('GET', `/api/integrations/${id}/events?limit=2`)
    ).json()) as { events: EventRecord[]; nextBefore: number | null };
    expect(first.events.map((e) => e.eventId)).toEqual(['evt_2', 'evt_1']);
    expect(first.nextBefore).not.toBeNull();
    const second = (await (
      await user.request('GET', `/api/integrations/${id}/events?limit=2&before=${first.nextBefore}`)
    ).json()) as { events: EventRecord[]; nextBefore: number | null };
    expect(second.events.map((e) => e.eventId)).toEqual(['evt_0']);
    expect(second.nextBefore).toBeNull();
    expect((await user.request('GET', `/api/integrations/${id}/events?limit=0`)).status).toBe(400);
  });
});

describe('test runs with a sample event', () => {
  it('the sample body is ctx.event.body; without one ctx.event is null', async () => {
    const { id } = await createWebhookIntegration();
    const sample = await user.request('POST', `/api/integrations/${id}/execute`, {
      testMode: true,
      event: STRIPE_EVENT,
    });
    expect(sample.status).toBe(200);
    const withEvent = (await sample.json()) as { status: string; data: Record<string, unknown> };
    expect(withEvent.status).toBe('success');
    // The description's eventIdPath (id) names the event.
    expect(withEvent.data).toMatchObject({ eventId: STRIPE_EVENT.id, body: STRIPE_EVENT });

    const plain = await user.request('POST', `/api/integrations/${id}/execute`, { testMode: true });
    expect(((await plain.json()) as { data: unknown }).data).toEqual({ event: null });
  });

  it('the sample headers reach ctx.event.headers as a delivery’s would: no signature, no credential', async () => {
    const { id } = await createWebhookIntegration();
    const sample = await user.request('POST', `/api/integrations/${id}/execute`, {
      testMode: true,
      event: STRIPE_EVENT,
      eventHeaders: {
        'X-GitHub-Event': 'issues',
        'User-Agent': 'Stripe/1.0',
        'Stripe-Signature': 't=1,v1=abc',
        Authorization: 'Bearer not-for-the-code',
        'X-Shop-Token': 'not-for-the-code',
      },
    });
    expect(sample.status).toBe(200);
    const seen = (await sample.json()) as { data: { headerNames: string[] } };
    expect(seen.data.headerNames).toEqual(['content-type', 'user-agent', 'x-github-event']);

    const badName = await user.request('POST', `/api/integrations/${id}/execute`, {
      testMode: true,
      event: STRIPE_EVENT,
      eventHeaders: { 'bad name': 'x' },
    });
    expect(badName.status).toBe(400);
    expect(JSON.stringify(await badName.json())).toContain('eventHeaders.bad name');
  });
});
