// One run of the integration: a fresh ctx, the user's run(ctx), then, only if it succeeded,
// the state it wrote is saved and the value it returned is printed as the run's data. ctx itself
// is built by patchbay-runtime.js, as on Patchbay; this file supplies what differs here: fetch
// (fetch-host.js), the terminal for logs and state.json for state.

import { randomUUID } from 'node:crypto';
import { createAuth } from './credentials.js';
import { createFetchSend } from './fetch-host.js';
import { log, onIntegrationLog, writeIntegrationLog } from './log.js';
import { createContext, HttpError } from './patchbay-runtime.js';
import { openStateStore } from './state-store.js';

/**
 * @typedef {object} RunReport What `node run.js --report <file>` writes: the run as Patchbay
 *   records it (status, data, logs, state changes, error).
 * @property {'success' | 'failed'} status
 * @property {unknown} data
 * @property {{ level: string, message: string }[]} logs The integration's own log lines.
 * @property {{ set: Record<string, unknown>, deleted: string[] }} stateChanges
 * @property {{ name: string, message: string, status?: number, body?: unknown, retryable?: boolean }} [error]
 */

/**
 * @param {object} inputs
 * @param {(ctx: object) => Promise<unknown>} inputs.integration The default export of integration.js.
 * @param {import('./config.js').Config} inputs.config
 * @param {Record<string, string | undefined>} inputs.env
 * @param {string} inputs.stateFile The path of state.json.
 * @param {Date} [inputs.scheduledAt] When this run was due (now, for a single run).
 * @param {{ id: string, receivedAt: string, headers: Record<string, string>, body: unknown } | null} [inputs.event]
 *   ctx.event: the webhook event that started this run (listen.js, or run.js --event), else null.
 * @returns {Promise<RunReport>}
 */
export async function runIntegration({ integration, config, env, stateFile, scheduledAt, event }) {
  const run = {
    id: randomUUID(),
    attempt: 1,
    mode: 'deployed',
    scheduledAt: (scheduledAt ?? new Date()).toISOString(),
  };
  /** @type {RunReport} */
  const report = { status: 'failed', data: null, logs: [], stateChanges: { set: {}, deleted: [] } };
  onIntegrationLog((level, message) => report.logs.push({ level, message }));
  const started = performance.now();
  log.info(`run ${run.id} started`);
  try {
    const state = await openStateStore(stateFile);
    const send = createFetchSend({
      baseUrls: { source: config.source.baseUrl, destination: config.destination.baseUrl },
      auth: {
        source: createAuth('source', config.source, env),
        destination: createAuth('destination', config.destination, env),
      },
    });
    const ctx = createContext({
      send,
      log: writeIntegrationLog,
      state: state.api,
      run,
      event: event ?? null,
    });
    const data = toJson(await integration(ctx));
    await state.commit();
    const changes = state.changes();
    report.status = 'success';
    report.data = data;
    report.stateChanges = {
      set: Object.fromEntries(changes.set.map(([key, json]) => [key, JSON.parse(json)])),
      deleted: changes.deleted,
    };
    log.info(`run ${run.id} succeeded in ${Math.round(performance.now() - started)} ms`);
    log.info(`data: ${JSON.stringify(data)}`);
  } catch (error) {
    report.error = errorFacts(error);
    log.error(`run ${run.id} failed after ${Math.round(performance.now() - started)} ms`);
    log.error(describeError(error));
    if (report.error.retryable === false) {
      log.error('the error says retrying cannot fix it (retryable: false)');
    }
  } finally {
    onIntegrationLog(null);
  }
  return report;
}

/** The run's data: the return value as JSON (undefined becomes null). */
function toJson(value) {
  if (value === undefined) return null;
  try {
    return JSON.parse(JSON.stringify(value));
  } catch (error) {
    throw new TypeError(`run(ctx) must return a JSON value: ${error.message}`, { cause: error });
  }
}

/** @param {unknown} error */
function errorFacts(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  /** @type {RunReport['error'] & object} */
  const facts = { name: error.name, message: error.message };
  if (error instanceof HttpError) {
    facts.status = error.status;
    facts.body = error.body;
  }
  if (typeof error.retryable === 'boolean') facts.retryable = error.retryable;
  return facts;
}

/** @param {unknown} error */
export function describeError(error) {
  if (error instanceof HttpError) {
    const body = typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
    return `HttpError: ${error.message}\n  status: ${error.status}\n  body: ${body}`;
  }
  // The stack points at the line in integration.js that failed.
  return error instanceof Error ? (error.stack ?? String(error)) : String(error);
}
