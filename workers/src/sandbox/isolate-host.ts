import {
  callerFrames,
  createConsole,
  createContext,
  describeLogValue,
  formatLogArgs,
  HttpError,
  intrinsics,
  StateBuffer,
  type CtxRequest,
  type LogLevel,
} from '@patchbay/runtime';
import { installIsolateGlobals } from '@patchbay/runtime/isolate-globals';

// The sandbox's host adapter inside the isolate (ADR 012). It is bundled with
// @patchbay/runtime into isolate-prelude.js (runtime/scripts/build-runtime.ts; never edit that
// file by hand), which the runner evaluates before the user's module. It builds ctx and the
// captured console on two references into the runner process:
//
//   hostCall(op, id, text): 'http' asks the host for a request (answered later through
//     `deliver`), 'timer' asks it to call `fireTimer(id)` after `text` milliseconds and
//     'clear-timer' cancels that (ADR 030), 'done' reports the run's outcome;
//   hostLog(level, message): one log line.
//
// Only strings and numbers cross that boundary, and the references stay in this closure: user
// code never sees a host object. No credential ever reaches this file: the host adds auth.

/** An isolated-vm Reference to a host function, as the isolate sees it. */
interface HostReference {
  applyIgnored(receiver: undefined, args: unknown[]): void;
}

interface Setup {
  state: Record<string, unknown>;
  run: { id: string; attempt: number; mode: 'test' | 'deployed'; scheduledAt: string };
  /** ctx.event: plain JSON data parsed inside the isolate, or null. */
  event: unknown;
  /** 64 hex digits from the runner's CSPRNG: keys crypto's random source (ADR 030). */
  randomSeed: string;
  limits: {
    maxTimers: number;
    maxTimersPerRun: number;
    maxLogBytes: number;
    maxDataBytes: number;
    maxPendingCalls: number;
    maxCallBytes: number;
  };
}

/** How the host describes a failed call (CallError in protocol.ts). */
interface RawCallError {
  name: string;
  message: string;
  retryable?: boolean;
  status?: number;
  bodyJson?: string;
  method?: string;
  url?: string;
  retryAfterMs?: number;
}

// Taken when the prelude is evaluated, before the user's module runs.
const {
  defineProperty,
  jsonParse,
  jsonStringify,
  NativeError,
  NativeMap,
  NativePromise,
  NativeTypeError,
  NativeWeakSet,
  toStr,
} = intrinsics;

const MAX_LOG_ENTRY = 32 * 1024;
const MAX_ERROR_TEXT = 64 * 1024;
const MAX_ERROR_BODY = 256 * 1024;

/** UTF-8 size of a string, the unit of every limit. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code < 0xdc00 ? 4 : 3;
    if (code >= 0xd800 && code < 0xdc00) i++;
  }
  return bytes;
}

function kib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…[truncated]` : text;
}

function text(value: unknown): string {
  try {
    return value === undefined ? '' : toStr(value);
  } catch {
    return '';
  }
}

function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** Rebuilds the host's answer as an error thrown at the user's call. */
function rebuildError(raw: RawCallError, site: Error): Error {
  let error: Error & { retryable?: boolean };
  if (raw.name === 'HttpError') {
    const body: unknown = raw.bodyJson === undefined ? null : jsonParse(raw.bodyJson);
    const httpError = new HttpError({
      method: raw.method ?? '',
      url: raw.url ?? '',
      status: raw.status ?? 0,
      body,
    });
    if (raw.retryAfterMs !== undefined) httpError.retryAfterMs = raw.retryAfterMs;
    error = httpError;
  } else {
    error =
      raw.name === 'TypeError' ? new NativeTypeError(raw.message) : new NativeError(raw.message);
    if (raw.name !== 'TypeError' && raw.name !== 'Error') error.name = raw.name;
  }
  if (raw.retryable === false) error.retryable = false;
  // The error is made when the answer arrives; its stack points at the line that asked.
  error.stack = `${error.name}: ${error.message}\n${callerFrames(site)}`;
  return error;
}

