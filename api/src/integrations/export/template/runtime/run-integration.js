// One run of the integration: a fresh ctx, the user's run(ctx), then, only if it succeeded,
// the state it wrote is saved and the value it returned is printed as the run's data.

import { randomUUID } from 'node:crypto';
import { createContext } from './create-context.js';
import { HttpError } from './http-error.js';
import { log } from './log.js';
import { openStateStore } from './state-store.js';

/**
 * @param {object} inputs
 * @param {(ctx: object) => Promise<unknown>} inputs.integration The default export of integration.js.
 * @param {import('./config.js').Config} inputs.config
 * @param {Record<string, string | undefined>} inputs.env
 * @param {string} inputs.stateFile The path of state.json.
 * @param {Date} [inputs.scheduledAt] When this run was due (now, for a single run).
 * @returns {Promise<boolean>} Whether the run succeeded.
 */
export async function runIntegration({ integration, config, env, stateFile, scheduledAt }) {
  const run = {
    id: randomUUID(),
    attempt: 1,
    mode: 'deployed',
    scheduledAt: (scheduledAt ?? new Date()).toISOString(),
  };
  const started = performance.now();
  log.info(`run ${run.id} started`);
  try {
    const state = await openStateStore(stateFile);
    const ctx = createContext({ config, env, state: state.api, run });
    const result = await integration(ctx);
    const data = toJson(result);
    await state.commit();
    log.info(`run ${run.id} succeeded in ${Math.round(performance.now() - started)} ms`);
    log.info(`data: ${JSON.stringify(data)}`);
    return true;
  } catch (error) {
    log.error(`run ${run.id} failed after ${Math.round(performance.now() - started)} ms`);
    log.error(describeError(error));
    return false;
  }
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
export function describeError(error) {
  if (error instanceof HttpError) {
    const body = typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
    return `HttpError: ${error.message}\n  status: ${error.status}\n  body: ${body}`;
  }
  // The stack points at the line in integration.js that failed.
  return error instanceof Error ? (error.stack ?? String(error)) : String(error);
}
