import {
  arrayFrom,
  isArray,
  jsonStringify,
  NativeDate,
  NativeError,
  NativeTypeError,
  objectEntries,
  objectToString,
  reflectApply,
  toStr,
} from './intrinsics.ts';

// A ctx call in two steps. `buildRequest` runs where the integration runs (inside
// the isolate in the sandbox): it checks the options and turns them into plain strings, so a
// request can cross a process boundary as JSON. `resolveRequest` runs on the host, which knows
// the base URLs: it resolves the path and checks what the host is about to send. Both hosts go
// through both steps, so they accept and refuse the same calls with the same messages.

export type Target = 'source' | 'destination' | 'fetch';
export type ApiRole = Exclude<Target, 'fetch'>;

/** One ctx.source / ctx.destination / ctx.fetch call, as strings only. */
export interface CtxRequest {
  target: Target;
  method: string;
  /** A path for source and destination, a URL for fetch. */
  path: string;
  query: [string, string][];
  headers: [string, string][];
  /** `json` as JSON text. */
  json: string | null;
  body: string | null;
}

/** The options every call takes (RequestOptions in schema/src/ctx-contract.ts). */
export interface RequestOptions {
  query?: Record<string, unknown>;
  headers?: Record<string, unknown> | [unknown, unknown][];
  json?: unknown;
  body?: unknown;
  method?: unknown;
}

export function normalizeOptions(options: unknown, where: string): RequestOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') {
    throw new NativeTypeError(`${where}: the options must be an object`);
  }
  return options as RequestOptions;
}

/** null and undefined are left out, arrays repeat the parameter, a Date is sent as ISO 8601. */
export function encodeQuery(query: unknown): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of objectEntries((query ?? {}) as Record<string, unknown>)) {
    for (const item of isArray(value) ? (value as unknown[]) : [value]) {
      if (item === undefined || item === null) continue;
      pairs.push([key, item instanceof NativeDate ? item.toISOString() : toStr(item)]);
    }
  }
  return pairs;
}

/** What fetch calls `[object URLSearchParams]`; the isolate's and Node's both say so (ADR 030). */
function isFormBody(body: unknown): boolean {
  return (
    body !== null &&
    typeof body === 'object' &&
    reflectApply(objectToString, body, []) === '[object URLSearchParams]'
  );
}

const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';

function normalizeHeaders(headers: unknown, where: string): [string, string][] {
  if (headers === undefined || headers === null) return [];
  // As fetch takes them: an object, [name, value] pairs, or any iterable of pairs (a Headers).
  const iterator =
    typeof headers === 'object'
      ? (headers as { [Symbol.iterator]?: unknown })[Symbol.iterator]
      : null;
  if (isArray(headers) || typeof iterator === 'function') {
    const pairs = isArray(headers)
      ? (headers as unknown[])
      : arrayFrom(headers as Iterable<unknown>);
    return pairs.map((pair): [string, string] => {
      if (!isArray(pair) || pair.length !== 2) {
        throw new NativeTypeError(`${where}: headers must be an object or [name, value] pairs`);
      }
      return [toStr(pair[0]), toStr(pair[1])];
    });
  }
  if (typeof headers !== 'object') {
    throw new NativeTypeError(`${where}: headers must be an object`);
  }
  return objectEntries(headers as Record<string, unknown>).map(([name, value]) => [
    name,
    toStr(value),
  ]);
}

/** The integration side: checks a call's options and turns them into a CtxRequest. */
export function buildRequest(
  target: Target,
  method: string,
  path: string,
  options: RequestOptions,
  where: string,
): CtxRequest {
  let json: string | null = null;
  if (options.json !== undefined) {
    json = jsonStringify(options.json) as string | undefined as string;
    if (json === undefined) throw new NativeTypeError(`${where}: json must be a JSON value`);
  }
  const form = isFormBody(options.body);
  if (options.body !== undefined && typeof options.body !== 'string' && !form) {
    throw new NativeTypeError(
      `${where}: body must be a string or a URLSearchParams (send objects with json)`,
    );
  }
  const headers = normalizeHeaders(options.headers, where);
  // As fetch does for a URLSearchParams body, unless the code chose its own type.
  if (form && !headers.some(([name]) => name.toLowerCase() === 'content-type')) {
    headers.push(['content-type', FORM_CONTENT_TYPE]);
  }
  return {
    target,
    method,
    path,
    query: encodeQuery(options.query),
    headers,
    json,
    body: options.body === undefined ? null : toStr(options.body),
  };
}

// ── The host side ───────────────────────────────────────────────────────────────────────────