/** Evaluated by the runner; returns what the runner calls into. */
export default function createIsolatePrelude(
  hostCall: HostReference,
  hostLog: HostReference,
  setupJson: string,
) {
  const setup = jsonParse(setupJson) as Setup;
  const limits = setup.limits;

  // The web-standard globals (ADR 030), before anything of the user's can run.
  const { fireTimer } = installIsolateGlobals(globalThis, {
    randomSeed: hexBytes(setup.randomSeed),
    timers: {
      start: (id, delayMs) => hostCall.applyIgnored(undefined, ['timer', id, toStr(delayMs)]),
      cancel: (id) => hostCall.applyIgnored(undefined, ['clear-timer', id, '']),
      maxTimers: limits.maxTimers,
      maxTimersPerRun: limits.maxTimersPerRun,
    },
  });

  // ── Calls to the host ─────────────────────────────────────────────────────────────────────

  let nextCallId = 1;
  const pending = new NativeMap<
    number,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void; site: Error }
  >();

  function send(request: CtxRequest, site: Error): Promise<unknown> {
    const payload = jsonStringify(request);
    if (pending.size >= limits.maxPendingCalls) {
      return NativePromise.reject(
        new NativeError(
          `Too many requests in flight at once (the limit is ${limits.maxPendingCalls})`,
        ),
      );
    }
    if (utf8Length(payload) > limits.maxCallBytes) {
      return NativePromise.reject(
        new NativeError(`The request is too large (the limit is ${kib(limits.maxCallBytes)})`),
      );
    }
    const id = nextCallId++;
    return new NativePromise((resolve, reject) => {
      pending.set(id, { resolve, reject, site });
      hostCall.applyIgnored(undefined, ['http', id, payload]);
    });
  }

  /** Called by the runner with the host's answer to call `id`. Never throws. */
  function deliver(id: number, ok: boolean, json: string): void {
    const call = pending.get(id);
    if (call === undefined) return;
    pending.delete(id);
    try {
      if (ok) call.resolve(jsonParse(json));
      else call.reject(rebuildError(jsonParse(json) as RawCallError, call.site));
    } catch (error) {
      call.reject(error);
    }
  }

  // ── Logs ──────────────────────────────────────────────────────────────────────────────────

  let logBytes = 0;
  let logClosed = false;

  function emit(level: LogLevel, args: unknown[]): void {
    if (logClosed) return;
    let message: string;
    try {
      message = formatLogArgs(args);
    } catch {
      message = '[log arguments that cannot be formatted]';
    }
    message = clip(toStr(message), MAX_LOG_ENTRY);
    // A fixed cost per line (about what its level and time take), so a flood of empty lines
    // is bounded too.
    logBytes += utf8Length(message) + 64;
    if (logBytes > limits.maxLogBytes) {
      logClosed = true;
      hostLog.applyIgnored(undefined, [
        'warn',
        `Log output truncated: the run logged more than ${kib(limits.maxLogBytes)}`,
      ]);
      return;
    }
    hostLog.applyIgnored(undefined, [level, message]);
  }

  const globalOptions = { configurable: true, writable: true, enumerable: false };
  defineProperty(globalThis, 'console', { value: createConsole(emit), ...globalOptions });
  // Exported code imports HttpError from its runtime; here it is a global for `instanceof`.
  defineProperty(globalThis, 'HttpError', { value: HttpError, ...globalOptions });

  const state = new StateBuffer(setup.state);
  const ctx = createContext({
    send,
    log: emit,
    state: state.api,
    run: setup.run,
    event: setup.event ?? null,
  });

  // ── The run ───────────────────────────────────────────────────────────────────────────────

  function serializeError(error: unknown, kind: string) {
    if (error === null || (typeof error !== 'object' && typeof error !== 'function')) {
      return {
        name: 'Error',
        message: clip(
          text(typeof error === 'string' ? error : describeLogValue(error, new NativeWeakSet())),
          MAX_ERROR_TEXT,
        ),
        kind,
      };
    }
    const thrown = error as Record<string, unknown>;
    const out: Record<string, unknown> = {
      name: clip(text(thrown.name), 1024) || 'Error',
      message: clip(text(thrown.message), MAX_ERROR_TEXT),
      kind,
    };
    const stack = thrown.stack;
    if (typeof stack === 'string') out.stack = clip(stack, MAX_ERROR_TEXT);
    if (typeof thrown.retryable === 'boolean') out.retryable = thrown.retryable;
    if (error instanceof HttpError && typeof error.status === 'number') {
      out.status = error.status;
      try {
        const body = jsonStringify(error.body === undefined ? null : error.body);
        out.bodyJson =
          body.length > MAX_ERROR_BODY ? jsonStringify(clip(body, MAX_ERROR_BODY)) : body;
      } catch {
        out.bodyJson = 'null';
      }
      if (typeof error.retryAfterMs === 'number') out.retryAfterMs = error.retryAfterMs;
    }
    return out;
  }

  function resultError(message: string) {
    return { status: 'failed', error: { name: 'TypeError', message, kind: 'result' } };
  }

  function success(value: unknown) {
    let dataJson: string | undefined;
    try {
      dataJson = value === undefined ? 'null' : jsonStringify(value);
    } catch (error) {
      return resultError(
        `run(ctx) must return a JSON value: ${text(error && (error as Error).message)}`,
      );
    }
    if (dataJson === undefined) {
      return resultError(`run(ctx) must return a JSON value, not a ${typeof value}`);
    }
    if (utf8Length(dataJson) > limits.maxDataBytes) {
      return resultError(
        `The return value is too large (the limit is ${kib(limits.maxDataBytes)} of JSON)`,
      );
    }
    const { set, deleted } = state.changes();
    let stateBytes = 0;
    for (const [key, json] of set) stateBytes += utf8Length(key) + utf8Length(json);
    if (stateBytes > limits.maxDataBytes) {
      return resultError(
        `The state changes are too large (the limit is ${kib(limits.maxDataBytes)} of JSON)`,
      );
    }
    return { status: 'success', dataJson, set, deleted };
  }

  let finished = false;
  function finish(outcome: unknown): void {
    if (finished) return;
    finished = true;
    let json: string;
    try {
      json = jsonStringify(outcome);
    } catch {
      json = jsonStringify(resultError('The outcome of the run could not be serialized'));
    }
    hostCall.applyIgnored(undefined, ['done', 0, json]);
  }

  /** Called by the runner with the module's default export. */
  function start(run: (context: typeof ctx) => unknown): void {
    let result: unknown;
    try {
      result = run(ctx);
    } catch (error) {
      finish({ status: 'failed', error: serializeError(error, 'thrown') });
      return;
    }
    NativePromise.resolve(result).then(
      (value) => finish(success(value)),
      (error: unknown) => finish({ status: 'failed', error: serializeError(error, 'thrown') }),
    );
  }

  return { start, deliver, fireTimer };
}
