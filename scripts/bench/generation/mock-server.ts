// One loopback HTTP server that plays every vendor of every task: each side of a task is a
// vendor instance mounted at /<taskId>/<src|dst><mountPrefix>. The server checks the side's
// credential (ZTaskAuth) before the vendor sees a request, serves an oauth side's token
// endpoint and an in-house side's OpenAPI document, and records every request so the checks
// can count writes. The vendor modules themselves only play the API (contract.ts).
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import type {
  MockRequest,
  MockResponse,
  Mutation,
  TaskSide,
  VendorInstance,
  VendorMock,
} from './contract.ts';
import { applyMutation, fillPlaceholders } from './mock-data.ts';
import { authorized, tokenResponse } from './mock-auth.ts';

export const GENERATION_DIR = import.meta.dirname;
const VENDORS_DIR = path.join(GENERATION_DIR, 'vendors');
const OPENAPI_DIR = path.join(GENERATION_DIR, 'openapi');
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type SideName = 'source' | 'destination';

export interface RecordedRequest {
  method: string;
  /** After the mount and mountPrefix, without the query. */
  path: string;
  /** The query string with its "?", or "". */
  query: string;
  body: unknown;
  status: number;
  /** A request to the oauth token endpoint: authentication, not a write. */
  token?: true;
}

export interface MountedSide {
  side: SideName;
  /** The absolute URL of the mount + mountPrefix (what the vendor sees as its origin). */
  origin: string;
  /** What the user types as Base URL: origin + baseUrlPath. */
  baseUrl: string;
  instance: VendorInstance;
  requests: RecordedRequest[];
  /** What went wrong inside the vendor module (a thrown handler): a task or mock bug. */
  mockErrors: string[];
  /** Write requests (POST/PUT/PATCH/DELETE) since the log was last reset. */
  writes(): number;
  resetRequests(): void;
  /** The oauth tokens this side issued; the harness never needs them, the tests do. */
  tokens: Set<string>;
}

interface Mount extends MountedSide {
  taskSide: TaskSide;
  vendor: VendorMock;
  prefix: string;
}

const vendorCache = new Map<string, Promise<VendorMock>>();

/** The vendor module vendors/<name>.ts, imported once. */
export function loadVendor(name: string): Promise<VendorMock> {
  let loading = vendorCache.get(name);
  if (!loading) {
    const file = path.join(VENDORS_DIR, `${name}.ts`);
    loading = import(pathToFileURL(file).href).then((module: { mock?: VendorMock }) => {
      if (!module.mock) throw new Error(`vendors/${name}.ts exports no \`mock\``);
      return module.mock;
    });
    vendorCache.set(name, loading);
  }
  return loading;
}

/** The file in openapi/ a side names: as given, or with .yaml, .yml or .json added. */
export function openapiFile(name: string): string | undefined {
  return ['', '.yaml', '.yml', '.json']
    .map((extension) => path.join(OPENAPI_DIR, name + extension))
    .find((file) => existsSync(file));
}

function openapiDocument(name: string): unknown {
  const file = openapiFile(name);
  if (!file) throw new Error(`openapi/${name} does not exist`);
  const text = readFileSync(file, 'utf8');
  return file.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
}

