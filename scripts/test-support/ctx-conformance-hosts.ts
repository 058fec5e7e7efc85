import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TAuthConfig, TAuthType, TWebhookEvent } from '@patchbay/schema';
import { buildExportZip, exportSlug } from '@patchbay/runtime/export';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect } from 'vitest';
import { credentialVariable } from '../../runtime/src/export/credential-variables.ts';
import { SandboxPool, type SandboxRunResult } from '../../workers/src/sandbox/index.ts';

// The harness of the ctx conformance suite (scripts/ctx-conformance*.test.ts, ADR 012):
// a program runs in the sandbox (a real SandboxPool) and in an exported project (unzipped and run
// with plain `node run.js`), against the same HTTP servers on loopback. The two hosts must agree
// on everything a user can observe: the return value, the requests sent (method, URL, headers
// that matter, body), the logs, the state changes and the error (name, message, status, body).
// Any difference fails. Secrets are long and distinctive: the sandbox redacts every secret
// wherever it appears (ADR 012), which is on purpose and not part of the comparison.

/** Headers each host's HTTP client adds on its own; everything else the APIs receive must match. */
const TRANSPORT_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'sec-fetch-mode',
]);

interface Received {
  api: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface Reply {
  status?: number;
  /** Sent as JSON; a string is sent as text/plain. Nothing at all for 204. */
  body?: unknown;
  contentType?: string;
}

export type Handler = (request: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}) => Reply;

