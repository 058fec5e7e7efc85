// The OpenAPI document says exactly what the server does (ADR 038): schemathesis, a
// property-based fuzzer, reads GET /api/openapi.json and sends the server generated requests,
// valid and invalid, then stateful chains (create → read → update → delete). It fails on a 5xx,
// a status the document does not list for that operation, a body or header unlike the schema, and
// a method a path lacks that answers anything but 405 with Allow. The stack is real: the API over
// HTTP, PostgreSQL, Temporal with a worker and its sandbox, and a loopback SMTP server. It is
// seeded with an account, an API token and one integration of each trigger, deployed and run,
// so the fuzz reaches every route with ids that exist.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlanByEmail } from '@patchbay/db';
import { createApp } from './app.ts';
import { createMailer } from './auth/mailer.ts';
import { json } from './route-docs.ts';
import { openApiDocument } from './openapi-document.ts';
import { createTestApp, type TestApp } from '../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../scripts/test-support/test-worker.ts';
import { startLoopbackSmtp, type LoopbackSmtp } from '../../scripts/test-support/loopback-smtp.ts';
import { runSchemathesis } from '../../scripts/test-support/schemathesis.ts';

/** The fuzz's share of the suite's time (CI's whole run has 90 minutes). */
const FUZZ_SECONDS = 180;

const EXPENSIVE_TO_COVER = [
  'POST /api/integrations',
  'PUT /api/integrations/{id}',
  'POST /api/integrations/generate',
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/password-reset/confirm',
  'PUT /api/auth/password',
  'POST /api/integrations/{id}/execute',
  'POST /api/integrations/{id}/runs/{runId}/replay',
  'PUT /api/integrations/{id}/state',
  'POST /api/ping',
  'POST /api/temporal-codec/encode',
  'POST /api/temporal-codec/decode',
  // The plan a corrected Plan tab sends is a large nested body, like an integration's.
  'POST /api/integrations/{id}/plan',
  // The catalog's answers nest API descriptions deeply: walking them for coverage crashed the
  // fuzzer itself (CPython 3.11's "AST constructor recursion depth mismatch" inside Hypothesis),
  // not the server. They still get the fuzzing and stateful phases, which check every answer.
  'GET /api/catalog',
  'GET /api/catalog/{id}',
  'GET /api/catalog/{id}/versions',
  'GET /api/catalog/match',
];

/** What the fuzz checks: every response, against the document. */
const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_headers_conformance',
  'response_schema_conformance',
  'unsupported_method',
].join(',');

async function listen(app: { fetch: (request: Request) => Response | Promise<Response> }) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const toml = (value: string) => JSON.stringify(value);
const tomlList = (values: string[]) => `[${values.map(toml).join(', ')}]`;

describe('the fuzz itself', () => {
  it('fails on a status the document does not list', async () => {
    // A server that documents 200 and answers 418: schemathesis must say so, or its passing
    // below proves nothing.
    const api = new Hono().get(
      '/thing',
      describeRoute({
        summary: 'Documented as 200 only',
        responses: { 200: json('A thing', z.object({ ok: z.boolean() })) },
      }),
      (c) => c.json({ ok: true }, 418),
    );
    const app = new Hono().route('/api', api);
    app.get('/api/openapi.json', openApiDocument(app));
    const server = await listen(app);
    try {
      const run = await runSchemathesis({
        schemaUrl: `${server.url}/api/openapi.json`,
        config: '',
        args: ['--checks', 'status_code_conformance', '--phases', 'fuzzing', '-n', '3'],
        timeoutMs: 60_000,
      });
      expect(run.code, run.output).not.toBe(0);
      expect(run.output).toMatch(/Undocumented status code/);
    } finally {
      await server.close();
    }
  }, 90_000);
});

