import type { QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';

// The console's only way to reach the API: the session cookie or a stored Bearer token, JSON in
// and out, and one error format for every non-OK answer.

/** A non-OK response. The message is `${status}: ${body or statusText}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * A 2xx answer whose JSON does not match the shared schema (ADR 018): the console and the
 * API disagree. The page shows this message instead of rendering half a record.
 */
export class ResponseShapeError extends Error {
  readonly url: string;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(url: string, issues: readonly z.core.$ZodIssue[]) {
    const first = issues[0];
    const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
    super(
      `The server's answer to ${url} is not what this page expects${where}: ${first?.message ?? 'invalid'}. Reload the page; if it persists, the console and the API are out of step.`,
    );
    this.name = 'ResponseShapeError';
    this.url = url;
    this.issues = issues;
  }
}

/** The response JSON checked against a shared schema from `@patchbay/schema`. */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  json: unknown,
  url: string,
): z.output<S> {
  const result = schema.safeParse(json);
  if (!result.success) throw new ResponseShapeError(url, result.error.issues);
  return result.data;
}

/** Reads a response's JSON and parses it with `schema`; an empty body (204) is `undefined`. */
export async function readJson<S extends z.ZodType>(
  res: Response,
  schema: S,
  url: string,
): Promise<z.output<S>> {
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ResponseShapeError(url, [
      { code: 'custom', path: [], message: 'the body is not JSON', input: text },
    ]);
  }
  return parseResponse(schema, json, url);
}

const TOKEN_STORAGE_KEY = 'token';

function readToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    // Storage can be blocked; the session cookie still authenticates.
    return null;
  }
}

function authHeaders(): Record<string, string> {
  const token = readToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text();
  throw new ApiError(res.status, res.statusText, body);
}

/** Sends a request; JSON body and Content-Type only when `data` is given. Returns the Response. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const headers = authHeaders();
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (data !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(data);
  }
  const res = await fetch(url, init);
  await throwIfNotOk(res);
  return res;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * GET `url` and return the JSON parsed with `schema` (a mismatch throws ResponseShapeError).
 * With `on401: 'returnNull'` a 401 yields null instead of an error (the current-user
 * lookup); any other non-OK status throws. `schema` may be a function that imports it, called
 * only for a 2xx answer, so a page loads zod only when there is something to parse (auth.ts).
 */
export async function getJson<S extends z.ZodType>(
  url: string,
  options: {
    schema: S | (() => Promise<S>);
    on401?: UnauthorizedBehavior;
    signal?: AbortSignal | undefined;
  },
): Promise<z.output<S> | null> {
  const res = await fetch(url, {
    headers: authHeaders(),
    credentials: 'include',
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (options.on401 === 'returnNull' && res.status === 401) return null;
  await throwIfNotOk(res);
  const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
  return readJson(res, schema, url);
}

/**
 * Query function for reads: GET `url` as getJson does. The caller builds it with apiPath
 * (@patchbay/schema/api-routes); the query key only names the cache entry.
 */
export function getQueryFn<S extends z.ZodType>(
  url: string,
  options: { schema: S | (() => Promise<S>); on401: 'returnNull' },
): QueryFunction<z.output<S> | null>;
export function getQueryFn<S extends z.ZodType>(
  url: string,
  options: { schema: S | (() => Promise<S>); on401?: 'throw' },
): QueryFunction<z.output<S>>;
export function getQueryFn<S extends z.ZodType>(
  url: string,
  options: { schema: S | (() => Promise<S>); on401?: UnauthorizedBehavior },
): QueryFunction<z.output<S> | null> {
  return ({ signal }) => getJson(url, { ...options, signal });
}

const STATUS_PREFIX = /^\d{3}: ([\s\S]*)$/;
const MAX_PLAIN_MESSAGE = 200;

/**
 * What a toast should say about `err`: the server's JSON error body's `message`,
 * a short plain-text body, or `fallback` — never raw JSON or HTML, which a user cannot read.
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (!(err instanceof Error)) return fallback;
  const match = STATUS_PREFIX.exec(err.message);
  if (!match) return err.message.trim() || fallback;
  const body = (match[1] ?? '').trim();
  if (!body) return fallback;
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'message' in parsed) {
      const { message } = parsed;
      if (typeof message === 'string' && message.trim()) return message.trim();
    }
    return fallback;
  } catch {
    // Not JSON: a status text such as 'Bad Gateway' reads fine; an HTML page or a trace does not.
    return body.startsWith('<') || body.length > MAX_PLAIN_MESSAGE ? fallback : body;
  }
}
