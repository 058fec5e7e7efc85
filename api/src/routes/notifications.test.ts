// Notification channels through the API (ADR 022): the default account email
// channel, webhook URLs sealed, routing checked, and Send test through a real worker to a
// loopback SMTP server and a loopback webhook receiver.
import { randomUUID } from 'node:crypto';
import {
  alertUrlContext,
  type TAlertWebhookBody,
  type TNotificationChannel,
} from '@patchbay/schema';
import { decrypt, generateKeyEntry, parseKeyRing } from '@patchbay/schema/vault';
import { checkVaultKeys } from '@patchbay/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../../../scripts/test-support/fake-api.ts';
import {
  startLoopbackSmtp,
  type LoopbackSmtp,
} from '../../../scripts/test-support/loopback-smtp.ts';
import { createApp } from '../app.ts';
import { rotateCredentials } from '../vault-rotate.ts';
import {
  createTestApp,
  createTestUser,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';

const SECRET_PATH = '/services/T0001/B0002/XyZsecretPart123';

let t: TestApp;
let worker: TestWorker;
let smtp: LoopbackSmtp;
let hooks: FakeApi;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  const taskQueue = `test-${randomUUID()}`;
  smtp = await startLoopbackSmtp();
  hooks = await startFakeApi();
  hooks.on(`POST ${SECRET_PATH}`, { status: 200, json: { ok: true } });
  hooks.on('POST /broken', { status: 500, json: { error: 'receiver down' } });
  t = await createTestApp({ taskQueue, workflowWaitMs: 30_000 });
  worker = await startTestWorker({
    databaseUrl: t.db.url,
    vault: t.deps.vault,
    taskQueue,
    alerts: {
      smtp: { url: smtp.url, from: 'Patchbay <alerts@patchbay.test>' },
      appUrl: 'http://localhost:3000',
      temporalUi: { baseUrl: 'http://localhost:8233', namespace: 'default' },
    },
  });
  user = await createTestUser(t);
  other = await createTestUser(t);
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await smtp?.close();
  await hooks?.close();
});

async function channels(as: TestUser): Promise<TNotificationChannel[]> {
  const response = await as.request('GET', '/api/notifications/channels');
  expect(response.status).toBe(200);
  return ((await response.json()) as { channels: TNotificationChannel[] }).channels;
}

