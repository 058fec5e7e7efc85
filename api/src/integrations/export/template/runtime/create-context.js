// Builds the ctx object handed to `run(ctx)` in integration.js: the same contract as on Patchbay
// (ctx.source, ctx.destination, ctx.fetch, ctx.state, ctx.log, ctx.run), implemented with fetch.

import { createApiClient } from './api-client.js';
import { createAuth } from './credentials.js';
import { log } from './log.js';
import { sendRequest } from './send-request.js';

/**
 * @param {object} inputs
 * @param {import('./config.js').Config} inputs.config
 * @param {Record<string, string | undefined>} inputs.env Where the credentials are read from.
 * @param {object} inputs.state ctx.state, from openStateStore(...).api.
 * @param {{ id: string, attempt: number, mode: 'deployed', scheduledAt: string }} inputs.run
 */
export function createContext({ config, env, state, run }) {
  return {
    source: createApiClient({
      role: 'source',
      baseUrl: config.source.baseUrl,
      auth: createAuth('source', config.source, env),
    }),
    destination: createApiClient({
      role: 'destination',
      baseUrl: config.destination.baseUrl,
      auth: createAuth('destination', config.destination, env),
    }),

    /**
     * Any other http(s) endpoint. No credential is added.
     *
     * @param {string | URL} url An absolute http(s) URL.
     * @param {import('./send-request.js').RequestOptions & { method?: string }} [options]
     */
    async fetch(url, options = {}) {
      const target = URL.canParse(String(url)) ? new URL(String(url)) : null;
      if (!target || !/^https?:$/.test(target.protocol)) {
        throw new TypeError(`ctx.fetch needs an absolute http(s) URL, got ${String(url)}`);
      }
      const method = (options.method ?? 'GET').toUpperCase();
      return sendRequest({ method, url: target, options });
    },

    state,

    /** @param {unknown[]} args */
    log: (...args) => log.info(...args),

    run,
  };
}
