// Bench for test runs, generation and deployed runs, against a running stack (bench.ts
// starts it with SANDBOX_ALLOW_PRIVATE_NETWORK=true and its own fake APIs on loopback).
import { Client, Connection } from '@temporalio/client';
import { createSql, type RunRow, type Sql } from '@patchbay/db';
import { startFakeApi } from '../test-support/fake-api.ts';
import { stripeToHubSpotPlan } from '../../generator/src/model-plan.test-support.ts';
import { completion, startFakeOpenAIServer } from '../test-support/fake-openai-server.ts';
import { peakRssMiB } from './memory.ts';
import { size } from './size.ts';
import { summarize, type BenchRow } from './table.ts';
import type { FloorHarness } from './temporal-floor.ts';

/** Scheduled runs of these integrations started within [from, to]: the bench's own query. */
async function listScheduledRunsBetween(
  sql: Sql,
  integrationIds: string[],
  from: Date,
  to: Date,
): Promise<RunRow[]> {
  if (integrationIds.length === 0) return [];
  return sql<RunRow[]>`
    select * from runs
    where integration_id in ${sql(integrationIds)} and kind = 'scheduled'
      and started_at between ${from} and ${to}`;
}

export interface Session {
  baseUrl: string;
  headers: Record<string, string>;
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function create(session: Session, body: Record<string, unknown>) {
  return fetch(`${session.baseUrl}/api/integrations`, {
    method: 'POST',
    headers: session.headers,
    body: JSON.stringify(body),
  }).then((r) => json<{ id: string }>(r));
}

const TEST_CODE = `export default async function run(ctx) {
  const items = await ctx.source.get('/items');
  for (const item of items.slice(0, 3)) await ctx.destination.post('/copies', { json: item });
  return { copied: Math.min(3, items.length) };
}
`;

/**
 * The test-run job on loopback: a source answering three items, a destination taking copies,
 * and an integration whose code copies them (4 HTTP calls). `testRun` times one run through
 * the API. The n8n bench (peer-n8n.ts) runs the same job.
 */
export async function startTestRunJob(session: Session) {
  const source = await startFakeApi();
  const destination = await startFakeApi();
  source.on('GET /items', { json: [{ id: 1 }, { id: 2 }, { id: 3 }] });
  destination.on('POST /copies', { status: 201, json: {} });
  const { id } = await create(session, {
    userPrompt: 'Copy the first three items to the destination, every hour.',
    sourceApiName: 'Source',
    sourceApiUrl: source.url,
    sourceAuthType: 'none',
    destApiName: 'Destination',
    destApiUrl: destination.url,
    destAuthType: 'none',
    generatedCode: TEST_CODE,
  });
  return {
    source,
    destination,
    async testRun(): Promise<number> {
      const started = performance.now();
      const result = await json<{ status: string }>(
        await fetch(`${session.baseUrl}/api/integrations/${id}/execute`, {
          method: 'POST',
          headers: session.headers,
          body: JSON.stringify({ testMode: true }),
        }),
      );
      if (result.status !== 'success')
        throw new Error(`test run failed: ${JSON.stringify(result)}`);
      return performance.now() - started;
    },
    async close() {
      await source.close();
      await destination.close();
    },
  };
}

/**
 * A test run through the API (workflow + sandbox) against calling the same endpoints directly,
 * and the raw floor sampled between them: the disk under Temporal's SQLite moves the floor by
 * 50% from minute to minute, so the overhead is divided by a floor measured at the same moments.
 */
export async function benchTestRuns(session: Session, floor: FloorHarness): Promise<BenchRow[]> {
  const job = await startTestRunJob(session);
  const { source, destination } = job;
  const direct = async () => {
    const started = performance.now();
    const items = (await (await fetch(`${source.url}/items`)).json()) as unknown[];
    for (const item of items.slice(0, 3)) {
      await fetch(`${destination.url}/copies`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(item),
      });
    }
    return performance.now() - started;
  };
  try {
    for (let i = 0; i < 5; i++) await job.testRun();
    const throughApi: number[] = [];
    const plain: number[] = [];
    const floorSamples: number[] = [];
    for (let i = 0; i < size(60, 20); i++) {
      throughApi.push(await job.testRun());
      plain.push(await direct());
      floorSamples.push(await floor.sample('activity'));
    }
    const api = summarize(throughApi);
    const calls = summarize(plain);
    const sameMoments = summarize(floorSamples);
    const overhead = api.p50 - calls.p50;
    return [
      {
        name: 'test run through the API (4 HTTP calls)',
        ...api,
        temporal: true,
        note: `${throughApi.length} sequential`,
      },
      {
        name: 'the same 4 calls made directly',
        ...calls,
        note: `overhead p50 ${overhead.toFixed(0)} ms`,
      },
      {
        name: 'test run overhead ÷ raw floor, same moments',
        p50: overhead / sameMoments.p50,
        unit: '×',
        note: `${(overhead / sameMoments.p50).toFixed(2)}× (target ≤ 1.3×): ${overhead.toFixed(1)} ms over a floor of ${sameMoments.p50.toFixed(1)} ms, run after each test run`,
      },
    ];
  } finally {
    await job.close();
  }
}

