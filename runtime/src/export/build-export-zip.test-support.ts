import { CTX_CONTRACT_EXAMPLE } from '@patchbay/schema';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach } from 'vitest';
import {
  buildExportZip,
  exportFileName,
  type ExportConnection,
  type ExportInput,
} from './build-export-zip.ts';

// What the export tests share: fake servers standing in for the two APIs and an OAuth token
// endpoint, which record what they receive, and helpers that unzip an export into a work
// directory and run it with plain `node`, as a user would.

// The very example the docs and the LLM prompt show, so it is proven to run.
export const SYNC_CODE = CTX_CONTRACT_EXAMPLE;

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

export interface FakeApi {
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

/** How the fake servers answer; each test starts from the defaults and may change them. */
interface Scenario {
  /** What the source lists at GET /api/v1/customers (those created after `created_gt`). */
  customers: Customer[];
  /** When set, the source answers GET /api/v1/customers with this instead of the customers. */
  sourceFailure: Reply | undefined;
  sourceDelayMs: number;
  tokenExpiresIn: number;
  /** The token endpoint also sends a new refresh token (rotated-N), as a rotating provider does. */
  tokenRotates: boolean;
  /** When set, the token endpoint answers this. */
  tokenFailure: Reply | undefined;
}

function defaultScenario(): Scenario {
  return {
    customers: [
      { email: 'ada@example.com', name: 'Ada', created: 100 },
      { email: 'grace@example.com', name: 'Grace', created: 200 },
    ],
    sourceFailure: undefined,
    sourceDelayMs: 0,
    tokenExpiresIn: 3600,
    tokenRotates: false,
    tokenFailure: undefined,
  };
}

/** The running test's scenario: set its fields to change how the servers answer. */
export const scenario: Scenario = defaultScenario();

// The servers and the work directory of the running test. They are live bindings: a test file
// reads the ones its own beforeEach started.
export let source: FakeApi;
export let destination: FakeApi;
export let tokenEndpoint: FakeApi;
export let workDir: string;

/** Starts the source, destination and token endpoint, and a work directory, for each test. */
export function useExportFakes(): void {
  beforeEach(async () => {
    Object.assign(scenario, defaultScenario());
    source = await startFakeApi((request) => {
      if (scenario.sourceFailure) return scenario.sourceFailure;
      if (request.method === 'GET' && request.pathname === '/api/v1/customers') {
        const since = Number(request.query.get('created_gt') ?? 0);
        return {
          json: { data: scenario.customers.filter((c) => c.created > since) },
          delayMs: scenario.sourceDelayMs,
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
        scenario.tokenFailure ?? {
          json: {
            access_token: `issued-token-${tokenEndpoint.received.length}`,
            token_type: 'Bearer',
            expires_in: scenario.tokenExpiresIn,
            ...(scenario.tokenRotates
              ? { refresh_token: `rotated-${tokenEndpoint.received.length}` }
              : {}),
          },
        },
    );
    workDir = await mkdtemp(join(tmpdir(), 'patchbay-export-'));
  });

  afterEach(async () => {
    await Promise.all([source.close(), destination.close(), tokenEndpoint.close()]);
    await rm(workDir, { recursive: true, force: true });
  });
}

export function connection(
  api: FakeApi,
  path: string,
  authType: ExportConnection['authType'],
  authConfig: ExportConnection['authConfig'] = {},
  name = authType === 'none' ? 'Open API' : 'Some API',
): ExportConnection {
  return { name, baseUrl: `${api.url}${path}`, authType, authConfig };
}

export function exportInput(overrides: Partial<ExportInput> = {}): ExportInput {
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

export function unzip(zip: Uint8Array): Record<string, string> {
  return Object.fromEntries(
    Object.entries(unzipSync(zip)).map(([path, bytes]) => [path, strFromU8(bytes)]),
  );
}

/** Unzips the export into the work directory and returns the project folder. */
export async function exportProject(input: ExportInput): Promise<string> {
  for (const [path, content] of Object.entries(unzip(buildExportZip(input)))) {
    await mkdir(dirname(join(workDir, path)), { recursive: true });
    await writeFile(join(workDir, path), content);
  }
  return join(workDir, exportFileName(input.name).replace(/\.zip$/, ''));
}

export async function writeEnv(project: string, variables: Record<string, string>): Promise<void> {
  const lines = Object.entries(variables).map(([name, value]) => `${name}=${value}\n`);
  await writeFile(join(project, '.env'), lines.join(''));
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `node run.js` as a user would start it, from another directory (as cron does) and with
 * nothing in the environment but what the test passes; credentials come from .env.
 */
export function startProject(
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

export function runProject(
  project: string,
  options?: { args?: string[]; env?: Record<string, string> },
): Promise<RunResult> {
  return startProject(project, options).exited;
}

/** The run's data, from the `data: ...` line run.js prints. */
export function printedData(stdout: string): unknown {
  const line = /^\S+ INFO {2}data: (.*)$/m.exec(stdout);
  if (!line?.[1]) throw new Error(`no data line in:\n${stdout}`);
  return JSON.parse(line[1]);
}

export function contactsPosted(): unknown[] {
  return destination.received.map((request) => JSON.parse(request.body));
}

export const EXPECTED_CONTACTS = [
  { email: 'ada@example.com', name: 'Ada' },
  { email: 'grace@example.com', name: 'Grace' },
];
