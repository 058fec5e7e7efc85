// Webhook intake's numbers (ADR 021, ADR 047), on the running stack: accept latency at 50
// concurrent senders, accepted events per second, how fast the outbox then starts their runs,
// duplicates started (must be 0) and events lost across a `kill -9` of the API mid-burst, counted
// against what the senders saw accepted (must be 0).
//
// Senders behave like providers: each event is signed Stripe-style and sent until it is answered
// 2xx (a refused connection while the API is down is retried after a short wait).
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { createSql } from '@patchbay/db';
import { size } from './size.ts';
import { summarize, type BenchRow } from './table.ts';

interface Session {
  baseUrl: string;
  headers: Record<string, string>;
}

const SECRET = 'whsec_bench_signing_secret_0123456789';
const SENDERS = 50;

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function signed(eventId: string): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: eventId,
    type: 'customer.subscription.deleted',
    data: { object: { id: `sub_${eventId}`, customer: 'cus_bench' } },
  });
  const at = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', SECRET).update(`${at}.${body}`).digest('hex');
  return {
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${at},v1=${v1}` },
  };
}

interface Delivery {
  eventId: string;
  status: number;
  ms: number;
  duplicate: boolean;
  workflowId: string | null;
}

/** Sends one event until a 2xx (or a 4xx, which a provider does not retry). */
async function deliver(url: string, eventId: string, deadline: number): Promise<Delivery> {
  for (;;) {
    const { body, headers } = signed(eventId);
    const started = performance.now();
    try {
      const response = await fetch(url, { method: 'POST', headers, body });
      const ms = performance.now() - started;
      if (response.status < 500) {
        const answer = (await response.json().catch(() => ({}))) as {
          duplicate?: boolean;
          workflowId?: string | null;
        };
        return {
          eventId,
          status: response.status,
          ms,
          duplicate: answer.duplicate === true,
          workflowId: answer.workflowId ?? null,
        };
      }
      await response.body?.cancel();
    } catch {
      // The API is down (killed): like a provider, try again shortly.
    }
    if (Date.now() > deadline)
      return { eventId, status: 0, ms: 0, duplicate: false, workflowId: null };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `count` events through `SENDERS` concurrent senders; `during` runs once the burst is going. */
async function burst(
  url: string,
  ids: string[],
  during?: () => Promise<void>,
): Promise<{ deliveries: Delivery[]; seconds: number; endedAt: number }> {
  const queue = [...ids];
  const deliveries: Delivery[] = [];
  const deadline = Date.now() + 180_000;
  const started = performance.now();
  const senders = Array.from({ length: SENDERS }, async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      deliveries.push(await deliver(url, id, deadline));
    }
  });
  if (during) {
    // Mid-burst: once a fifth of the events were answered.
    while (deliveries.length < ids.length / 5) await new Promise((r) => setTimeout(r, 20));
    await during();
  }
  await Promise.all(senders);
  const endedAt = performance.now();
  return { deliveries, seconds: (endedAt - started) / 1000, endedAt };
}

/**
 * The floor under webhook ingest: the same number of bare workflow starts from a plain client, at
 * the same concurrency, with a body of the same size and the same reuse policy, and nothing else
 * (no HTTP, no signature, no log row). Their task queue has no worker, so nothing runs; the
 * workflows time out long after the bench has stopped the stack.
 */
async function startFloor(temporalAddress: string, count: number, eventBytes: number) {
  const connection = await Connection.connect({ address: temporalAddress });
  const client = new Client({ connection });
  const taskQueue = `bench-start-floor-${randomUUID()}`;
  const padding = 'x'.repeat(eventBytes);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        for (let i = next++; i < count; i = next++) {
          const at = performance.now();
          await client.workflow.start('benchStartFloor', {
            taskQueue,
            workflowId: `start-floor:${taskQueue}:${i}`,
            workflowIdReusePolicy: 'REJECT_DUPLICATE',
            workflowExecutionTimeout: '1 hour',
            args: [{ padding }],
          });
          latencies.push(performance.now() - at);
        }
      }),
    );
  } finally {
    await connection.close();
  }
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/**
 * The floor under the route over HTTP: the same signed deliveries from the same senders to a
 * hooks URL whose token the route refuses by its shape (404) before any database work. What
 * HTTP, Hono and the senders themselves cost on this machine bounds the route from above.
 */
async function httpFloor(baseUrl: string, count: number) {
  const url = `${baseUrl}/hooks/not-a-token`;
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      for (let i = next++; i < count; i = next++) {
        const { body, headers } = signed(`evt_floor_${i}`);
        const at = performance.now();
        const response = await fetch(url, { method: 'POST', headers, body });
        await response.arrayBuffer();
        if (response.status !== 404) throw new Error(`HTTP floor: ${response.status}, not 404`);
        latencies.push(performance.now() - at);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** Waits until the outbox has started every accepted event of the integration; false at the deadline. */
async function drained(databaseUrl: string, integrationId: string, ms: number): Promise<boolean> {
  const sql = createSql(databaseUrl, { max: 1 });
  try {
    const deadline = Date.now() + ms;
    for (;;) {
      const [row] = await sql<{ queued: number }[]>`
        select count(*)::int as queued from webhook_events
        where integration_id = ${integrationId} and status = 'queued'`;
      if ((row?.queued ?? 0) === 0) return true;
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await sql.end();
  }
}

/** The API's pid from the launcher's DATA_DIR/run.json. */
function apiPid(dataDir: string): number {
  const { children } = JSON.parse(readFileSync(path.join(dataDir, 'run.json'), 'utf8')) as {
    children: { name: string; pid: number }[];
  };
  const pid = children.find((child) => child.name === 'api')?.pid;
  if (!pid) throw new Error('run.json names no api process');
  return pid;
}

export async function benchWebhooks(
  session: Session,
  stack: { databaseUrl: string; temporalAddress: string; dataDir: string },
): Promise<BenchRow[]> {
  const created = await json<{ id: string; webhook: { url: string } | null }>(
    await fetch(`${session.baseUrl}/api/integrations`, {
      method: 'POST',
      headers: session.headers,
      body: JSON.stringify({
        name: 'bench webhooks',
        userPrompt: 'When a customer cancels their subscription, note it.',
        sourceApiName: 'Stripe',
        sourceApiUrl: 'https://api.stripe.com',
        sourceDescription: { kind: 'catalog', id: 'stripe' },
        sourceAuthType: 'none',
        destApiName: 'None',
        destApiUrl: 'https://destination.invalid',
        destAuthType: 'none',
        generatedCode:
          'export default async function run(ctx) { return { event: ctx.event?.id ?? null }; }\n',
        trigger: 'webhook',
        webhookSigningSecret: SECRET,
      }),
    }),
  );
  await json(
    await fetch(`${session.baseUrl}/api/integrations/${created.id}`, {
      method: 'PUT',
      headers: session.headers,
      body: JSON.stringify({ status: 'active' }),
    }),
  );
  if (!created.webhook) throw new Error('the integration has no webhook URL');
  // The stack listens on localhost:PORT; APP_URL may name another host.
  const url = `${session.baseUrl}${new URL(created.webhook.url).pathname}`;

  const count = size(2000, 300);
  const floor = await startFloor(stack.temporalAddress, count, signed('evt_bench_0').body.length);
  const http = await httpFloor(session.baseUrl, count);
  const httpLoad = os.loadavg()[0]?.toFixed(2);
  const ids = Array.from({ length: count }, (_, i) => `evt_bench_${i}`);
  const first = await burst(url, ids);
  const accepted = first.deliveries.filter((d) => d.status === 202);
  // The runs start behind the answers: the outbox drains at Temporal's start rate.
  const allStarted = await drained(stack.databaseUrl, created.id, 300_000);
  const startSeconds = first.seconds + (performance.now() - first.endedAt) / 1000;
  const rows: BenchRow[] = [
    {
      name: `Temporal start floor, ${SENDERS} concurrent plain-client starts`,
      ...summarize(floor.latencies),
      note: `${(count / floor.seconds).toFixed(0)} starts/s: what the outbox can reach on this server and disk; ${os.loadavg()[0]?.toFixed(2)} load`,
    },
    {
      name: `HTTP floor, ${SENDERS} senders to a URL refused before any database work`,
      ...summarize(http.latencies),
      note: `${(count / http.seconds).toFixed(0)} requests/s: what HTTP and the senders allow on this machine; ${httpLoad} load`,
    },
    {
      name: `webhook accept latency, ${SENDERS} concurrent senders`,
      ...summarize(accepted.map((d) => d.ms)),
      note: `${accepted.length} of ${count} accepted (202); token lookup, signature, rate limit, one insert`,
    },
    {
      name: 'webhook events accepted per second',
      p50: accepted.length / first.seconds,
      unit: 'events/s',
      note: `${SENDERS} senders, ${first.seconds.toFixed(1)} s (goal ≥ 300, p99 ≤ 250 ms); ${os.loadavg()[0]?.toFixed(2)} load`,
    },
    {
      name: 'webhook runs started per second by the outbox',
      p50: accepted.length / startSeconds,
      unit: 'runs/s',
      note: `first delivery to last workflow started, ${startSeconds.toFixed(1)} s${allStarted ? '' : ' (stopped waiting)'}; bounded by the floor`,
    },
  ];

  // Providers redeliver: every event again, each must be answered as a duplicate.
  const resent = await burst(url, ids.slice(0, size(500, 100)));
  const startedAgain = resent.deliveries.filter((d) => d.status === 202).length;

  // A kill -9 of the API mid-burst; the launcher restarts it, senders retry what was not answered.
  const killIds = Array.from({ length: size(1000, 200) }, (_, i) => `evt_kill_${i}`);
  const killed = await burst(url, killIds, async () => {
    process.kill(apiPid(stack.dataDir), 'SIGKILL');
  });
  const seenAccepted = killed.deliveries.filter(
    (d) => d.status === 202 || (d.status === 200 && d.duplicate),
  );

  // Every event a sender saw accepted must have its workflow in Temporal, once the outbox is done.
  await drained(stack.databaseUrl, created.id, 300_000);
  const connection = await Connection.connect({ address: stack.temporalAddress });
  const temporal = new Client({ connection });
  let lost = 0;
  try {
    const queue = [...accepted, ...seenAccepted];
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        for (let d = queue.shift(); d !== undefined; d = queue.shift()) {
          const workflowId = d.workflowId ?? `event:${created.id}:${d.eventId}`;
          const known = await temporal.workflow
            .getHandle(workflowId)
            .describe()
            .then(() => true)
            .catch(() => false);
          if (!known) lost += 1;
        }
      }),
    );
  } finally {
    await connection.close();
  }

  // Duplicates that started a run anyway: resends answered 202, and events with two successful runs.
  const sql = createSql(stack.databaseUrl, { max: 1 });
  let doubleRuns: number;
  try {
    const deadline = Date.now() + size(600_000, 180_000);
    const expected = accepted.length + seenAccepted.length;
    for (;;) {
      const [row] = await sql<{ runs: number; events: number }[]>`
        select count(*)::int as runs, count(distinct workflow_id)::int as events from runs
        where integration_id = ${created.id} and kind = 'webhook' and status = 'success'`;
      doubleRuns = (row?.runs ?? 0) - (row?.events ?? 0);
      if ((row?.events ?? 0) >= expected || Date.now() > deadline) {
        rows.push({
          name: 'webhook runs completed after the bursts',
          p50: row?.events ?? 0,
          unit: 'runs',
          note: `of ${expected} accepted events${Date.now() > deadline ? ' (stopped waiting)' : ''}`,
        });
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await sql.end();
  }
  rows.push(
    {
      name: 'webhook duplicates started (must be 0)',
      p50: startedAgain + doubleRuns,
      unit: 'runs',
      note: `${resent.deliveries.length} redeliveries answered duplicate: ${resent.deliveries.filter((d) => d.duplicate).length}`,
    },
    {
      name: 'webhook events lost across kill -9 of the API (must be 0)',
      p50: lost,
      unit: 'events',
      note: `${seenAccepted.length} of ${killIds.length} seen accepted during the kill burst; ${killed.deliveries.filter((d) => d.status === 0).length} never answered`,
    },
  );
  return rows;
}