/** Generation round trip through the API with the template generator. */
export async function benchGeneration(session: Session): Promise<BenchRow[]> {
  const samples: number[] = [];
  for (let i = 0; i < size(30, 10); i++) {
    const started = performance.now();
    await json(
      await fetch(`${session.baseUrl}/api/integrations/generate`, {
        method: 'POST',
        headers: session.headers,
        body: JSON.stringify({
          userPrompt: `Every 15 minutes, fetch new customers from GET /v1/customers and POST each to /contacts (${i}).`,
          sourceApiName: 'Stripe',
          sourceApiUrl: 'https://api.stripe.com',
          sourceAuthType: 'bearer',
          destApiName: 'HubSpot',
          destApiUrl: 'https://api.hubapi.com',
          destAuthType: 'bearer',
        }),
      }),
    );
    samples.push(performance.now() - started);
  }
  return [
    {
      name: 'generate through the API (template generator)',
      temporal: true,
      ...summarize(samples),
      note: '30 sequential',
    },
  ];
}

/**
 * Deployed runs one worker sustains: `count` trivial integrations scheduled every
 * minute, measured for `minutes`; runs lost = ticks Temporal started that never
 * produced a run record. Also the tick-to-start delay of each run.
 */
export async function benchDeployedRuns(
  session: Session,
  stack: { databaseUrl: string; temporalAddress: string; workerPid: number },
  options: { count: number; minutes: number },
): Promise<BenchRow[]> {
  const sql = createSql(stack.databaseUrl, { max: 4 });
  const connection = await Connection.connect({ address: stack.temporalAddress });
  const temporal = new Client({ connection });
  try {
    const ids: string[] = [];
    const queue = Array.from({ length: options.count }, (_, i) => i);
    // 10 at a time: each deploy is a create plus a PUT that creates a Temporal Schedule.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          const { id } = await create(session, {
            name: `bench ${i}`,
            userPrompt: 'A trivial integration that returns a constant.',
            sourceApiName: 'None',
            sourceApiUrl: 'https://source.invalid',
            sourceAuthType: 'none',
            destApiName: 'None',
            destApiUrl: 'https://destination.invalid',
            destAuthType: 'none',
            generatedCode: 'export default async function run() { return { ok: true }; }\n',
            schedule: { everyMinutes: 1 },
          });
          await json(
            await fetch(`${session.baseUrl}/api/integrations/${id}`, {
              method: 'PUT',
              headers: session.headers,
              body: JSON.stringify({ status: 'active' }),
            }),
          );
          ids.push(id);
        }
      }),
    );
    const from = new Date();
    await new Promise((resolve) => setTimeout(resolve, options.minutes * 60_000));
    const to = new Date();
    // Pause everything again so the stack can stop quietly.
    for (const id of ids) {
      await fetch(`${session.baseUrl}/api/integrations/${id}`, {
        method: 'PUT',
        headers: session.headers,
        body: JSON.stringify({ status: 'paused' }),
      });
    }
    const runs = await listScheduledRunsBetween(sql, ids, from, to);
    // Schedule workflow ids end with the scheduled time: run:<id>-2026-11-21T12:00:00Z
    const delays = runs
      .map((run) => {
        const scheduled = Date.parse(run.workflow_id.slice(run.workflow_id.lastIndexOf('-20') + 1));
        return Number.isNaN(scheduled) ? null : run.started_at.getTime() - scheduled;
      })
      .filter((delay): delay is number => delay !== null);
    // Runs lost: schedule-started workflows in the window that finished without a run record.
    let started = 0;
    const finished: string[] = [];
    const query = `WorkflowType = 'runIntegration' AND StartTime >= '${from.toISOString()}' AND StartTime <= '${to.toISOString()}' AND ExecutionStatus != 'Running'`;
    for await (const execution of temporal.workflow.list({ query })) {
      if (execution.workflowId.includes(':manual:')) continue;
      started += 1;
      finished.push(execution.workflowId);
    }
    // A run started near the window's end records itself after it: look up every record since.
    const recorded = new Set(
      (await listScheduledRunsBetween(sql, ids, from, new Date())).map((run) => run.workflow_id),
    );
    const lost = finished.filter((workflowId) => !recorded.has(workflowId)).length;
    const successes = runs.filter((run) => run.status === 'success').length;
    return [
      {
        name: `deployed runs sustained, 1 worker, ${options.count} schedules every minute`,
        p50: successes / options.minutes,
        unit: 'runs/min',
        note: `${started} ticks started, ${successes} succeeded, runs lost: ${lost}`,
      },
      { name: 'schedule tick → run start', ...summarize(delays), note: `${delays.length} runs` },
      {
        name: 'worker peak memory (worker + sandbox runners)',
        p50: peakRssMiB(stack.workerPid),
        unit: 'MiB',
        note: 'VmHWM',
      },
    ];
  } finally {
    await sql.end();
    await connection.close();
  }
}