function parseBody(raw: string, contentType: string): unknown {
  if (raw === '') return undefined;
  if (contentType.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw));
  const looksJson = contentType.includes('json') || (!contentType && /^\s*[[{]/.test(raw));
  if (!looksJson) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function send(response: http.ServerResponse, answer: MockResponse): void {
  const headers: Record<string, string> = { ...answer.headers };
  const hasType = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  let payload = '';
  if (typeof answer.body === 'string') {
    payload = answer.body;
    if (!hasType) headers['content-type'] = 'text/plain; charset=utf-8';
  } else if (answer.body !== undefined) {
    payload = JSON.stringify(answer.body);
    if (!hasType) headers['content-type'] = 'application/json';
  }
  response.writeHead(answer.status, headers);
  response.end(payload);
}

const plainUnauthorized: MockResponse = {
  status: 401,
  body: { error: 'unauthorized', message: 'Missing or invalid credentials' },
};

export interface MockServer {
  /** http://127.0.0.1:<port> */
  url: string;
  mount(taskId: string, side: SideName, taskSide: TaskSide, seed: unknown): Promise<MountedSide>;
  /** Applies a run's `before` changes, with the clock placeholders filled now. */
  mutate(taskId: string, mutation: Mutation): void;
  unmount(taskId: string): void;
  close(): Promise<void>;
}

export async function startMockServer(): Promise<MockServer> {
  const mounts = new Map<string, Mount>();
  const key = (taskId: string, side: SideName) => `${taskId}/${side === 'source' ? 'src' : 'dst'}`;

  async function serve(request: http.IncomingMessage, response: http.ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const method = (request.method ?? 'GET').toUpperCase();
    if (url.pathname === '/_health') return send(response, { status: 200, body: { status: 'ok' } });
    const [, taskId = '', sideSegment = ''] = url.pathname.split('/');
    const mount = mounts.get(`${taskId}/${sideSegment}`);
    const rest = url.pathname.slice(`/${taskId}/${sideSegment}`.length);
    if (!mount || !(rest === mount.prefix || rest.startsWith(`${mount.prefix}/`))) {
      return send(response, { status: 404, body: { error: 'no such mock', path: url.pathname } });
    }
    const subPath = rest.slice(mount.prefix.length) || '/';
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const body = parseBody(rawBody, headers['content-type'] ?? '');

    if (method === 'GET' && subPath === '/openapi.json' && mount.taskSide.openapi) {
      return send(response, { status: 200, body: openapiDocument(mount.taskSide.openapi) });
    }
    const auth = mount.taskSide.auth;
    const record = (status: number, extra: Partial<RecordedRequest> = {}) =>
      mount.requests.push({ method, path: subPath, query: url.search, body, status, ...extra });

    if (auth.type === 'oauth' && method === 'POST' && subPath === auth.tokenPath) {
      const answer = tokenResponse(auth, headers, body, mount.tokens);
      record(answer.status, { token: true });
      return send(response, answer);
    }
    if (!authorized(auth, headers, url.searchParams, mount.tokens)) {
      const answer = mount.vendor.unauthorized?.() ?? plainUnauthorized;
      record(answer.status);
      return send(response, answer);
    }
    const mockRequest: MockRequest = {
      method,
      path: subPath,
      query: url.searchParams,
      headers,
      rawBody,
      body,
    };
    let answer: MockResponse;
    try {
      answer = await mount.instance.handle(mockRequest);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      mount.mockErrors.push(`${method} ${subPath}: ${message}`);
      answer = { status: 500, body: { error: 'mock error', message } };
    }
    record(answer.status);
    return send(response, answer);
  }

  const server = http.createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, { status: 500, body: { error: String(error) } });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    async mount(taskId, side, taskSide, seed) {
      const vendor = await loadVendor(taskSide.vendor);
      const segment = side === 'source' ? 'src' : 'dst';
      const prefix = taskSide.mountPrefix;
      const origin = `${url}/${taskId}/${segment}${prefix}`;
      const instance = vendor.create(fillPlaceholders(seed, new Date()), {
        auth: taskSide.auth,
        origin,
        now: () => new Date(),
      });
      const mount: Mount = {
        side,
        origin,
        baseUrl: origin + taskSide.baseUrlPath,
        instance,
        requests: [],
        mockErrors: [],
        tokens: new Set(),
        taskSide,
        vendor,
        prefix,
        writes: () => mount.requests.filter((r) => WRITE_METHODS.has(r.method) && !r.token).length,
        resetRequests: () => {
          mount.requests.length = 0;
        },
      };
      mounts.set(key(taskId, side), mount);
      return mount;
    },
    mutate(taskId, mutation) {
      const mount = mounts.get(key(taskId, mutation.side));
      if (!mount) throw new Error(`mutation: task ${taskId} has no ${mutation.side} mounted`);
      applyMutation(mount.instance, mutation, new Date());
    },
    unmount(taskId) {
      mounts.delete(key(taskId, 'source'));
      mounts.delete(key(taskId, 'destination'));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