async function create(as: TestUser, body: unknown): Promise<TNotificationChannel> {
  const response = await as.request('POST', '/api/notifications/channels', body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as TNotificationChannel;
}

describe('notification channels', () => {
  it('an account starts with email to its own address for every integration', async () => {
    const [only, ...rest] = await channels(user);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      type: 'email',
      name: 'Account email',
      target: user.email,
      accountEmail: true,
      enabled: true,
      integrationIds: 'all',
    });
  });

  it('a webhook URL is sealed: the API shows only its origin and last characters', async () => {
    const channel = await create(user, {
      type: 'webhook',
      name: 'Slack #ops',
      url: `${hooks.url}${SECRET_PATH}`,
    });
    expect(channel.target).toBe(`${hooks.url}/…t123`);
    expect(JSON.stringify(await channels(user))).not.toContain('XyZsecretPart');
    const [row] = await t.db.sql<{ target: string }[]>`
      select target from notification_channels where id = ${channel.id}`;
    expect(row?.target).toMatch(/^test:/);
    expect(row?.target).not.toContain('XyZsecretPart');
  });

  it('refuses bad input with a clear 400', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ type: 'webhook', name: 'x', url: 'ftp://example.com/hook' }, /url: must be an http/],
      [{ type: 'webhook', name: 'x', url: '' }, /url: must be an http/],
      [{ type: 'webhook', name: 'x', url: 'https://u:p@example.com/hook' }, /user:password/],
      [{ type: 'email', name: '', address: 'ops@example.com' }, /name/],
      [{ type: 'email', name: 'Ops', address: 'not an address' }, /address/],
      [{ type: 'sms', name: 'Ops' }, /type/],
      [
        { type: 'email', name: 'Ops', integrationIds: [randomUUID()] },
        /no integration of yours has the id/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await user.request('POST', '/api/notifications/channels', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
  });

  it('routes a channel to chosen integrations, disables it, and keeps it to its owner', async () => {
    const created = await user.request('POST', '/api/integrations', {
      name: 'Routed',
      userPrompt: 'Copy things from A to B every quarter hour.',
      sourceApiName: 'A',
      sourceApiUrl: hooks.url,
      sourceAuthType: 'none',
      destApiName: 'B',
      destApiUrl: hooks.url,
      destAuthType: 'none',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id: integrationId } = (await created.json()) as { id: string };
    const channel = await create(user, {
      type: 'email',
      name: 'On call',
      address: 'oncall@example.com',
    });
    const updated = await user.request('PUT', `/api/notifications/channels/${channel.id}`, {
      integrationIds: [integrationId],
      enabled: false,
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      target: 'oncall@example.com',
      accountEmail: false,
      enabled: false,
      integrationIds: [integrationId],
    });
    const wrongField = await user.request('PUT', `/api/notifications/channels/${channel.id}`, {
      url: 'https://example.com/hook',
    });
    expect(wrongField.status).toBe(400);

    // Someone else's channel does not exist for them, nor do their integrations for routing.
    for (const [method, path] of [
      ['PUT', `/api/notifications/channels/${channel.id}`],
      ['DELETE', `/api/notifications/channels/${channel.id}`],
      ['POST', `/api/notifications/channels/${channel.id}/test`],
    ] as const) {
      const response = await other.request(method, path, method === 'PUT' ? {} : undefined);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const foreign = await other.request('POST', '/api/notifications/channels', {
      type: 'email',
      name: 'Nosy',
      integrationIds: [integrationId],
    });
    expect(foreign.status).toBe(400);

    const deleted = await user.request('DELETE', `/api/notifications/channels/${channel.id}`);
    expect(deleted.status).toBe(204);
    expect((await channels(user)).map((c) => c.id)).not.toContain(channel.id);
  });

  it('Send test delivers to the SMTP server and the webhook receiver', async () => {
    const [email] = await channels(user);
    const mailBefore = smtp.received.length;
    const sent = await user.request('POST', `/api/notifications/channels/${email?.id}/test`);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({
      delivered: true,
      detail: expect.stringContaining(`the SMTP server accepted it for ${user.email}`),
    });
    expect(smtp.received.slice(mailBefore).map((mail) => mail.to)).toEqual([[user.email]]);
    expect(smtp.received.at(-1)?.text).toContain('a test alert for the channel "Account email"');

    const webhook = (await channels(user)).find((channel) => channel.type === 'webhook');
    const hooked = await user.request('POST', `/api/notifications/channels/${webhook?.id}/test`);
    expect(hooked.status).toBe(200);
    const received = hooks.received.filter((request) => request.path === SECRET_PATH);
    expect(received).toHaveLength(1);
    const body = received[0]?.body as TAlertWebhookBody;
    expect(body).toMatchObject({ status: 'test', integration: null, error: null });
    expect(body.text).toContain('a test alert for the channel "Slack #ops"');
    expect(received[0]?.headers['content-type']).toBe('application/json');
  });

  it('Send test answers 502 with what the receiver or the network guard said', async () => {
    const broken = await create(user, {
      type: 'webhook',
      name: 'Broken',
      url: `${hooks.url}/broken`,
    });
    const failed = await user.request('POST', `/api/notifications/channels/${broken.id}/test`);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      code: 'ALERT_NOT_DELIVERED',
      message: expect.stringMatching(/the receiver answered 500: .*receiver down/),
    });

    // Cloud metadata is never reachable, not even with SANDBOX_ALLOW_PRIVATE_NETWORK.
    const metadata = await create(user, {
      type: 'webhook',
      name: 'Metadata',
      url: 'http://169.254.169.254/latest/meta-data',
    });
    const blocked = await user.request('POST', `/api/notifications/channels/${metadata.id}/test`);
    expect(blocked.status).toBe(502);
    expect(((await blocked.json()) as { message: string }).message).toMatch(
      /the URL is not allowed: blocked by the network guard: 169.254.169.254 is a cloud metadata address/,
    );

    // A mail server that is down: the SMTP error, not a 500.
    const down = await startLoopbackSmtp();
    await down.close();
    const unreachable = await startTestWorker({
      databaseUrl: t.db.url,
      vault: t.deps.vault,
      alerts: {
        smtp: { url: down.url, from: 'Patchbay <alerts@patchbay.test>' },
        appUrl: 'http://localhost:3000',
        temporalUi: { baseUrl: 'http://localhost:8233', namespace: 'default' },
      },
    });
    try {
      // The same database and session, sending through that worker.
      const app = createApp({ ...t.deps, taskQueue: unreachable.taskQueue });
      const [email] = await channels(user);
      const response = await app.request(`/api/notifications/channels/${email?.id}/test`, {
        method: 'POST',
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      });
      expect(response.status).toBe(502);
      expect(((await response.json()) as { message: string }).message).toMatch(
        /the SMTP server did not take it: .*ECONNREFUSED/,
      );
    } finally {
      await unreachable.stop();
    }
  });

  it('Send test to email on a worker without SMTP answers 503 MAIL_NOT_CONFIGURED, as password reset does', async () => {
    const noMail = await startTestWorker({ databaseUrl: t.db.url, vault: t.deps.vault });
    try {
      const app = createApp({ ...t.deps, taskQueue: noMail.taskQueue });
      const [email] = await channels(user);
      const response = await app.request(`/api/notifications/channels/${email?.id}/test`, {
        method: 'POST',
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        code: 'MAIL_NOT_CONFIGURED',
        message: expect.stringContaining('mail is not configured on this server'),
      });
      // The API here has no mailer either: the same status and code.
      const reset = await app.request('/api/auth/password-reset/request', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify({ email: user.email }),
      });
      expect(reset.status).toBe(503);
      expect(((await reset.json()) as { code: string }).code).toBe('MAIL_NOT_CONFIGURED');
    } finally {
      await noMail.stop();
    }
  });

  it('deleting the account email channel does not bring it back', async () => {
    const [email] = await channels(other);
    expect(email?.accountEmail).toBe(true);
    expect((await other.request('DELETE', `/api/notifications/channels/${email?.id}`)).status).toBe(
      204,
    );
    expect(await channels(other)).toEqual([]);
  });

  it('answers 401 when signed out', async () => {
    const response = await t.app.request('/api/notifications/channels');
    expect(response.status).toBe(401);
  });

  // Last: it moves the database to another key.
  it('key rotation re-seals webhook URLs, and the start-up check counts their key', async () => {
    const channel = await create(user, {
      type: 'webhook',
      name: 'Rotated',
      url: 'https://hooks.example.com/services/rotate-me-0001',
    });
    const oldEntry = `test:${t.deps.vault.keys.get('test')?.toString('base64')}`;
    const next = parseKeyRing(generateKeyEntry('next'));
    const nextEntry = `next:${next.keys.get('next')?.toString('base64')}`;
    // A key set without the key that sealed the URL is refused at start-up.
    await expect(checkVaultKeys(t.db.sql, next)).rejects.toThrow(/lacks key "test"/);

    await rotateCredentials(t.db.sql, parseKeyRing(`${nextEntry},${oldEntry}`));
    const [row] = await t.db.sql<{ target: string }[]>`
      select target from notification_channels where id = ${channel.id}`;
    expect(row?.target).toMatch(/^next:/);
    expect(decrypt(next, row?.target ?? '', alertUrlContext(channel.id))).toBe(
      'https://hooks.example.com/services/rotate-me-0001',
    );
    await expect(checkVaultKeys(t.db.sql, next)).resolves.toBeUndefined();
  });
});