describe('GET /api/openapi.json, fuzzed against the server', () => {
  let t: TestApp;
  let worker: TestWorker;
  let smtp: LoopbackSmtp;
  let server: Awaited<ReturnType<typeof listen>>;
  const seeded = {
    token: '',
    integrations: [] as string[],
    runs: [] as string[],
    events: [] as string[],
    channels: [] as string[],
    hooks: [] as string[],
    catalog: [] as string[],
  };

  /** A request as the seeding user: with the session cookie until the token exists. */
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        origin: server.url,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
    return (text ? JSON.parse(text) : null) as Record<string, unknown>;
  };

  beforeAll(async () => {
    smtp = await startLoopbackSmtp();
    const from = 'Patchbay <patchbay@patchbay.test>';
    t = await createTestApp({ mailer: createMailer({ url: smtp.url, from }) });
    worker = await startTestWorker({
      databaseUrl: t.db.url,
      vault: t.deps.vault,
      alerts: {
        smtp: { url: smtp.url, from },
        appUrl: 'http://localhost',
        temporalUi: { baseUrl: 'http://localhost:8233', namespace: 'default' },
      },
    });
    server = await listen(createApp({ ...t.deps, taskQueue: worker.taskQueue }));

    const email = 'fuzz@patchbay.test';
    await call('POST', '/api/auth/signup', { email, password: 'fuzz-password-1' });
    // Pro: the fuzz's own creates are not all refused by the Free plan's five.
    await setPlanByEmail(t.db.sql, email, 'pro');
    seeded.token = String((await call('POST', '/api/auth/tokens', { name: 'fuzz' })).token);

    const code =
      'export default async function run(ctx) {\n  ctx.log(`seeded run`);\n  return { ok: true };\n}\n';
    const base = {
      userPrompt: 'Copy every new customer from the source to the destination',
      sourceApiName: 'Source',
      sourceApiUrl: 'https://source.patchbay.test/v1',
      sourceAuthType: 'none',
      destApiName: 'Destination',
      destApiUrl: 'https://destination.patchbay.test',
      destAuthType: 'none',
      generatedCode: code,
    };
    for (const trigger of ['schedule', 'manual', 'webhook'] as const) {
      const created = await call('POST', '/api/integrations', {
        ...base,
        name: `Seeded ${trigger}`,
        trigger,
        ...(trigger === 'webhook' ? { webhookSignature: { scheme: 'none' } } : {}),
      });
      const id = String(created.id);
      seeded.integrations.push(id);
      await call('PUT', `/api/integrations/${id}`, { status: 'active' });
      await call('POST', `/api/integrations/${id}/execute`, { testMode: true });
      if (trigger === 'webhook') {
        const url = new URL(String((created.webhook as { url: string }).url));
        seeded.hooks.push(url.pathname.split('/').at(-1) ?? '');
        await call('POST', url.pathname, { id: 'evt_seeded', type: 'customer.created' });
      } else {
        await call('POST', `/api/integrations/${id}/run`);
      }
    }
    // The deployed runs finish in the worker; wait for their records.
    for (const id of seeded.integrations) {
      for (let tries = 0; ; tries++) {
        const page = (await call('GET', `/api/integrations/${id}/runs`)) as {
          runs: { id: string; kind: string }[];
        };
        const deployed = page.runs.filter((run) => run.kind !== 'test');
        if (deployed.length > 0 || tries > 100) {
          seeded.runs.push(...page.runs.map((run) => run.id));
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const webhook = seeded.integrations.at(-1);
    const events = (await call('GET', `/api/integrations/${webhook}/events`)) as {
      events: { id: string }[];
    };
    seeded.events.push(...events.events.map((event) => event.id));
    const catalog = (await call('GET', '/api/catalog')) as { entries: { id: string }[] };
    seeded.catalog.push(...catalog.entries.slice(0, 3).map((entry) => entry.id));
    const channels = (await call('GET', '/api/notifications/channels')) as {
      channels: { id: string }[];
    };
    seeded.channels.push(...channels.channels.map((channel) => channel.id));
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await worker?.stop();
    await t?.close();
    await smtp?.close();
  });

  it(
    'schemathesis finds no server error, undocumented status or schema mismatch',
    async () => {
      expect(seeded.runs.length).toBeGreaterThanOrEqual(3);
      expect(seeded.events.length).toBeGreaterThanOrEqual(1);
      const dictionaries = Object.entries({
        integrations: seeded.integrations,
        runs: seeded.runs,
        events: seeded.events,
        channels: seeded.channels,
        hooks: seeded.hooks,
        catalog: seeded.catalog,
      }).map(([name, values]) => `[dictionaries.${name}]\nvalues = ${tomlList(values)}\n`);
      // Path parameters mostly take the seeded ids, so requests reach real rows; the rest are
      // generated. Only GET and POST: a DELETE, an update or a token rotation would take the seed
      // away from the rest of the run (the stateful phase does those to what it creates). The
      // first entry that matches an operation gives all its parameters, so specific paths first.
      const pinned = (pathRegex: string, methods: string[], params: Record<string, string>) => `
[[operations]]
include-path-regex = ${toml(pathRegex)}
include-method = ${tomlList(methods)}
parameters = { ${Object.entries(params)
        .map(
          ([param, dictionary]) =>
            `${toml(`path.${param}`)} = { dictionary = ${toml(dictionary)}, probability = 0.8 }`,
        )
        .join(', ')} }
`;
      const config = [
        // Chains of calls through the links schemathesis infers (create → read → update → delete):
        // more of them than single-operation cases, since each chain is several requests.
        `[phases.stateful.generation]\nmax-examples = 60\n`,
        ...dictionaries,
        // The coverage phase walks every boundary of every field of every operation. Where each
        // case is expensive (an argon2 hash, a workflow, an integration's body with its generation
        // report: over 5,000 cases) that takes minutes; those get the fuzzing and stateful phases
        // only. openapi.test.ts checks every path's 405s, which coverage would otherwise add.
        `
[[operations]]
include-name = ${tomlList(EXPENSIVE_TO_COVER)}
phases.coverage.enabled = false
`,
        // The fuzz finds the seeded token's id in GET /api/auth/tokens; revoking it would leave
        // every later request a 401. Revoke is still called, with an id no token has.
        `
[[operations]]
include-name = "DELETE /api/auth/tokens/{id}"
parameters = { "path.id" = "pbt_000000000000000000000000" }
`,
        // Send test reaches the URL a channel names: the fuzz's own channels name hosts that do
        // not exist, and the answer is the documented 502 ALERT_NOT_DELIVERED, the receiver's
        // failure. Everywhere else any 5xx fails.
        `
[[operations]]
include-name = "POST /api/notifications/channels/{id}/test"
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "502"]
`,
        pinned('^/api/integrations/\\{id\\}/runs/\\{runId\\}', ['GET', 'POST'], {
          id: 'integrations',
          runId: 'runs',
        }),
        pinned('^/api/integrations/\\{id\\}/events/\\{eventId\\}', ['GET', 'POST'], {
          id: 'integrations',
          eventId: 'events',
        }),
        pinned('^/api/integrations/\\{id\\}(?!/webhook/)', ['GET', 'POST'], { id: 'integrations' }),
        pinned('^/api/notifications/channels/\\{id\\}', ['GET', 'POST'], { id: 'channels' }),
        pinned('^/hooks/\\{token\\}$', ['POST'], { token: 'hooks' }),
        pinned('^/api/catalog/\\{id\\}$', ['GET'], { id: 'catalog' }),
      ].join('\n');
      const run = await runSchemathesis({
        schemaUrl: `${server.url}/api/openapi.json`,
        config,
        args: [
          '--checks',
          CHECKS,
          '--header',
          `Authorization: Bearer ${seeded.token}`,
          // The account's own deletion and password need its password, which the fuzz never has;
          // a stray success would only end the run early.
          '--exclude-path',
          '/api/auth/account',
          // A time budget, not a case count: coverage runs once, then fuzzing and stateful chains
          // repeat until it is spent, so the test takes about this long on a fast machine or a
          // loaded one, and does less on the latter instead of running late.
          '--max-time',
          String(FUZZ_SECONDS),
          '--max-examples',
          '10',
          '--seed',
          '33',
          '--workers',
          '2',
          '--max-failures',
          '50',
          '--continue-on-failure',
          // Every request and answer, for a failure that the console output does not explain.
          ...(process.env.PATCHBAY_FUZZ_REPORT_DIR
            ? ['--report', 'ndjson', '--report-dir', process.env.PATCHBAY_FUZZ_REPORT_DIR]
            : []),
        ],
        timeoutMs: (FUZZ_SECONDS + 120) * 1000,
      });
      expect(run.code, run.output).toBe(0);
    },
    (FUZZ_SECONDS + 180) * 1000,
  );
});
