// Failure and recovery alerts (ADR 022) on Temporal's time-skipping test server: the
// deployed-run workflow with its real activities (sandbox, run records, alert delivery), a
// loopback SMTP server and a loopback webhook receiver. Five attempts with backoff and the
// alert's own retries pass in seconds.
import { randomUUID } from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import {
  DefaultLogger,
  Runtime,
  Worker,
  type WorkflowBundleWithSourceMap,
} from '@temporalio/worker';
import { alertWorkflowId, WORKFLOW_NAMES, type RunOutcome } from '@patchbay/workflows';
import { decideAlert, listAlertsOfIntegration, pruneAlerts } from '@patchbay/db';
import type { TAlertWebhookBody } from '@patchbay/schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeApi, type FakeApi } from '../../scripts/test-support/fake-api.ts';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../scripts/test-support/loopback-smtp.ts';
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from '../../scripts/test-support/test-app.ts';
import { createTimeSkippingEnvironment } from '../../scripts/test-support/time-skipping.ts';
import { createExecuteIntegration } from './activities/execute-integration.ts';
import { createRecordFailedRun } from './activities/record-failed-run.ts';
import { createAlertActivities } from './activities/send-alert.ts';
import { bundleWorkflows } from './bundle-workflows.ts';
import { SandboxPool } from './sandbox/index.ts';

// Expected activity failures (the destination's 500s) would print a warning per attempt.
Runtime.install({
  logger: new DefaultLogger('ERROR'),
  telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } },
});

const SOURCE_TOKEN = 'src-token-alerts-abcdefghijkl';
const CODE = `export default async function run(ctx) {
  const page = await ctx.source.get('/items');
  for (const item of page.items) await ctx.destination.post('/items', item);
  return { copied: page.items.length };
}
`;
const APP_URL = 'https://patchbay.example.test';

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundleWithSourceMap;
let t: TestApp;
let user: TestUser;
let sandbox: SandboxPool;
let source: FakeApi;
let destination: FakeApi;
let hooks: FakeApi;

beforeAll(async () => {
  [env, bundle] = await Promise.all([createTimeSkippingEnvironment(), bundleWorkflows()]);
  t = await createTestApp();
  user = await createTestUser(t, { plan: 'pro' });
  // Operators' alerts link the Temporal Web UI; this test checks that link too.
  await t.db.sql`update users set role = 'operator' where id = ${user.id}`;
  sandbox = new SandboxPool({ size: 1 });
  hooks = await startFakeApi();
  hooks.on('POST /alerts/T000/B000/secret-path', { status: 200, json: { ok: true } });
  const channel = await user.request('POST', '/api/notifications/channels', {
    type: 'webhook',
    name: 'Ops room',
    url: `${hooks.url}/alerts/T000/B000/secret-path`,
  });
  expect(channel.status).toBe(201);
});

afterAll(async () => {
  await sandbox?.close();
  await hooks?.close();
  await source?.close();
  await destination?.close();
  await t?.close();
  await env?.teardown();
});

beforeEach(async () => {
  await source?.close();
  await destination?.close();
  source = await startFakeApi();
  destination = await startFakeApi();
  source.on('GET /items', { json: { items: [{ id: 1 }] } });
});

