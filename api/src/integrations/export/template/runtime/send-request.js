// One HTTP exchange with plain fetch: the options every ctx client accepts, the body parsing
// and the HttpError for a response outside 2xx. Credentials are added by the caller through
// `auth`, after the URL shown in errors has been fixed, so they never appear in a log line.

import { HttpError } from './http-error.js';

/** A request that has not answered after this long is aborted and fails the run. */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * @typedef {string | number | boolean | Date | null | undefined} QueryValue
 *
 * @typedef {object} RequestOptions
 * @property {Record<string, QueryValue | QueryValue[]>} [query] Added to the URL's query string;
 *   null and undefined values are left out, arrays repeat the parameter.
 * @property {HeadersInit} [headers] Extra request headers.
 * @property {unknown} [json] Sent as JSON (with Content-Type: application/json).
 * @property {BodyInit} [body] Sent as it is (a string, URLSearchParams, Blob, bytes...).
 *
 * @typedef {object} Auth What a connection's credential adds to a request.
 * @property {Record<string, string>} [headers]
 * @property {Record<string, string>} [query]
 */

/**
 * Sends a request and resolves to the parsed response body: JSON when the response says it is
 * JSON, otherwise text, and null when there is no body (204, or an empty response).
 *
 * @param {object} request
 * @param {string} request.method
 * @param {URL} request.url The URL without credentials.
 * @param {RequestOptions} [request.options]
 * @param {Auth} [request.auth]
 * @returns {Promise<unknown>}
 * @throws {HttpError} for a response outside 2xx.
 */
export async function sendRequest({ method, url, options = {}, auth = {} }) {
  const target = new URL(url);
  appendQuery(target, options.query);
  const shownUrl = target.href;
  appendQuery(target, auth.query);

  const headers = new Headers(options.headers);
  for (const [name, value] of Object.entries(auth.headers ?? {})) headers.set(name, value);

  if (options.json !== undefined && options.body !== undefined) {
    throw new TypeError(`${method} ${shownUrl}: pass either json or body, not both`);
  }
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }

  let response;
  try {
    response = await fetch(target, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    // fetch's own message ("fetch failed") names neither the request nor the reason.
    const reason =
      error?.name === 'TimeoutError'
        ? `no response within ${REQUEST_TIMEOUT_MS / 1000} s`
        : (error?.cause?.message ?? error?.message);
    throw new Error(`${method} ${shownUrl} failed: ${reason}`, { cause: error });
  }
  const parsed = await readBody(response, method, shownUrl);
  if (!response.ok) {
    throw new HttpError({ method, url: shownUrl, status: response.status, body: parsed });
  }
  return parsed;
}

/**
 * @param {URL} url
 * @param {Record<string, QueryValue | QueryValue[]> | undefined} query
 */
function appendQuery(url, query) {
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      url.searchParams.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
}

/**
 * @param {Response} response
 * @param {string} method
 * @param {string} shownUrl The URL without credentials, for the error message.
 */
async function readBody(response, method, shownUrl) {
  if (response.status === 204 || method === 'HEAD') return null;
  const text = await response.text();
  if (text === '') return null;
  const type = response.headers.get('content-type') ?? '';
  // application/json, and the +json types such as application/problem+json.
  if (/^application\/([\w.-]+\+)?json\b/i.test(type)) {
    try {
      return JSON.parse(text);
    } catch {
      // Some APIs label error pages as JSON; keep the text rather than hide the real error.
      if (response.ok) throw new Error(`${method} ${shownUrl}: the response is not valid JSON`);
    }
  }
  return text;
}
