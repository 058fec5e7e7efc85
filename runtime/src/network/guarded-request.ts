import http from 'node:http';
import https from 'node:https';
import { isIP, isIPv6, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { formatBytes } from '@patchbay/schema/limits';
import {
  BlockedRequestError,
  checkUrl,
  hostOf,
  resolveTarget,
  type LookupAll,
  type ResolvedTarget,
} from './network-guard.ts';

// One HTTP request made on behalf of integration code (ADR 012): every hop of a redirect
// chain is checked by the network guard, connected to the checked address, capped in size and
// time, and recorded. Redirects are followed here, by hand, so each hop is checked again.

export const MAX_REDIRECTS = 5;

/** What the transcript needs of one hop as it starts; the caller redacts and caps it. */
export interface HopStart {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: Buffer | null;
  startedAt: string;
}

/** How the hop ended: a response, or an error. */
export interface HopEnd {
  status: number | null;
  responseHeaders: Record<string, string>;
  /** The body as it arrived, in chunks: joining a large one is the caller's choice. */
  responseBody: readonly Buffer[] | null;
  durationMs: number;
  error?: string;
}

export interface RequestEnvironment {
  allowPrivateNetwork: boolean;
  maxResponseBytes: number;
  timeoutMs: number;
  /** Aborted when the run ends: nothing outlives it. */
  signal: AbortSignal;
  agents?: { http: http.Agent; https: https.Agent };
  lookup?: LookupAll;
  /**
   * Where to connect for an address the guard accepted. Production connects to that very
   * address; tests use this to put a fake "public" host in front of a loopback server.
   */
  connectTo?: (target: ResolvedTarget) => ResolvedTarget;
  /** Called before each hop; throws when the run's request budget is spent. */
  onAttempt: () => void;
  /** Records a hop as it starts (so one still in flight when the run ends shows); call the
   * returned function when it ends. */
  record: (hop: HopStart) => (end: HopEnd) => void;
}

export interface Credentials {
  /** The only origin that receives them. */
  origin: string;
  headers: Record<string, string>;
  query: Record<string, string>;
}

export interface OutgoingRequest {
  method: string;
  url: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Buffer | null;
  credentials?: Credentials;
  /** The body holds a secret (an OAuth token request's client secret): it never leaves its origin. */
  bodyIsSecret?: boolean;
}

export interface IncomingResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  url: URL;
}

/** A response whose body is left in the chunks it arrived in (guardedRequestChunks). */
export interface ChunkedResponse extends Omit<IncomingResponse, 'body'> {
  chunks: Buffer[];
}

/** A request that got no usable response. `retryable` says whether trying later may help. */
export class RequestFailedError extends Error {
  override name = 'RequestFailedError';
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.retryable = retryable;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const BODY_HEADERS = ['content-type', 'content-encoding', 'content-language', 'content-location'];
/** Credentials the code itself set never follow a redirect to another origin (as in fetch). */
const CROSS_ORIGIN_DROPPED = ['authorization', 'proxy-authorization', 'cookie'];
/**
 * The methods a run may send. CONNECT would open a tunnel (and hang until
 * the wall clock), TRACE echoes the request back, others are not what an integration needs.
 */
const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Shorter credential values are not searched for in URLs: they would match by chance. */
const MIN_SECRET_CHARS = 4;

/**
 * The method in upper case, or a refusal. This runs in the worker, where String.prototype is
 * the host's own: whatever user code did to its strings, the check sees the real method.
 */
export function normaliseMethod(method: string): string {
  const upper = String.prototype.toUpperCase.call(method);
  if (!ALLOWED_METHODS.has(upper)) {
    throw new BlockedRequestError(
      `the HTTP method ${upper} is not allowed (use GET, HEAD, POST, PUT, PATCH, DELETE or OPTIONS)`,
    );
  }
  return upper;
}

export async function guardedRequest(
  request: OutgoingRequest,
  env: RequestEnvironment,
): Promise<IncomingResponse> {
  const { chunks, ...response } = await guardedRequestChunks(request, env);
  return { ...response, body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks) };
}

/**
 * guardedRequest with the body left in its chunks, unjoined: joining 5 MiB writes as much to
 * fresh memory, which a caller may rather do on another thread (the sandbox's response thread).
 */
