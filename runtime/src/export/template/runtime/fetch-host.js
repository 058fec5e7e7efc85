// The exported project's host adapter: carries each ctx request out with plain fetch. What a
// request may be and where it goes, how the response body is read and the HttpError thrown for a
// status outside 2xx all come from patchbay-runtime.js, the same code Patchbay's sandbox runs.
// Credentials are added here, after the URL shown in errors is fixed, so they never appear in it.

import { HttpError, parseResponseBody, resolveRequest } from './patchbay-runtime.js';

/** A request that has not answered after this long is aborted and fails the run. */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * @typedef {import('./patchbay-runtime.js').CredentialPlacement} Auth What a credential adds.
 * @typedef {import('./patchbay-runtime.js').CtxRequest} CtxRequest
 */

/**
 * @param {object} hosts
 * @param {{ source: string, destination: string }} hosts.baseUrls
 * @param {{ source: () => Promise<Auth | null>, destination: () => Promise<Auth | null> }} hosts.auth
 * @returns {(request: CtxRequest) => Promise<unknown>} ContextHost.send
 */
export function createFetchSend({ baseUrls, auth }) {
  return async function send(request) {
    const resolved = resolveRequest(request, baseUrls);
    const credential = request.target === 'fetch' ? null : await auth[request.target]();
    return sendResolved(resolved, credential);
  };
}

/**
 * Sends a resolved request (see resolveRequest) and resolves to the parsed response body.
 *
 * @param {import('./patchbay-runtime.js').ResolvedRequest} request
 * @param {Auth | null} credential
 * @returns {Promise<unknown>}
 * @throws {HttpError} for a response outside 2xx.
 */
export async function sendResolved({ method, url, headers, body }, credential) {
  const shownUrl = url.href;
  const target = new URL(url);
  const sent = new Headers(headers);
  for (const [key, value] of Object.entries(credential?.query ?? {})) {
    target.searchParams.append(key, value);
  }
  for (const [name, value] of Object.entries(credential?.headers ?? {})) sent.set(name, value);

  let response;
  try {
    response = await fetch(target, {
      method,
      headers: sent,
      body: body ?? undefined,
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
  const parsed = parseResponseBody({
    method,
    shownUrl,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  });
  if (!response.ok) {
    throw new HttpError({ method, url: shownUrl, status: response.status, body: parsed });
  }
  return parsed;
}