interface Api {
  name: string;
  url: string;
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** Every request any API received, in arrival order, for the host being run. */
let received: Received[] = [];

async function startApi(name: string): Promise<Api> {
  let handler: Handler = () => ({ status: 404, body: { error: 'no handler' } });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://loopback');
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(req.headers)) {
        if (!TRANSPORT_HEADERS.has(key)) headers[key] = String(value);
      }
      received.push({ api: name, method: req.method ?? '', url: req.url ?? '', headers, body });
      const reply = handler({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        body,
      });
      const status = reply.status ?? 200;
      if (reply.body === undefined) {
        res.writeHead(status).end();
      } else if (typeof reply.body === 'string') {
        res
          .writeHead(status, { 'content-type': reply.contentType ?? 'text/plain' })
          .end(reply.body);
      } else {
        res
          .writeHead(status, { 'content-type': reply.contentType ?? 'application/json' })
          .end(JSON.stringify(reply.body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    name,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    handle: (next) => void (handler = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Connection {
  /** Appended to the API's URL. */
  path?: string;
  authType: TAuthType;
  authConfig?: TAuthConfig;
  secret?: string;
}

export interface Program {
  code: string;
  source: Connection;
  destination: Connection;
  state?: Record<string, unknown>;
  /** ctx.event: a webhook run's event; the export gets it with run.js --event. */
  event?: TWebhookEvent;
  /** Set up the APIs' answers; called before each host runs, so both start alike. */
  serve(): void;
  /** What the sandbox must report, so a case cannot pass by failing the same way twice. */
  expected: 'success' | { error: string };
}

/** What both hosts report, in one shape. */
export interface Observed {
  status: 'success' | 'failed';
  data: unknown;
  logs: { level: string; message: string }[];
  stateChanges: { set: Record<string, unknown>; deleted: string[] };
  error: { name: string; message: string; status?: number; body?: unknown } | null;
  requests: Received[];
}

let pool: SandboxPool;
// Live bindings: set by useConformanceHosts' beforeAll, read by the test files.
export let source: Api;
export let destination: Api;
export let other: Api;
export let tokens: Api;
let workDir: string;

/** Starts a sandbox pool and the loopback APIs for the calling test file, and stops them after. */
export function useConformanceHosts(): void {
  beforeAll(async () => {
    pool = new SandboxPool({ size: 1 });
    [source, destination, other, tokens] = await Promise.all([
      startApi('source'),
      startApi('destination'),
      startApi('other'),
      startApi('tokens'),
    ]);
    // A token derived from the client secret, so both hosts are issued the same one.
    tokens.handle(({ body }) => ({
      body: {
        access_token: `token-for-${new URLSearchParams(body).get('client_secret')}`,
        token_type: 'Bearer',
        expires_in: 3600,
      },
    }));
    workDir = await mkdtemp(join(tmpdir(), 'patchbay-conformance-'));
  });

  afterAll(async () => {
    await pool?.close();
    await Promise.all([source, destination, other, tokens].map((api) => api?.close()));
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });
}

function baseUrl(api: Api, connection: Connection): string {
  return `${api.url}${connection.path ?? ''}`;
}

/** The URLs differ only by port between runs; tests show them with the API's name instead. */
export function withNames(value: unknown): unknown {
  let text = JSON.stringify(value);
  for (const api of [source, destination, other, tokens]) {
    text = text.replaceAll(api.url, `http://${api.name}`);
  }
  return JSON.parse(text);
}

async function runInSandbox(program: Program): Promise<Observed> {
  received = [];
  program.serve();
  const connection = (api: Api, c: Connection) => ({
    baseUrl: baseUrl(api, c),
    authType: c.authType,
    authConfig: c.authConfig ?? {},
    secret: c.secret ?? null,
  });
  const result: SandboxRunResult = await pool.run({
    code: program.code,
    source: connection(source, program.source),
    destination: connection(destination, program.destination),
    state: program.state ?? {},
    run: { id: 'conformance', attempt: 1, mode: 'deployed', scheduledAt: new Date().toISOString() },
    event: program.event ?? null,
    allowPrivateNetwork: true,
  });
  return {
    status: result.status,
    data: result.data,
    logs: result.logs.map(({ level, message }) => ({ level, message })),
    stateChanges: result.stateChanges,
    error: result.error
      ? {
          name: result.error.name,
          message: result.error.message,
          ...(result.error.status === undefined
            ? {}
            : { status: result.error.status, body: result.error.body }),
        }
      : null,
    requests: received,
  };
}

async function runExported(program: Program, name: string): Promise<Observed> {
  received = [];
  program.serve();
  const connection = (api: Api, c: Connection) => ({
    name: `${api.name} API`,
    baseUrl: baseUrl(api, c),
    authType: c.authType,
    authConfig: c.authConfig ?? {},
  });
  const zip = buildExportZip({
    name,
    code: program.code,
    schedule: { everyMinutes: 15 },
    source: connection(source, program.source),
    destination: connection(destination, program.destination),
    exportedAt: new Date('2026-11-23T00:00:00Z'),
  });
  const caseDir = await mkdtemp(join(workDir, 'case-'));
  for (const [path, bytes] of Object.entries(unzipSync(zip))) {
    await mkdir(dirname(join(caseDir, path)), { recursive: true });
    await writeFile(join(caseDir, path), strFromU8(bytes));
  }
  const project = join(caseDir, exportSlug(name));
  const env: Record<string, string> = {};
  for (const role of ['source', 'destination'] as const) {
    const c = program[role];
    // The names the export reads, from the code that writes its .env.example.
    const variable = credentialVariable(
      role,
      connection(role === 'source' ? source : destination, c),
    );
    if (variable && c.secret) env[variable.name] = c.secret;
  }
  if (program.state) {
    await writeFile(join(project, 'state.json'), JSON.stringify(program.state));
  }
  const reportFile = join(caseDir, 'report.json');
  const eventArgs: string[] = [];
  if (program.event) {
    await writeFile(join(caseDir, 'event.json'), JSON.stringify(program.event));
    eventArgs.push('--event', join(caseDir, 'event.json'));
  }
  const exit = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const args = [join(project, 'run.js'), '--report', reportFile, ...eventArgs];
    const child = spawn(process.execPath, args, { cwd: caseDir, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
  const report = JSON.parse(await readFile(reportFile, 'utf8').catch(() => 'null')) as {
    status: 'success' | 'failed';
    data: unknown;
    logs: { level: string; message: string }[];
    stateChanges: { set: Record<string, unknown>; deleted: string[] };
    error?: { name: string; message: string; status?: number; body?: unknown };
  } | null;
  if (!report) throw new Error(`the exported project wrote no report:\n${exit.output}`);
  expect(exit.code, exit.output).toBe(report.status === 'success' ? 0 : 1);
  return {
    status: report.status,
    data: report.data,
    logs: report.logs,
    stateChanges: report.stateChanges,
    error: report.error
      ? {
          name: report.error.name,
          message: report.error.message,
          ...(report.error.status === undefined
            ? {}
            : { status: report.error.status, body: report.error.body }),
        }
      : null,
    requests: received,
  };
}

/** `${OTHER}` and `${TOKENS}` in a program stand for those servers' URLs, known only at run time. */
function fill(program: Program): Program {
  const text = (value: string) =>
    value.replaceAll('${OTHER}', other.url).replaceAll('${TOKENS}', tokens.url);
  const connection = (c: Connection): Connection =>
    c.authConfig?.tokenUrl
      ? { ...c, authConfig: { ...c.authConfig, tokenUrl: text(c.authConfig.tokenUrl) } }
      : c;
  return {
    ...program,
    code: text(program.code),
    source: connection(program.source),
    destination: connection(program.destination),
  };
}

/** Runs the program on both hosts and fails on any difference. */
export async function conforms(name: string, template: Program): Promise<Observed> {
  const program = fill(template);
  const sandbox = withNames(await runInSandbox(program)) as Observed;
  const exported = withNames(await runExported(program, name)) as Observed;
  if (program.expected === 'success') {
    expect(sandbox.error, JSON.stringify(sandbox.error)).toBeNull();
  } else {
    expect(sandbox.error?.name).toBe(program.expected.error);
  }
  expect(exported).toEqual(sandbox);
  return sandbox;
}

export const NONE: Connection = { authType: 'none' };