export async function guardedRequestChunks(
  request: OutgoingRequest,
  env: RequestEnvironment,
): Promise<ChunkedResponse> {
  let method = normaliseMethod(request.method);
  const signal = AbortSignal.any([env.signal, AbortSignal.timeout(env.timeoutMs)]);
  let body = request.body;
  let headers = { ...request.headers };
  let url = new URL(request.url);
  const credentials = request.credentials;
  const secretValues = credentials ? credentialValues(credentials) : [];

  for (let hop = 0; ; hop++) {
    let hopUrl = new URL(url);
    const sameOrigin = credentials !== undefined && hopUrl.origin === credentials.origin;
    if (credentials !== undefined && !sameOrigin) {
      // An open redirect that copies the query string must not carry an API key elsewhere,
      // however it re-encodes it: compare decoded values, drop what matches.
      hopUrl = withoutQueryCredentials(hopUrl, credentials, secretValues);
      if (carriesSecret(hopUrl, secretValues)) {
        throw new BlockedRequestError(`a redirect to ${hopUrl.origin} would carry the credential`);
      }
    }
    const hopHeaders: Record<string, string> = {
      accept: '*/*',
      'accept-encoding': 'gzip, deflate, br',
      'user-agent': 'Patchbay',
      ...headers,
    };
    const sensitive = new Set(['authorization', 'proxy-authorization']);
    if (sameOrigin) {
      for (const [name, value] of Object.entries(credentials.query)) {
        // The first hop carries the key as a new parameter; a same-origin redirect keeps the
        // one the server put in its Location, or gets it back.
        if (hop === 0 || !hopUrl.searchParams.has(name)) hopUrl.searchParams.append(name, value);
      }
      for (const [name, value] of Object.entries(credentials.headers)) {
        hopHeaders[name.toLowerCase()] = value;
        sensitive.add(name.toLowerCase());
      }
    }
    if (body !== null) hopHeaders['content-length'] = String(body.length);

    env.onAttempt();
    const startedAt = new Date();
    const started = performance.now();
    const shownHeaders = Object.fromEntries(
      Object.entries(hopHeaders).map(([name, value]) => [
        name,
        sensitive.has(name) ? '[REDACTED]' : value,
      ]),
    );
    const ended = env.record({
      method,
      url: hopUrl.href,
      requestHeaders: shownHeaders,
      requestBody: body,
      startedAt: startedAt.toISOString(),
    });
    const record = (fields: Partial<HopEnd>) =>
      ended({
        status: null,
        responseHeaders: {},
        responseBody: null,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...fields,
      });

    let response: { status: number; headers: Record<string, string>; chunks: Buffer[] };
    try {
      const resolved = await resolveTarget(hopUrl, env);
      const target = env.connectTo ? env.connectTo(resolved) : resolved;
      response = await sendHop(hopUrl, method, hopHeaders, body, target, env, signal);
    } catch (error) {
      const failure = describeFailure(error, env, signal);
      record({ error: failure.message });
      throw failure;
    }
    record({
      status: response.status,
      responseHeaders: response.headers,
      responseBody: response.chunks,
    });

    const location = response.headers.location;
    if (!REDIRECTS.has(response.status) || location === undefined) {
      return { ...response, url: hopUrl };
    }
    if (hop >= MAX_REDIRECTS) {
      throw new RequestFailedError(`more than ${MAX_REDIRECTS} redirects`, false);
    }
    let next: URL;
    try {
      next = new URL(location, hopUrl);
    } catch {
      throw new RequestFailedError(`the redirect to ${location} is not a valid URL`, false);
    }
    checkUrl(next);
    if (
      (response.status === 303 && method !== 'HEAD') ||
      ((response.status === 301 || response.status === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = null;
      headers = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !BODY_HEADERS.includes(name)),
      );
    }
    if (next.origin !== url.origin) {
      if (body !== null && request.bodyIsSecret) {
        // A 307/308 resends the body: the client secret must not follow it elsewhere.
        throw new BlockedRequestError(
          `a redirect to ${next.origin} would resend the request body, which holds a credential`,
        );
      }
      headers = Object.fromEntries(
        Object.entries(headers).filter(([name]) => !CROSS_ORIGIN_DROPPED.includes(name)),
      );
    }
    url = next;
  }
}

