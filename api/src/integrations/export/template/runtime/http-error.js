// The error thrown by ctx.source, ctx.destination and ctx.fetch for any response outside 2xx.
// It carries what Patchbay's runtime carries (status and the parsed body), so code that catches
// `err.status === 409` on Patchbay behaves the same here. Import it if you want `instanceof`:
//
//   import { HttpError } from './runtime/http-error.js';

export class HttpError extends Error {
  /**
   * @param {object} details
   * @param {string} details.method The request method, e.g. 'GET'.
   * @param {string} details.url The request URL (without any credential added by the runtime).
   * @param {number} details.status The response status, e.g. 503.
   * @param {unknown} details.body The response body: parsed JSON, text, or null when empty.
   */
  constructor({ method, url, status, body }) {
    super(`${method} ${url} → ${status}`);
    this.name = 'HttpError';
    this.method = method;
    this.url = url;
    this.status = status;
    this.body = body;
  }
}
