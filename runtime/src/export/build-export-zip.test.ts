import { CTX_CONTRACT_DTS, CTX_CONTRACT_EXAMPLE } from '@patchbay/schema';
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildExportZip,
  exportFileName,
  type ExportConnection,
  type ExportInput,
} from './build-export-zip.ts';

// The export is only worth something if it runs without Patchbay, so these tests unzip it and
// run it with plain `node` against local HTTP servers standing in for the two APIs and an OAuth
// token endpoint, then check what those servers received.

/** The ctx contract's example: copy new customers into a CRM, remembering where it stopped. */
// The very example the docs and the LLM prompt show, so it is proven to run.
const SYNC_CODE = CTX_CONTRACT_EXAMPLE;

interface ReceivedRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status?: number;
  json?: unknown;
  delayMs?: number;
}

interface FakeApi {
  url: string;
  received: ReceivedRequest[];
  /** The most requests this server was handling at the same time. */
  maxInFlight: number;
  close(): Promise<void>;
}

async function startFakeApi(handle: (request: ReceivedRequest) => Reply): Promise<FakeApi> {
  const api: FakeApi = { url: '', received: [], maxInFlight: 0, close: async () => {} };
  let inFlight = 0;
  const server = createServer((req, res) => {
    inFlight += 1;
    api.maxInFlight = Math.max(api.maxInFlight, inFlight);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: ReceivedRequest = {
        method: req.method ?? '',
        pathname: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      api.received.push(request);
      const reply = handle(request);
      setTimeout(() => {
        inFlight -= 1;
        if (reply.json === undefined) {
          res.writeHead(reply.status ?? 204).end();
        } else {
          res
            .writeHead(reply.status ?? 200, { 'content-type': 'application/json' })
            .end(JSON.stringify(reply.json));
        }
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return api;
}

interface Customer {
  email: string;
  name: string;
  created: number;
}

let customers: Customer[];
/** When set, the source answers GET /api/v1/customers with this instead of the customers. */
let sourceFailure: Reply | undefined;
let sourceDelayMs: number;
let tokenExpiresIn: number;
/** The token endpoint also sends a new refresh token (rotated-N). */
let tokenRotates: boolean;
/** When set, the token endpoint answers this. */
let tokenFailure: Reply | undefined;
let source: FakeApi;
let destination: FakeApi;
let tokenEndpoint: FakeApi;
let workDir: string;

beforeEach(async () => {
  customers = [
    { email: 'ada@example.com', name: 'Ada', created: 100 },
    { email: 'grace@example.com', name: 'Grace', created: 200 },
  ];
  sourceFailure = undefined;
  sourceDelayMs = 0;
  tokenExpiresIn = 3600;
  tokenRotates = false;
  tokenFailure = undefined;
  source = await startFakeApi((request) => {
    if (sourceFailure) return sourceFailure;
    if (request.method === 'GET' && request.pathname === '/api/v1/customers') {
      const since = Number(request.query.get('created_gt') ?? 0);
      return {
        json: { data: customers.filter((c) => c.created > since) },
        delayMs: sourceDelayMs,
      };
    }
    return { status: 404, json: { error: 'no such route' } };
  });
  destination = await startFakeApi((request) =>
    request.method === 'POST' && request.pathname === '/contacts'
      ? { status: 201, json: { id: `contact-${destination.received.length}` } }
      : { status: 404, json: { error: 'no such route' } },
  );
  tokenEndpoint = await startFakeApi(
    () =>
      tokenFailure ?? {
        json: {
          access_token: `issued-token-${tokenEndpoint.received.length}`,
          token_type: 'Bearer',
          expires_in: tokenExpiresIn,
          ...(tokenRotates ? { refresh_token: `rotated-${tokenEndpoint.received.length}` } : {}),
        },
      },
  );
  workDir = await mkdtemp(join(tmpdir(), 'patchbay-export-'));
});

afterEach(async () => {
  await Promise.all([source.close(), destination.close(), tokenEndpoint.close()]);
  await rm(workDir, { recursive: true, force: true });
});

function connection(
  api: FakeApi,
  path: string,
  authType: ExportConnection['authType'],
  authConfig: ExportConnection['authConfig'] = {},
  name = authType === 'none' ? 'Open API' : 'Some API',
): ExportConnection {
  return { name, baseUrl: `${api.url}${path}`, authType, authConfig };
}

function exportInput(overrides: Partial<ExportInput> = {}): ExportInput {
  return {
    name: 'Stripe to HubSpot',
    code: SYNC_CODE,
    schedule: { everyMinutes: 15 },
    source: connection(source, '/api', 'api-key', {}, 'Stripe'),
    destination: connection(destination, '', 'none', {}, 'HubSpot'),
    exportedAt: new Date('2026-11-21T10:00:00Z'),
    ...overrides,
  };
}

function unzip(zip: Uint8Array): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(zip)).map(([path, bytes]) => [path, strFromU8(bytes)]),
  );
}

/** Unzips the export into the work directory and returns the project folder. */
async function exportProject(input: ExportInput): Promise<string> {
  for (const [path, content] of Object.entries(unzip(buildExportZip(input)))) {
    await mkdir(dirname(join(workDir, path)), { recursive: true });
    await writeFile(join(workDir, path), content);
  }
  return join(workDir, exportFileName(input.name).replace(/\.zip$/, ''));
}

async function writeEnv(project: string, variables: Record<string, string>): Promise<void> {
  const lines = Object.entries(variables).map(([name, value]) => `${name}=${value}\n`);
  await writeFile(join(project, '.env'), lines.join(''));
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `node run.js` as a user would start it, from another directory (as cron does) and with
 * nothing in the environment but what the test passes; credentials come from .env.
 */
function startProject(
  project: string,
  { args = [], env = {} }: { args?: string[]; env?: Record<string, string> } = {},
) {
  const child = spawn(process.execPath, [join(project, 'run.js'), ...args], {
    cwd: workDir,
    env,
  });
  const result: RunResult = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (result.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (result.stderr += chunk.toString()));
  const exited = new Promise<RunResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ ...result, code }));
  });
  return { child, result, exited };
}