/** An active integration (no Temporal schedule: the test starts its runs). */
async function createActiveIntegration(name: string): Promise<string> {
  const response = await user.request('POST', '/api/integrations', {
    name,
    userPrompt: 'Copy the items of the source to the destination.',
    sourceApiName: 'Items',
    sourceApiUrl: source.url,
    sourceAuthType: 'bearer',
    sourceApiKeyEncrypted: SOURCE_TOKEN,
    destApiName: 'Copies',
    destApiUrl: destination.url,
    destAuthType: 'none',
    generatedCode: CODE,
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await t.db.sql`update integrations set status = 'active' where id = ${id}`;
  return id;
}

/** A worker with the real activities, its alerts going to `smtp`. */
async function withWorker<T>(smtp: LoopbackSmtp, body: (taskQueue: string) => Promise<T>) {
  const taskQueue = `alerts-${randomUUID()}`;
  const deps = { sql: t.db.sql, vault: t.deps.vault, allowPrivateNetwork: true };
  const worker = await Worker.create({
    connection: env.nativeConnection,
    namespace: env.namespace ?? 'default',
    taskQueue,
    workflowBundle: bundle,
    activities: {
      executeIntegration: createExecuteIntegration({ ...deps, sandbox }),
      recordFailedRun: createRecordFailedRun(deps),
      ...createAlertActivities({
        ...deps,
        alerts: {
          smtp: { url: smtp.url, from: 'Patchbay <alerts@patchbay.test>' },
          appUrl: APP_URL,
          temporalUi: { baseUrl: 'http://temporal.example.test', namespace: 'default' },
        },
      }),
    },
  });
  return worker.runUntil(body(taskQueue));
}

/** Starts a deployed run and waits for it; a failed run answers its WorkflowFailedError. */
async function runOnce(taskQueue: string, integrationId: string) {
  const workflowId = `run:${integrationId}:manual:${randomUUID()}`;
  const result = await env.client.workflow
    .execute(WORKFLOW_NAMES.runIntegration, {
      taskQueue,
      workflowId,
      args: [{ integrationId, kind: 'manual' }],
    })
    .then(
      (outcome) => outcome as RunOutcome,
      (error: unknown) => error,
    );
  return { workflowId, result };
}

/**
 * Waits until the alert's delivery workflow (started and left by the run) has finished. The
 * time-skipping server keeps one time-skipping lock for a child its parent abandoned
 * (temporalio/sdk-typescript#1101): without releasing it, every later backoff would take its
 * real 30 s. Production servers have no such lock.
 */
async function deliveryOf(alertId: string) {
  const result = await env.client.workflow.getHandle(alertWorkflowId(alertId)).result();
  await env.connection.testService?.unlockTimeSkipping({});
  return result;
}

const webhookBodies = () =>
  hooks.received
    .filter((request) => request.path === '/alerts/T000/B000/secret-path')
    .map((request) => request.body as TAlertWebhookBody);

describe('alerts', () => {
  it('one alert when an integration turns failed, none per failed tick, one when it recovers', async () => {
    const smtp = await startLoopbackSmtp();
    const hooksBefore = webhookBodies().length;
    try {
      const id = await createActiveIntegration('Items to copies');
      destination.on('POST /items', { status: 500, json: { error: 'database down' } });

      await withWorker(smtp, async (taskQueue) => {
        // 1. Every attempt answers 500: after the retries the integration turns failed.
        const first = await runOnce(taskQueue, id);
        expect(first.result).toBeInstanceOf(WorkflowFailedError);
        const [failedAlert, ...others] = await listAlertsOfIntegration(t.db.sql, id);
        expect(others).toEqual([]);
        expect(failedAlert?.transition).toBe('failed');
        expect(await deliveryOf(failedAlert?.id ?? '')).toEqual({ sent: 2, refused: 0 });

        // 2. The next tick fails too: still failed, and no second alert.
        const second = await runOnce(taskQueue, id);
        expect(second.result).toBeInstanceOf(WorkflowFailedError);
        expect(await listAlertsOfIntegration(t.db.sql, id)).toHaveLength(1);

        // 3. The destination is fixed: the next run succeeds and sends one recovery alert.
        destination.on('POST /items', { status: 201, json: { ok: true } });
        const third = await runOnce(taskQueue, id);
        const recovered = third.result as RunOutcome;
        expect(recovered.status).toBe('success');
        expect(recovered.alertId).toEqual(expect.any(String));
        expect(await deliveryOf(recovered.alertId ?? '')).toEqual({ sent: 2, refused: 0 });

        // 4. Another success: nothing to say.
        const fourth = await runOnce(taskQueue, id);
        expect((fourth.result as RunOutcome).alertId).toBeUndefined();
        expect(await listAlertsOfIntegration(t.db.sql, id)).toHaveLength(2);

        const runUrl = `${APP_URL}/integrations/${id}/review?run=${encodeURIComponent(first.workflowId)}`;
        // Exactly one failure mail and one recovery mail, to the account's address.
        expect(smtp.received.map((mail) => mail.to)).toEqual([[user.email], [user.email]]);
        const [failureMail, recoveryMail] = smtp.received.map((mail) => mail.text);
        expect(failureMail).toContain('Items to copies failed after its retries');
        expect(failureMail).toContain('500');
        expect(failureMail).toContain(runUrl);
        expect(failureMail).toContain(
          `http://temporal.example.test/namespaces/default/workflows/${encodeURIComponent(first.workflowId)}/`,
        );
        expect(recoveryMail).toContain('Items to copies works again');

        // And exactly one of each on the webhook, with a Slack-compatible text.
        const bodies = webhookBodies().slice(hooksBefore);
        expect(bodies.map((body) => body.status)).toEqual(['failed', 'recovered']);
        expect(bodies[0]).toMatchObject({
          integration: { id, name: 'Items to copies' },
          error: expect.stringContaining('500'),
          runUrl,
          temporalUrl: expect.stringContaining(encodeURIComponent(first.workflowId)),
        });
        expect(bodies[0]?.text).toContain('Items to copies failed');
        // Discord shows `content`, Slack `text`: the same words.
        expect(bodies[0]?.content).toBe(bodies[0]?.text);
        expect(bodies[1]?.error).toBeNull();
      });
    } finally {
      await smtp.close();
    }
  });

  it('a flaky SMTP server delays the alert but delivers it, and the webhook gets it once', async () => {
    const smtp = await startLoopbackSmtp({ refuseFirst: 2 });
    const hooksBefore = webhookBodies().length;
    try {
      const id = await createActiveIntegration('Flaky mail');
      destination.on('POST /items', { status: 500, json: { error: 'down' } });
      await withWorker(smtp, async (taskQueue) => {
        const run = await runOnce(taskQueue, id);
        expect(run.result).toBeInstanceOf(WorkflowFailedError);
        const [alert] = await listAlertsOfIntegration(t.db.sql, id);
        // The first attempt served the webhook; the retries only the refused mail.
        expect(await deliveryOf(alert?.id ?? '')).toEqual({ sent: 1, refused: 0 });
      });
      expect(smtp.refused).toBe(2);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.text).toContain('Flaky mail failed');
      expect(webhookBodies().slice(hooksBefore)).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it("never sends a credential: the alert is redacted with the integration's secrets", async () => {
    const smtp = await startLoopbackSmtp();
    const hooksBefore = webhookBodies().length;
    try {
      const id = await createActiveIntegration('Leaky error');
      // An error message that quotes the source's token, as a careless upstream might.
      const workflowId = `run:${id}:manual:${randomUUID()}`;
      const alertId = await t.db.sql.begin(async (tx) => {
        await tx`select 1 from integrations where id = ${id} for update`;
        return decideAlert(tx, {
          integrationId: id,
          transition: 'failed',
          workflowId,
          runId: randomUUID(),
          errorMessage: `401 from the source: token ${SOURCE_TOKEN} is not valid`,
        });
      });
      expect(alertId).toEqual(expect.any(String));
      await withWorker(smtp, (taskQueue) =>
        env.client.workflow.execute(WORKFLOW_NAMES.deliverAlert, {
          taskQueue,
          workflowId: alertWorkflowId(alertId ?? ''),
          args: [{ alertId }],
        }),
      );
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.raw).not.toContain(SOURCE_TOKEN);
      expect(smtp.received[0]?.text).toContain('token [REDACTED] is not valid');
      const [body] = webhookBodies().slice(hooksBefore);
      expect(JSON.stringify(body)).not.toContain(SOURCE_TOKEN);
      expect(body?.error).toBe('401 from the source: token [REDACTED] is not valid');
      expect(body?.content).toContain('token [REDACTED] is not valid');
    } finally {
      await smtp.close();
    }
  });

  it('a long error reaches Discord cut to its 2000 characters, whole in text and mail', async () => {
    const smtp = await startLoopbackSmtp();
    const hooksBefore = webhookBodies().length;
    try {
      const id = await createActiveIntegration('Long error');
      const long = `upstream said: ${'x'.repeat(3000)}`;
      const alertId = await t.db.sql.begin(async (tx) => {
        await tx`select 1 from integrations where id = ${id} for update`;
        return decideAlert(tx, {
          integrationId: id,
          transition: 'failed',
          workflowId: `run:${id}:manual:${randomUUID()}`,
          runId: randomUUID(),
          errorMessage: long,
        });
      });
      await withWorker(smtp, (taskQueue) =>
        env.client.workflow.execute(WORKFLOW_NAMES.deliverAlert, {
          taskQueue,
          workflowId: alertWorkflowId(alertId ?? ''),
          args: [{ alertId }],
        }),
      );
      const [body] = webhookBodies().slice(hooksBefore);
      expect(body?.content).toHaveLength(2000);
      expect(body?.content.endsWith('…')).toBe(true);
      expect(body?.text).toContain(long);
      expect(smtp.received[0]?.text).toContain(long);
    } finally {
      await smtp.close();
    }
  });

  it('an alert URL on the private network is refused unless SANDBOX_ALLOW_PRIVATE_NETWORK', async () => {
    const [webhook] = await t.db.sql<{ id: string }[]>`
      select id from notification_channels where user_id = ${user.id} and type = 'webhook'`;
    const alerts = {
      smtp: null,
      appUrl: APP_URL,
      temporalUi: { baseUrl: 'http://temporal.example.test', namespace: 'default' },
    };
    const send = (allowPrivateNetwork: boolean) =>
      createAlertActivities({
        sql: t.db.sql,
        vault: t.deps.vault,
        allowPrivateNetwork,
        alerts,
      }).sendTestAlert({ channelId: webhook?.id ?? '', userId: user.id });
    const before = webhookBodies().length;
    expect(await send(false)).toEqual({
      delivered: false,
      detail:
        'the URL is not allowed: blocked by the network guard: 127.0.0.1 is a loopback address',
    });
    expect(webhookBodies()).toHaveLength(before);
    expect(await send(true)).toEqual({ delivered: true, detail: 'the receiver answered 200' });
    expect(webhookBodies()).toHaveLength(before + 1);
  });

  it('alerts are kept as long as run logs', async () => {
    const id = await createActiveIntegration('Old alerts');
    const insert = (daysAgo: number) => t.db.sql`
      insert into alerts (integration_id, transition, workflow_id, run_id, created_at)
      values (${id}, 'failed', ${`retention:${daysAgo}`}, ${randomUUID()},
              now() - make_interval(days => ${daysAgo}))`;
    await insert(91);
    await insert(89);
    await pruneAlerts(t.db.sql);
    const left = await t.db.sql`select workflow_id from alerts where integration_id = ${id}`;
    expect(left).toEqual([{ workflow_id: 'retention:89' }]);
  });

  it('a channel routed to other integrations, or disabled, gets nothing', async () => {
    const smtp = await startLoopbackSmtp();
    try {
      const id = await createActiveIntegration('Routed elsewhere');
      const other = await createActiveIntegration('The other one');
      // The default email channel now alerts only the other integration.
      const list = (await (await user.request('GET', '/api/notifications/channels')).json()) as {
        channels: Array<{ id: string; type: string }>;
      };
      const email = list.channels.find((channel) => channel.type === 'email');
      const webhook = list.channels.find((channel) => channel.type === 'webhook');
      await user.request('PUT', `/api/notifications/channels/${email?.id}`, {
        integrationIds: [other],
      });
      await user.request('PUT', `/api/notifications/channels/${webhook?.id}`, { enabled: false });
      destination.on('POST /items', { status: 500, json: { error: 'down' } });
      await withWorker(smtp, async (taskQueue) => {
        await runOnce(taskQueue, id);
        const [alert] = await listAlertsOfIntegration(t.db.sql, id);
        expect(await deliveryOf(alert?.id ?? '')).toEqual({ sent: 0, refused: 0 });
      });
      expect(smtp.received).toEqual([]);
      await user.request('PUT', `/api/notifications/channels/${email?.id}`, {
        integrationIds: 'all',
      });
      await user.request('PUT', `/api/notifications/channels/${webhook?.id}`, { enabled: true });
    } finally {
      await smtp.close();
    }
  });
});