/**
 * Generation through the API with an OpenAI-compatible model that takes 200 ms (a fake
 * on loopback): the workflow's overhead over the model's own time. Starts its own stack.
 */
export async function benchGenerationWithModel(
  startStack: (env: Record<string, string>) => Promise<{ baseUrl: string; stop(): Promise<void> }>,
  signUp: (baseUrl: string) => Promise<{ cookie: string }>,
): Promise<BenchRow[]> {
  const MODEL_MS = 200;
  const model = await startFakeOpenAIServer({
    latencyMs: MODEL_MS,
    // Stripe and HubSpot are described, so the model is asked for a plan (ADR 035): answering
    // one keeps a generation at one model call, which the overhead below assumes.
    fallback: (request) =>
      (request.body as { response_format?: unknown } | undefined)?.response_format
        ? completion(JSON.stringify(stripeToHubSpotPlan()))
        : completion(
            '```js\nexport default async function run(ctx) {\n  return { ok: true };\n}\n```',
          ),
  });
  const stack = await startStack({
    OPENAI_API_KEY: 'sk-bench-fake',
    OPENAI_BASE_URL: model.baseURL,
    OPENAI_MODEL: 'bench-model',
  });
  try {
    const { cookie } = await signUp(stack.baseUrl);
    const rows = await benchGeneration({
      baseUrl: stack.baseUrl,
      headers: { 'content-type': 'application/json', origin: stack.baseUrl, cookie },
    });
    const row = rows[0];
    if (!row) return [];
    return [
      {
        ...row,
        name: `generate through the API (model answering in ${MODEL_MS} ms)`,
        note: `overhead p50 ${(row.p50 - MODEL_MS).toFixed(0)} ms over the model`,
      },
    ];
  } finally {
    await stack.stop();
    await model.close();
  }
}