function runProject(
  project: string,
  options?: { args?: string[]; env?: Record<string, string> },
): Promise<RunResult> {
  return startProject(project, options).exited;
}

/** The run's data, from the `data: ...` line run.js prints. */
function printedData(stdout: string): unknown {
  const line = /^\S+ INFO {2}data: (.*)$/m.exec(stdout);
  if (!line?.[1]) throw new Error(`no data line in:\n${stdout}`);
  return JSON.parse(line[1]);
}

function contactsPosted(): unknown[] {
  return destination.received.map((request) => JSON.parse(request.body));
}

const EXPECTED_CONTACTS = [
  { email: 'ada@example.com', name: 'Ada' },
  { email: 'grace@example.com', name: 'Grace' },
];

describe('buildExportZip', () => {
  it('puts a standalone, dependency-free project in one folder named after the integration', () => {
    const input = exportInput({ name: 'Stripe → HubSpot (EU)!' });
    const files = unzip(buildExportZip(input));

    expect(exportFileName(input.name)).toBe('stripe-hubspot-eu.zip');
    expect(Object.keys(files).sort()).toEqual(
      [
        '.env.example',
        '.gitignore',
        'README.md',
        'integration-context.d.ts',
        'integration.js',
        'package.json',
        'patchbay.config.json',
        'run.js',
        'runtime/config.js',
        'runtime/credentials.js',
        'runtime/fetch-host.js',
        'runtime/log.js',
        'runtime/oauth-token.js',
        'runtime/patchbay-runtime.js',
        'runtime/run-integration.js',
        'runtime/run-on-schedule.js',
        'runtime/state-store.js',
      ].map((path) => `stripe-hubspot-eu/${path}`),
    );
    expect(files['stripe-hubspot-eu/integration.js']).toBe(SYNC_CODE);
    expect(JSON.parse(files['stripe-hubspot-eu/package.json'] ?? '')).toEqual({
      name: 'stripe-hubspot-eu',
      private: true,
      description: 'Stripe → HubSpot (EU)!, exported from Patchbay',
      type: 'module',
      engines: { node: '>=20.12' },
      scripts: { start: 'node run.js', every: 'node run.js --every' },
    });
    expect(JSON.parse(files['stripe-hubspot-eu/patchbay.config.json'] ?? '')).toEqual({
      name: 'Stripe → HubSpot (EU)!',
      source: { name: 'Stripe', baseUrl: `${source.url}/api`, authType: 'api-key', authConfig: {} },
      destination: { name: 'HubSpot', baseUrl: destination.url, authType: 'none', authConfig: {} },
      schedule: { everyMinutes: 15 },
    });
    const readme = files['stripe-hubspot-eu/README.md'] ?? '';
    expect(readme).toContain('exported from Patchbay on 2026-11-21');
    expect(readme).toContain('`npm start`');
    expect(readme).toContain('`npm run every`');
    expect(readme).toContain('*/15 * * * *');
    expect(readme).toContain('state.json');
    // The ctx section comes from the shared contract, so it names everything ctx has.
    for (const member of ['source', 'destination', 'fetch(...)', 'state', 'log(...)', 'run']) {
      expect(readme).toContain(`- \`ctx.${member}\`: `);
    }
    expect(readme).toContain('- `ctx.NonRetryableError`: Throw an instance of this class');
    expect(files['stripe-hubspot-eu/integration-context.d.ts']).toBe(CTX_CONTRACT_DTS);
    expect(exportFileName('')).toBe('integration.zip');
  });

  it('is byte-identical for identical input, and dated by exportedAt', () => {
    const first = buildExportZip(exportInput());
    const second = buildExportZip(exportInput());
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);

    // Same day, so the README is the same: only the entries' modification time differs.
    const later = buildExportZip(exportInput({ exportedAt: new Date('2026-11-21T12:00:00Z') }));
    expect(Buffer.from(later).equals(Buffer.from(first))).toBe(false);
  });

  it('carries no secret, even one smuggled into authConfig', () => {
    const smuggled = {
      username: 'patchbay-user',
      password: 'hunter2-password',
      apiKey: 'sk_live_smuggled',
    } as ExportConnection['authConfig'];
    const files = unzip(
      buildExportZip(
        exportInput({
          source: connection(source, '/api', 'basic', smuggled),
          destination: connection(destination, '', 'oauth', {
            tokenUrl: `${tokenEndpoint.url}/oauth/token`,
            clientId: 'patchbay-client',
            clientSecret: 'client-secret-smuggled',
          } as ExportConnection['authConfig']),
        }),
      ),
    );
    const everything = Object.values(files).join('\n');
    for (const secret of ['hunter2-password', 'sk_live_smuggled', 'client-secret-smuggled']) {
      expect(everything).not.toContain(secret);
    }
    const config = JSON.parse(files['stripe-to-hubspot/patchbay.config.json'] ?? '');
    expect(config.source.authConfig).toEqual({ username: 'patchbay-user' });
    expect(config.destination.authConfig).toEqual({
      tokenUrl: `${tokenEndpoint.url}/oauth/token`,
      clientId: 'patchbay-client',
    });
  });

  it('.env.example names exactly the variables the two connections need, and which API each is for', () => {
    const cases: [ExportConnection, ExportConnection, string[]][] = [
      [
        connection(source, '', 'api-key', { name: 'X-Stripe-Key' }, 'Stripe'),
        connection(destination, '', 'bearer', {}, 'HubSpot'),
        ['SOURCE_API_KEY', 'DESTINATION_BEARER_TOKEN'],
      ],
      [
        connection(source, '', 'basic', { username: 'u' }, 'Stripe'),
        connection(destination, '', 'oauth', { tokenUrl: `${tokenEndpoint.url}/t` }, 'HubSpot'),
        ['SOURCE_BASIC_PASSWORD', 'DESTINATION_OAUTH_CLIENT_SECRET'],
      ],
      [
        connection(source, '', 'basic', { secretIn: 'username' }, 'Stripe'),
        connection(destination, '', 'none', {}, 'HubSpot'),
        ['SOURCE_BASIC_USERNAME'],
      ],
      [
        connection(source, '', 'oauth', {}, 'Stripe'),
        connection(destination, '', 'none', {}, 'HubSpot'),
        ['SOURCE_OAUTH_ACCESS_TOKEN'],
      ],
      [
        connection(
          source,
          '',
          'oauth',
          { grant: 'authorization_code', tokenUrl: 'https://a.test/t' },
          'Stripe',
        ),
        connection(
          destination,
          '',
          'oauth',
          { grant: 'authorization_code', clientId: 'app' },
          'HubSpot',
        ),
        [
          'SOURCE_OAUTH_REFRESH_TOKEN',
          'SOURCE_OAUTH_CLIENT_ID',
          'SOURCE_OAUTH_CLIENT_SECRET',
          'DESTINATION_OAUTH_REFRESH_TOKEN',
          'DESTINATION_OAUTH_CLIENT_SECRET',
        ],
      ],
      [
        connection(source, '', 'none', {}, 'Stripe'),
        connection(destination, '', 'none', {}, 'HubSpot'),
        [],
      ],
    ];
    for (const [sourceConnection, destinationConnection, expected] of cases) {
      const envExample =
        unzip(
          buildExportZip(
            exportInput({ source: sourceConnection, destination: destinationConnection }),
          ),
        )['stripe-to-hubspot/.env.example'] ?? '';
      const lines = envExample.split('\n').filter((line) => line !== '');
      // Every line is a comment or an empty assignment: nothing is filled in.
      expect(lines.every((line) => line.startsWith('# ') || /^[A-Z_]+=$/.test(line))).toBe(true);
      expect(
        lines.filter((line) => !line.startsWith('#')).map((line) => line.slice(0, -1)),
      ).toEqual(expected);
      // The comment above each variable names the API it is for.
      for (const variable of expected) {
        const comment = lines[lines.indexOf(`${variable}=`) - 1] ?? '';
        expect(comment).toMatch(
          variable.startsWith('SOURCE') ? /^# Stripe \(source/ : /^# HubSpot \(destination/,
        );
      }
    }
  });

  it('keeps a line break in an API name from adding a variable to .env.example', () => {
    const envExample =
      unzip(
        buildExportZip(
          exportInput({
            source: connection(source, '', 'bearer', {}, 'Evil\nSOURCE_BEARER_TOKEN=stolen'),
          }),
        ),
      )['stripe-to-hubspot/.env.example'] ?? '';
    expect(envExample.split('\n').filter((line) => !line.startsWith('#') && line !== '')).toEqual([
      'SOURCE_BEARER_TOKEN=',
    ]);
  });

  it('a cron schedule: the config keeps the cron and zone, the README a CRON_TZ line, --every says what to do', async () => {
    const input = exportInput({
      schedule: { cron: '30 9 * * 1-5', timeZone: 'Europe/Berlin' },
      source: connection(source, '/api', 'none'),
    });
    const files = unzip(buildExportZip(input));
    const config = JSON.parse(files['stripe-to-hubspot/patchbay.config.json'] ?? '{}') as {
      schedule: unknown;
    };
    expect(config.schedule).toEqual({ cron: '30 9 * * 1-5', timeZone: 'Europe/Berlin' });
    const readme = files['stripe-to-hubspot/README.md'] ?? '';
    expect(readme).toContain('- Schedule: cron `30 9 * * 1-5` in Europe/Berlin');
    expect(readme).toMatch(
      /CRON_TZ=Europe\/Berlin\n30 9 \* \* 1-5 cd \/path\/to\/stripe-to-hubspot && flock -n \.run\.lock/,
    );
    expect(readme).not.toContain('keeps running it every');

    const project = await exportProject(input);
    // One run, as the cron line starts it.
    const once = await runProject(project);
    expect(once.code, once.stdout + once.stderr).toBe(0);
    expect(contactsPosted()).toEqual(EXPECTED_CONTACTS);
    const every = await runProject(project, { args: ['--every'] });
    expect(every.code).toBe(1);
    expect(every.stdout + every.stderr).toContain(
      '--every needs an interval; this integration runs on the cron schedule "30 9 * * 1-5" (Europe/Berlin)',
    );
  });
});

