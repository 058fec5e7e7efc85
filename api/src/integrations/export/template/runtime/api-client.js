// ctx.source and ctx.destination: a small HTTP client bound to one API's base URL, adding that
// API's credential to every request. Paths are relative to the base URL; a full URL is refused so
// the credential can only ever go to the API it belongs to (use ctx.fetch for anything else).

import { sendRequest } from './send-request.js';

/**
 * @typedef {import('./send-request.js').RequestOptions} RequestOptions
 *
 * @typedef {object} ApiClient
 * @property {(method: string, path: string, options?: RequestOptions) => Promise<unknown>} request
 * @property {(path: string, options?: RequestOptions) => Promise<unknown>} get
 * @property {(path: string, options?: RequestOptions) => Promise<unknown>} post
 * @property {(path: string, options?: RequestOptions) => Promise<unknown>} put
 * @property {(path: string, options?: RequestOptions) => Promise<unknown>} patch
 * @property {(path: string, options?: RequestOptions) => Promise<unknown>} delete
 */

/**
 * @param {object} api
 * @param {'source' | 'destination'} api.role
 * @param {string} api.baseUrl
 * @param {() => Promise<import('./send-request.js').Auth>} api.auth
 * @returns {ApiClient}
 */
export function createApiClient({ role, baseUrl, auth }) {
  const base = new URL(baseUrl);
  // A trailing slash makes relative paths extend the base path: /v1 + customers = /v1/customers.
  if (!base.pathname.endsWith('/')) base.pathname += '/';

  /** @param {string} path */
  function resolve(path) {
    if (typeof path !== 'string') {
      throw new TypeError(`ctx.${role}: the path must be a string, got ${typeof path}`);
    }
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
    if (url.origin !== base.origin) {
      throw new TypeError(`ctx.${role}: ${path} leaves ${base.origin}`);
    }
    return url;
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {RequestOptions} [options]
   */
  async function request(method, path, options = {}) {
    const url = resolve(path);
    return sendRequest({ method: method.toUpperCase(), url, options, auth: await auth() });
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    patch: (path, options) => request('PATCH', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}
