import { HttpError, NonRetryableError } from './errors.ts';
import { NativeError, NativeTypeError, objectFreeze, toStr } from './intrinsics.ts';
import { buildRequest, normalizeOptions, type CtxRequest, type Target } from './request.ts';
import type { LogLevel } from './log-format.ts';
import type { StateApi } from './state-buffer.ts';

// The ctx object handed to `run(ctx)` (schema/src/ctx-contract.ts), built
// the same way on every host. A host supplies only what differs between hosts:
//
//   send     carries a CtxRequest out and resolves to the parsed body (or rejects with an
//            HttpError or another error): IPC to the worker in the sandbox, fetch in the export.
//            A host that records instead of sending (a dry run, a replay) is just another send.
//   log      one ctx.log line (the host formats and caps it).
//   state    ctx.state, usually a StateBuffer's api.
//   run      ctx.run.
//   event    ctx.event: a webhook run's event { id, receivedAt, headers, body }, a
//            test run's sample event, or null. Plain JSON data, the run's own copy.
//
// New parts of the contract are added here once, as a field of ContextHost, and every host
// passes its value.

export interface RunInfo {
  id: string;
  attempt: number;
  mode: 'test' | 'deployed';
  scheduledAt: string;
}

export interface ContextHost {
  /**
   * @param site An error made where the code called ctx: its stack names the user's line, so a
   *   host that builds the rejection later can point it there.
   */
  send(request: CtxRequest, site: Error): Promise<unknown>;
  log(level: LogLevel, args: unknown[]): void;
  state: StateApi;
  run: RunInfo;
  /** ctx.event; absent means null (scheduled, manual and plain test runs). */
  event?: unknown;
}

export type ApiClient = ReturnType<typeof createApiClient>;

function createApiClient(role: 'source' | 'destination', host: ContextHost) {
  async function request(method: unknown, path: unknown, options?: unknown): Promise<unknown> {
    const site = new NativeError();
    if (typeof method !== 'string') {
      throw new NativeTypeError(`ctx.${role}: the method must be a string, got ${typeof method}`);
    }
    if (typeof path !== 'string') {
      throw new NativeTypeError(`ctx.${role}: the path must be a string, got ${typeof path}`);
    }
    const where = `ctx.${role}`;
    const opts = normalizeOptions(options, where);
    return host.send(buildRequest(role, method.toUpperCase(), path, opts, where), site);
  }
  // Each method is its own function so the stack names the line that called it.
  return {
    request,
    get: (path: unknown, options?: unknown) => request('GET', path, options),
    post: (path: unknown, options?: unknown) => request('POST', path, options),
    put: (path: unknown, options?: unknown) => request('PUT', path, options),
    patch: (path: unknown, options?: unknown) => request('PATCH', path, options),
    delete: (path: unknown, options?: unknown) => request('DELETE', path, options),
  };
}

export function createContext(host: ContextHost) {
  async function fetch(url: unknown, options?: unknown): Promise<unknown> {
    const site = new NativeError();
    const opts = normalizeOptions(options, 'ctx.fetch');
    const method = opts.method ?? 'GET';
    if (typeof method !== 'string') {
      throw new NativeTypeError(`ctx.fetch: the method must be a string, got ${typeof method}`);
    }
    const target: Target = 'fetch';
    return host.send(
      buildRequest(target, method.toUpperCase(), toStr(url), opts, 'ctx.fetch'),
      site,
    );
  }

  return {
    source: createApiClient('source', host),
    destination: createApiClient('destination', host),
    fetch,
    state: host.state,
    log: (...args: unknown[]) => host.log('info', args),
    run: objectFreeze({ ...host.run }),
    event: host.event ?? null,
    NonRetryableError,
    HttpError,
  };
}

export type IntegrationContext = ReturnType<typeof createContext>;