describe('the exported project, run with node', () => {
  it('api-key: sends the key in the configured header (or X-API-Key) and prints the returned data', async () => {
    const project = await exportProject(
      exportInput({
        source: connection(source, '/api', 'api-key', { name: 'X-Stripe-Key' }),
        destination: connection(destination, '', 'api-key'),
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'sk_source_1', DESTINATION_API_KEY: 'dk_dest_2' });

    const run = await runProject(project);

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(source.received).toHaveLength(1);
    const [list] = source.received;
    expect(list?.pathname).toBe('/api/v1/customers');
    expect(list?.query.toString()).toBe('created_gt=0');
    expect(list?.headers['x-stripe-key']).toBe('sk_source_1');
    expect(list?.headers['x-api-key']).toBeUndefined();
    expect(destination.received.map((r) => r.headers['x-api-key'])).toEqual([
      'dk_dest_2',
      'dk_dest_2',
    ]);
    expect(destination.received[0]?.headers['content-type']).toBe('application/json');
    expect(contactsPosted()).toEqual(EXPECTED_CONTACTS);
    expect(printedData(run.stdout)).toEqual({ synced: 2 });
    expect(run.stdout).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z INFO {2}synced 2 customers$/m,
    );
  });

  it('api-key in the query: adds the parameter, and never prints the key', async () => {
    const project = await exportProject(
      exportInput({ source: connection(source, '/api', 'api-key', { in: 'query', name: 'key' }) }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'sk_in_query' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(source.received[0]?.query.get('key')).toBe('sk_in_query');
    expect(source.received[0]?.query.get('created_gt')).toBe('0');
    expect(source.received[0]?.headers['x-api-key']).toBeUndefined();

    // A failing request names its URL, without the key the runtime added.
    sourceFailure = { status: 500, json: { error: 'boom' } };
    const failed = await runProject(project);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain(`GET ${source.url}/api/v1/customers?created_gt=200 → 500`);
    expect(failed.stdout + failed.stderr).not.toContain('sk_in_query');
  });

  it('bearer: sends Authorization: Bearer <token>', async () => {
    const project = await exportProject(
      exportInput({ destination: connection(destination, '', 'bearer') }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k', DESTINATION_BEARER_TOKEN: 'bearer-token-9' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(destination.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer bearer-token-9',
      'Bearer bearer-token-9',
    ]);
    expect(contactsPosted()).toEqual(EXPECTED_CONTACTS);
  });

  it('basic: sends Authorization: Basic base64(username:password)', async () => {
    const project = await exportProject(
      exportInput({
        source: connection(source, '/api', 'basic', { username: 'patchbay-user' }),
      }),
    );
    await writeEnv(project, { SOURCE_BASIC_PASSWORD: 'pa:ss-wörd' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    const expected = `Basic ${Buffer.from('patchbay-user:pa:ss-wörd').toString('base64')}`;
    expect(source.received[0]?.headers.authorization).toBe(expected);
  });

  it('oauth: gets a token with the client credentials grant once and reuses it', async () => {
    const project = await exportProject(
      exportInput({
        destination: connection(destination, '', 'oauth', {
          tokenUrl: `${tokenEndpoint.url}/oauth/token`,
          clientId: 'patchbay-client',
          scope: 'contacts.read contacts.write',
        }),
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k', DESTINATION_OAUTH_CLIENT_SECRET: 'cs-123' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(tokenEndpoint.received).toHaveLength(1);
    const [tokenRequest] = tokenEndpoint.received;
    expect(tokenRequest?.method).toBe('POST');
    expect(tokenRequest?.pathname).toBe('/oauth/token');
    expect(tokenRequest?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(tokenRequest?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'patchbay-client',
      client_secret: 'cs-123',
      scope: 'contacts.read contacts.write',
    });
    // Two contacts, two requests, one token.
    expect(destination.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer issued-token-1',
      'Bearer issued-token-1',
    ]);
  });

  it('oauth: fetches a new token when the old one is about to expire', async () => {
    tokenExpiresIn = 2; // refreshed half-way through, after 1 s
    const project = await exportProject(
      exportInput({
        code: `export default async function run(ctx) {
  await ctx.destination.post('/contacts', { json: { n: 1 } });
  await ctx.destination.post('/contacts', { json: { n: 2 } });
  await new Promise((resolve) => setTimeout(resolve, 1300));
  await ctx.destination.post('/contacts', { json: { n: 3 } });
}
`,
        destination: connection(destination, '', 'oauth', {
          tokenUrl: `${tokenEndpoint.url}/oauth/token`,
        }),
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k', DESTINATION_OAUTH_CLIENT_SECRET: 'cs-123' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(tokenEndpoint.received).toHaveLength(2);
    expect(destination.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer issued-token-1',
      'Bearer issued-token-1',
      'Bearer issued-token-2',
    ]);
  });

  it('oauth, a connected account: refreshes its token, keeps a rotated refresh token for the next run', async () => {
    tokenRotates = true;
    const project = await exportProject(
      exportInput({
        destination: connection(destination, '', 'oauth', {
          grant: 'authorization_code',
          tokenUrl: `${tokenEndpoint.url}/oauth/token`,
          clientId: 'patchbay-app',
        }),
      }),
    );
    const readme = await readFile(join(project, 'README.md'), 'utf8');
    expect(readme).toContain('## Connected accounts (OAuth 2.0)');
    await writeEnv(project, {
      SOURCE_API_KEY: 'k',
      DESTINATION_OAUTH_REFRESH_TOKEN: 'rt-from-env',
      DESTINATION_OAUTH_CLIENT_SECRET: 'cs-123',
    });

    expect((await runProject(project)).code).toBe(0);
    expect(tokenEndpoint.received).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(tokenEndpoint.received[0]?.body))).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-from-env',
      client_id: 'patchbay-app',
      client_secret: 'cs-123',
    });
    expect(destination.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer issued-token-1',
      'Bearer issued-token-1',
    ]);

    // The provider rotated the refresh token: the next run sends the new one, not the spent one.
    customers.push({ email: 'linus@example.com', name: 'Linus', created: 300 });
    expect((await runProject(project)).code).toBe(0);
    expect(new URLSearchParams(tokenEndpoint.received[1]?.body).get('refresh_token')).toBe(
      'rotated-1',
    );
    expect(JSON.parse(await readFile(join(project, '.oauth-tokens.json'), 'utf8'))).toEqual({
      destination: { from: 'rt-from-env', refreshToken: 'rotated-2' },
    });
  });

  it('oauth, a connected account whose refresh token is refused: the run says to get a new one', async () => {
    tokenFailure = { status: 400, json: { error: 'invalid_grant' } };
    const project = await exportProject(
      exportInput({
        destination: connection(destination, '', 'oauth', {
          grant: 'authorization_code',
          tokenUrl: `${tokenEndpoint.url}/oauth/token`,
        }),
      }),
    );
    await writeEnv(project, {
      SOURCE_API_KEY: 'k',
      DESTINATION_OAUTH_REFRESH_TOKEN: 'rt-revoked',
      DESTINATION_OAUTH_CLIENT_ID: 'own-app',
      DESTINATION_OAUTH_CLIENT_SECRET: 'cs-123',
    });
    const run = await runProject(project);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(
      /refused its refresh token \(invalid_grant\): connect the account again and put the new refresh token in DESTINATION_OAUTH_REFRESH_TOKEN/,
    );
    expect(destination.received).toHaveLength(0);
  });

  it('oauth without a token URL: the secret is an access token, sent as a bearer token', async () => {
    const project = await exportProject(
      exportInput({ destination: connection(destination, '', 'oauth', { clientId: 'unused' }) }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k', DESTINATION_OAUTH_ACCESS_TOKEN: 'at-77' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(tokenEndpoint.received).toHaveLength(0);
    expect(destination.received.map((r) => r.headers.authorization)).toEqual([
      'Bearer at-77',
      'Bearer at-77',
    ]);
  });

  it('none: adds no credential and needs no variable', async () => {
    const project = await exportProject(
      exportInput({
        source: connection(source, '/api', 'none'),
        destination: connection(destination, '', 'none'),
      }),
    );

    const run = await runProject(project);

    expect(run.code).toBe(0);
    for (const request of [...source.received, ...destination.received]) {
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['x-api-key']).toBeUndefined();
    }
    expect(source.received[0]?.query.toString()).toBe('created_gt=0');
    expect(contactsPosted()).toEqual(EXPECTED_CONTACTS);
  });

  it('keeps state between runs: the next run starts from the saved cursor', async () => {
    const project = await exportProject(exportInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k' });

    expect((await runProject(project)).code).toBe(0);
    expect(JSON.parse(await readFile(join(project, 'state.json'), 'utf8'))).toEqual({
      cursor: 200,
    });

    customers.push({ email: 'linus@example.com', name: 'Linus', created: 300 });
    const second = await runProject(project);

    expect(second.code).toBe(0);
    expect(source.received.map((r) => r.query.get('created_gt'))).toEqual(['0', '200']);
    expect(contactsPosted()).toEqual([
      ...EXPECTED_CONTACTS,
      { email: 'linus@example.com', name: 'Linus' },
    ]);
    expect(printedData(second.stdout)).toEqual({ synced: 1 });
    expect(JSON.parse(await readFile(join(project, 'state.json'), 'utf8'))).toEqual({
      cursor: 300,
    });
  });

  it('a failed run saves nothing: state.json is left as it was', async () => {
    const project = await exportProject(
      exportInput({
        code: `export default async function run(ctx) {
  await ctx.state.set('cursor', 999);
  await ctx.state.delete('keep');
  await ctx.source.get('/v1/customers');
}
`,
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k' });
    const before = '{ "cursor": 100, "keep": true }\n';
    await writeFile(join(project, 'state.json'), before);
    sourceFailure = { status: 503, json: { error: 'maintenance' } };

    const run = await runProject(project);

    expect(run.code).toBe(1);
    expect(await readFile(join(project, 'state.json'), 'utf8')).toBe(before);
  });

  it('a 4xx response throws an HttpError the code can catch, with status and parsed body', async () => {
    const project = await exportProject(
      exportInput({
        code: `export default async function run(ctx) {
  try {
    await ctx.source.get('/v1/missing', { query: { id: 7 } });
    return 'no error';
  } catch (err) {
    return { name: err.name, status: err.status, body: err.body, method: err.method, url: err.url, message: err.message };
  }
}
`,
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    const url = `${source.url}/api/v1/missing?id=7`;
    expect(printedData(run.stdout)).toEqual({
      name: 'HttpError',
      status: 404,
      body: { error: 'no such route' },
      method: 'GET',
      url,
      message: `GET ${url} → 404`,
    });
  });

  it('an uncaught 5xx fails the run: exit 1, with the status and body printed', async () => {
    const project = await exportProject(exportInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k' });
    sourceFailure = { status: 503, json: { error: 'maintenance' } };

    const run = await runProject(project);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `HttpError: GET ${source.url}/api/v1/customers?created_gt=0 → 503`,
    );
    expect(run.stderr).toContain('status: 503');
    expect(run.stderr).toContain('body: {"error":"maintenance"}');
    expect(run.stdout).not.toContain('data:');
    expect(destination.received).toHaveLength(0);
  });

  it('a missing credential stops the run before any request, naming the variable', async () => {
    const project = await exportProject(
      exportInput({ destination: connection(destination, '', 'bearer') }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k' });

    const run = await runProject(project);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Missing environment variable DESTINATION_BEARER_TOKEN');
    expect(source.received).toHaveLength(0);

    // .env.example copied as it is, without filling it in, counts as missing too.
    await writeFile(join(project, '.env'), await readFile(join(project, '.env.example')));
    const unfilled = await runProject(project);
    expect(unfilled.code).toBe(1);
    expect(unfilled.stderr).toContain('Missing environment variable SOURCE_API_KEY');
    expect(source.received).toHaveLength(0);
  });

  it('ctx.fetch reaches other URLs without credentials; the API clients refuse full URLs', async () => {
    const project = await exportProject(
      exportInput({
        source: connection(source, '/api', 'bearer'),
        code: `export default async function run(ctx) {
  const other = await ctx.fetch('${destination.url}/contacts', { method: 'POST', json: { via: 'fetch' } });
  let refused = null;
  try {
    await ctx.source.get('${destination.url}/contacts');
  } catch (err) {
    refused = err.name;
  }
  console.warn('careful', { n: 1 });
  return { other, refused, run: ctx.run };
}
`,
      }),
    );
    await writeEnv(project, { SOURCE_BEARER_TOKEN: 'source-only-token' });

    const run = await runProject(project);

    expect(run.code).toBe(0);
    expect(destination.received).toHaveLength(1);
    expect(destination.received[0]?.headers.authorization).toBeUndefined();
    expect(contactsPosted()).toEqual([{ via: 'fetch' }]);
    const data = printedData(run.stdout) as { other: unknown; refused: unknown; run: unknown };
    expect(data.other).toEqual({ id: 'contact-1' });
    expect(data.refused).toBe('TypeError');
    expect(data.run).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      attempt: 1,
      mode: 'deployed',
      scheduledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    // Formatted as Patchbay's sandbox formats it (formatLogArgs in @patchbay/runtime).
    expect(run.stderr).toMatch(/^\S+Z WARN {2}careful \{"n":1\}$/m);
  });

  it('ctx.NonRetryableError stops the run cleanly: exit 1, the message printed, nothing saved', async () => {
    const project = await exportProject(
      exportInput({
        code: `export default async function run(ctx) {
  await ctx.state.set('cursor', 1);
  throw new ctx.NonRetryableError('The source returned no customers list');
}
`,
      }),
    );
    await writeEnv(project, { SOURCE_API_KEY: 'k' });

    const run = await runProject(project);

    expect(run.code).toBe(1);
    expect(run.stderr).toContain('NonRetryableError: The source returned no customers list');
    expect(run.stderr).toContain('retrying cannot fix it');
    expect(run.stderr).not.toContain('TypeError');
    await expect(readFile(join(project, 'state.json'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('--every runs on the schedule, carrying state, never overlapping runs, until stopped', async () => {
    sourceDelayMs = 500; // each run outlasts the 300 ms interval
    const project = await exportProject(exportInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k', RUN_EVERY_MINUTES: '0.005' });

    const running = startProject(project, { args: ['--every'] });
    while (source.received.length < 3) {
      if (running.child.exitCode !== null) throw new Error(running.result.stderr);
      await sleep(50);
    }
    running.child.kill('SIGTERM');
    const run = await running.exited;

    expect(run.code).toBe(0);
    expect(source.maxInFlight).toBe(1);
    expect(source.received.slice(0, 3).map((r) => r.query.get('created_gt'))).toEqual([
      '0',
      '200',
      '200',
    ]);
    expect(run.stderr).toMatch(/skipped \d+ tick/);
    expect(run.stdout).toContain('SIGTERM: stopping after the current run');
  });
});

describe('the exported webhook listener', () => {
  const SECRET = 'whsec_export_listener_secret';
  // Opens a contact for each event it is given, and says what it saw.
  const EVENT_CODE = `export default async function run(ctx) {
  const customer = ctx.event.body.data.object;
  await ctx.destination.post('/contacts', { json: { email: customer.email, name: customer.name } });
  return { eventId: ctx.event.id, headers: Object.keys(ctx.event.headers).sort() };
}`;
  const webhookInput = () =>
    exportInput({
      code: EVENT_CODE,
      webhook: { signature: { scheme: 'stripe', toleranceSeconds: 300 }, eventIdPath: 'id' },
    });
  const event = {
    id: 'evt_export_1',
    type: 'customer.created',
    data: { object: { email: 'ada@example.com', name: 'Ada' } },
  };
  const sign = (body: string, secret = SECRET) => {
    const at = Math.floor(Date.now() / 1000);
    return `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
  };

  it('ships listen.js, the checks, the settings and the secret variable only for a webhook integration', () => {
    const files = unzip(buildExportZip(webhookInput()));
    const folder = 'stripe-to-hubspot/';
    expect(files[`${folder}listen.js`]).toContain('verifySignature');
    expect(files[`${folder}runtime/webhooks.js`]).toContain('timingSafeEqual');
    expect(JSON.parse(files[`${folder}patchbay.config.json`] ?? '{}')).toMatchObject({
      webhook: { signature: { scheme: 'stripe' }, eventIdPath: 'id' },
    });
    expect(JSON.parse(files[`${folder}package.json`] ?? '{}')).toMatchObject({
      scripts: { listen: 'node listen.js' },
    });
    expect(files[`${folder}.env.example`]).toMatch(/^WEBHOOK_SIGNING_SECRET=$/m);
    expect(files[`${folder}README.md`]).toContain('## Receive its webhook');

    const scheduled = unzip(buildExportZip(exportInput()));
    expect(scheduled[`${folder}listen.js`]).toBeUndefined();
    expect(scheduled[`${folder}.env.example`]).not.toContain('WEBHOOK_SIGNING_SECRET');
  });

  it('verifies signatures as Patchbay does, runs each event once with ctx.event, and answers a redelivery as a duplicate', async () => {
    const project = await exportProject(webhookInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k', WEBHOOK_SIGNING_SECRET: SECRET });
    const child = spawn(process.execPath, [join(project, 'listen.js')], {
      cwd: workDir,
      env: { PORT: '0', HOST: '127.0.0.1' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      let url: string | undefined;
      for (let wait = 0; wait < 100 && !url; wait += 1) {
        url = /listening for webhook deliveries on (\S+)/.exec(stdout)?.[1];
        if (!url) await sleep(100);
      }
      if (!url) throw new Error(`the listener did not start:\n${stdout}`);
      const body = JSON.stringify(event);
      const post = (signature: string, text = body) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: text,
        });

      const first = await post(sign(body));
      expect(first.status).toBe(200);
      const answer = (await first.json()) as { eventId: string; data: { headers: string[] } };
      expect(answer.eventId).toBe('evt_export_1');
      expect(answer.data.headers).toContain('content-type');
      expect(answer.data.headers).not.toContain('stripe-signature');
      expect(contactsPosted()).toEqual([{ email: 'ada@example.com', name: 'Ada' }]);

      const again = await post(sign(body));
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ duplicate: true, eventId: 'evt_export_1' });

      const forged = await post(sign(body, 'whsec_someone_else'));
      expect(forged.status).toBe(401);
      expect(contactsPosted()).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('close', resolve));
    }
  });

  it('refuses to start without the signing secret the scheme needs', async () => {
    const project = await exportProject(webhookInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k' });
    const child = spawn(process.execPath, [join(project, 'listen.js')], { cwd: workDir, env: {} });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(output).toContain('WEBHOOK_SIGNING_SECRET is not set');
  });

  it('run.js --event runs once with ctx.event from a file', async () => {
    const project = await exportProject(webhookInput());
    await writeEnv(project, { SOURCE_API_KEY: 'k' });
    await writeFile(join(workDir, 'event.json'), JSON.stringify({ id: 'evt_file', body: event }));
    const run = await runProject(project, { args: ['--event', join(workDir, 'event.json')] });
    expect(run.code).toBe(0);
    expect(printedData(run.stdout)).toEqual({ eventId: 'evt_file', headers: [] });
    expect(contactsPosted()).toEqual([{ email: 'ada@example.com', name: 'Ada' }]);
  });
});