/** A failure the run cannot fix by retrying, such as a missing credential or a bad base URL. */
export class ConfigurationError extends NativeError {
  readonly retryable = false;
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

/** Request headers the host owns (as in fetch); the code's values are ignored. */
const FORBIDDEN_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
]);
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** What Node's http module accepts in a header value. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** A request the host may send: its URL resolved, its headers checked. */
export interface ResolvedRequest {
  method: string;
  /** Where it goes, before the host adds any credential. */
  url: URL;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string | null;
}

/** ctx.source / ctx.destination paths: relative to the base URL, never leaving its origin. */
export function resolveApiPath(role: ApiRole, baseUrl: string, path: string): URL {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new ConfigurationError(`ctx.${role}: the base URL ${baseUrl} is not a valid URL`);
  }
  // '' or '/' is the base URL itself, exactly as typed (an incoming webhook's URL).
  if (path.replace(/^\/+/, '') === '') return base;
  // A trailing slash makes relative paths extend the base path: /v1 + customers = /v1/customers.
  if (!base.pathname.endsWith('/')) base.pathname += '/';
  if (/^([a-z][a-z\d+.-]*:)?\/\//i.test(path)) {
    throw new TypeError(
      `ctx.${role} takes a path relative to ${baseUrl}, not a full URL (${path}); ` +
        'use ctx.fetch for other endpoints',
    );
  }
  // './' keeps a first segment such as 'items:batchGet' from reading as a URL scheme.
  const url = new URL(`./${path.replace(/^\/+/, '')}`, base);
  for (const [key, value] of base.searchParams) {
    if (!url.searchParams.has(key)) url.searchParams.append(key, value);
  }
  if (url.origin !== base.origin) throw new TypeError(`ctx.${role}: ${path} leaves ${base.origin}`);
  return url;
}

/** ctx.fetch: an absolute http(s) URL. */
export function parseFetchUrl(value: string): URL {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw new TypeError(`ctx.fetch needs an absolute http(s) URL, got ${value}`);
  }
  return url;
}

/**
 * The host side: where a CtxRequest goes and what it carries. Throws a TypeError for a call
 * the code got wrong, a ConfigurationError for a connection that is set up wrong.
 */
export function resolveRequest(
  request: CtxRequest,
  baseUrls: Record<ApiRole, string>,
): ResolvedRequest {
  const role = request.target === 'fetch' ? null : request.target;
  const where = role ? `ctx.${role}` : 'ctx.fetch';
  const method = request.method;
  if (!TOKEN.test(method)) throw new TypeError(`${where}: '${method}' is not an HTTP method`);
  if (FORBIDDEN_METHODS.has(method)) throw new TypeError(`${where}: ${method} is not allowed`);

  const url = role
    ? resolveApiPath(role, baseUrls[role], request.path)
    : parseFetchUrl(request.path);
  for (const [key, value] of request.query) url.searchParams.append(key, value);
  if (request.json !== null && request.body !== null) {
    throw new TypeError(`${method} ${url.href}: pass either json or body, not both`);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) {
    const lower = name.toLowerCase();
    if (FORBIDDEN_HEADERS.has(lower)) continue;
    if (!TOKEN.test(lower) || !HEADER_VALUE.test(value)) {
      throw new TypeError(`${where}: invalid header ${JSON.stringify(name)}`);
    }
    headers[lower] = value;
  }
  let body: string | null = null;
  if (request.json !== null) {
    body = request.json;
    headers['content-type'] ??= 'application/json';
  } else if (request.body !== null) {
    body = request.body;
    headers['content-type'] ??= 'text/plain;charset=UTF-8';
  }
  return { method, url, headers, body };
}

/** A 2xx response the runtime cannot read: retrying will not change it. */
export class InvalidResponseError extends NativeError {
  readonly retryable = false;
  constructor(message: string) {
    super(message);
    this.name = 'InvalidResponseError';
  }
}

/**
 * A response body as ctx returns it: JSON when the response says so, otherwise text, null when
 * there is none (204, HEAD, or empty).
 */
export function parseResponseBody(response: {
  method: string;
  /** The URL without credentials, for the error message. */
  shownUrl: string;
  status: number;
  contentType: string;
  text: string;
}): unknown {
  const { method, shownUrl, status, text } = response;
  if (status === 204 || method === 'HEAD') return null;
  if (text === '') return null;
  // application/json, and the +json types such as application/problem+json.
  if (/^application\/([\w.-]+\+)?json\b/i.test(response.contentType)) {
    try {
      return JSON.parse(text);
    } catch {
      // Some APIs label error pages as JSON; keep the text rather than hide the real error.
      if (status >= 200 && status <= 299) {
        throw new InvalidResponseError(`${method} ${shownUrl}: the response is not valid JSON`);
      }
    }
  }
  return text;
}