/** The secret parts of the credentials: values, without an auth scheme, trimmed too. */
function credentialValues(credentials: Credentials): string[] {
  const values = new Set<string>();
  for (const value of [
    ...Object.values(credentials.headers),
    ...Object.values(credentials.query),
  ]) {
    const bare = value.replace(/^(basic|bearer)\s+/i, '');
    for (const form of [bare, bare.trim()]) {
      if (form.length >= MIN_SECRET_CHARS) values.add(form);
    }
  }
  return [...values];
}

/** The URL without query parameters that are credentials by name or by (decoded) value. */
function withoutQueryCredentials(url: URL, credentials: Credentials, secrets: string[]): URL {
  const names = new Set(Object.keys(credentials.query));
  const kept = [...url.searchParams].filter(
    ([name, value]) =>
      !names.has(name) &&
      !secrets.some((secret) => name.includes(secret) || value.includes(secret)),
  );
  if (kept.length === url.searchParams.size) return url;
  const out = new URL(url);
  out.search = kept.length === 0 ? '' : new URLSearchParams(kept).toString();
  return out;
}

/** Whether what is sent of the URL (host name, path, query) holds a credential, decoded. */
function carriesSecret(url: URL, secrets: string[]): boolean {
  const sent = [url.hostname, safeDecode(url.pathname), safeDecode(url.search)];
  for (const [name, value] of url.searchParams) sent.push(name, value);
  return secrets.some((secret) => sent.some((part) => part.includes(secret)));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A malformed escape: compare the text as it is, and each escape that does decode.
    return text.replace(/(%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

function describeFailure(error: unknown, env: RequestEnvironment, signal: AbortSignal): Error {
  if (error instanceof BlockedRequestError || error instanceof RequestFailedError) return error;
  if (env.signal.aborted) return new RequestFailedError('the run ended first', true);
  if (signal.aborted) {
    return new RequestFailedError(`no response within ${env.timeoutMs / 1000} s`, true);
  }
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  return new RequestFailedError(
    code && !message.includes(code) ? `${message} (${code})` : message,
    true,
    {
      cause: error,
    },
  );
}

function sendHop(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer | null,
  target: ResolvedTarget,
  env: RequestEnvironment,
  signal: AbortSignal,
): Promise<{ status: number; headers: Record<string, string>; chunks: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const host = hostOf(url);
    // Pin the connection to the checked address: Node asks this instead of DNS.
    const lookup = ((_hostname, options, callback) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    }) as LookupFunction;
    const options: https.RequestOptions = {
      method,
      // A literal IP is connected to directly (it was checked); a name goes through `lookup`.
      host: isIP(host) ? target.address : host,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers: { ...headers, host: url.host },
      lookup,
      signal,
      ...(env.agents ? { agent: secure ? env.agents.https : env.agents.http } : {}),
      ...(secure && !isIP(host) ? { servername: host } : {}),
    };
    if (isIPv6(target.address) && isIP(host)) options.family = 6;
    let request: http.ClientRequest;
    try {
      request = (secure ? https : http).request(options, (response) => {
        readBody(response, env.maxResponseBytes).then(
          (data) =>
            resolve({
              status: response.statusCode ?? 0,
              headers: flattenHeaders(response.headers),
              chunks: data,
            }),
          (error: unknown) => {
            response.destroy();
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      });
    } catch (error) {
      // Invalid header names or values, for example.
      reject(new RequestFailedError((error as Error).message, false, { cause: error }));
      return;
    }
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * Reads a response body, decompressing it, and fails as soon as it passes the cap. The chunks
 * are not joined here: each owns its memory, so it can move to another thread without a copy.
 */
function readBody(response: http.IncomingMessage, maxBytes: number): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const tooLarge = () =>
      new RequestFailedError(`the response is larger than ${formatBytes(maxBytes, 'MiB')}`, false);
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      reject(tooLarge());
      return;
    }
    const encoding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
    let stream: Readable = response;
    if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(zlib.createGunzip());
    else if (encoding === 'deflate') stream = response.pipe(zlib.createInflate());
    else if (encoding === 'br') stream = response.pipe(zlib.createBrotliDecompress());

    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      if (stream !== response) stream.destroy();
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) fail(tooLarge());
      else chunks.push(chunk);
    });
    stream.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(chunks);
    });
    stream.on('error', fail);
    if (stream !== response) response.on('error', fail);
    response.on('aborted', () => fail(new Error('the connection closed mid-response')));
  });
}
