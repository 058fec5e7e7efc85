// Runs inside every sandbox isolate before the integration's module (DESIGN.md §6). It builds
// `ctx` and the captured console on top of two references into the runner process:
//
//   hostCall(op, id, json): 'http' asks the host for a request (answered later through
//     `deliver`), 'done' reports the run's outcome;
//   hostLog(level, message): one log line.
//
// Only strings and numbers cross that boundary, and the references stay in this closure: user
// code never sees a host object. No credential ever reaches this file: the host adds auth.
// The semantics mirror the exported runtime (api/src/integrations/export/template/runtime).
//
// The runner evaluates this file as a script; its value is the function below.

// eslint-disable-next-line @typescript-eslint/no-unused-expressions
(function patchbayPrelude(hostCall, hostLog, setupJson) {
  'use strict';

  // Intrinsics, taken before user code can replace them.
  const NativeError = Error;
  const NativeTypeError = TypeError;
  const NativePromise = Promise;
  const NativeMap = Map;
  const NativeSet = Set;
  const NativeDate = Date;
  const NativeWeakSet = WeakSet;
  const jsonParse = JSON.parse;
  const jsonStringify = JSON.stringify;
  const objectEntries = Object.entries;
  const objectFreeze = Object.freeze;
  const defineProperty = Object.defineProperty;
  const isArray = Array.isArray;
  const toStr = String;

  const setup = jsonParse(setupJson);
  const limits = setup.limits;
  const MAX_LOG_ENTRY = 32 * 1024;
  const MAX_ERROR_TEXT = 64 * 1024;
  const MAX_ERROR_BODY = 256 * 1024;

  /** UTF-8 size of a string, the unit of every limit. */
  function utf8Length(text) {
    let bytes = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code < 0xdc00 ? 4 : 3;
      if (code >= 0xd800 && code < 0xdc00) i++;
    }
    return bytes;
  }

  function kib(bytes) {
    return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
  }

  function clip(text, max) {
    return text.length > max ? `${text.slice(0, max)}…[truncated]` : text;
  }

  // ── Errors ────────────────────────────────────────────────────────────────────────────────

  /** Thrown by ctx.source, ctx.destination and ctx.fetch for a status outside 2xx. */
  class HttpError extends NativeError {
    constructor({ method, url, status, body }) {
      super(`${method} ${url} → ${status}`);
      this.name = 'HttpError';
      this.method = method;
      this.url = url;
      this.status = status;
      this.body = body;
    }
  }

  /** A failure that retrying cannot fix: the deployed run is not retried. */
  class NonRetryableError extends NativeError {
    constructor(message, options) {
      super(message, options);
      this.name = 'NonRetryableError';
      this.retryable = false;
    }
  }

  /** A stack's message lines and the user's own frames; the prelude's frames say nothing useful. */
  function userStack(stack) {
    return stack
      .split('\n')
      .filter((line) => !/^\s+at /.test(line) || line.includes('integration.js:'))
      .join('\n');
  }

  /** The user's frames of a stack captured where the code called ctx. */
  function callerFrames(site) {
    const stack = site.stack;
    if (typeof stack !== 'string') return '';
    const newline = stack.indexOf('\n');
    return newline < 0 ? '' : userStack(stack.slice(newline + 1));
  }

  /** Rebuilds the host's answer as an error thrown at the user's call. */
  function rebuildError(raw, site) {
    let error;
    if (raw.name === 'HttpError') {
      const body = raw.bodyJson === undefined ? null : jsonParse(raw.bodyJson);
      error = new HttpError({ method: raw.method, url: raw.url, status: raw.status, body });
      if (raw.retryAfterMs !== undefined) error.retryAfterMs = raw.retryAfterMs;
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

  // ── Calls to the host ─────────────────────────────────────────────────────────────────────

  let nextCallId = 1;
  const pending = new NativeMap();

  function callHost(payload, site) {
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
  function deliver(id, ok, json) {
    const call = pending.get(id);
    if (call === undefined) return;
    pending.delete(id);
    try {
      if (ok) call.resolve(jsonParse(json));
      else call.reject(rebuildError(jsonParse(json), call.site));
    } catch (error) {
      call.reject(error);
    }
  }

  function normalizeOptions(options, where) {
    if (options === undefined || options === null) return {};
    if (typeof options !== 'object') {
      throw new NativeTypeError(`${where}: the options must be an object`);
    }
    return options;
  }

  /** null and undefined are left out, arrays repeat the parameter, a Date is sent as ISO 8601. */
  function normalizeQuery(query) {
    const pairs = [];
    for (const [key, value] of objectEntries(query ?? {})) {
      for (const item of isArray(value) ? value : [value]) {
        if (item === undefined || item === null) continue;
        pairs.push([key, item instanceof NativeDate ? item.toISOString() : toStr(item)]);
      }
    }
    return pairs;
  }

  function normalizeHeaders(headers, where) {
    if (headers === undefined || headers === null) return [];
    if (isArray(headers)) {
      return headers.map((pair) => {
        if (!isArray(pair) || pair.length !== 2) {
          throw new NativeTypeError(`${where}: headers must be an object or [name, value] pairs`);
        }
        return [toStr(pair[0]), toStr(pair[1])];
      });
    }
    if (typeof headers !== 'object') {
      throw new NativeTypeError(`${where}: headers must be an object`);
    }
    return objectEntries(headers).map(([name, value]) => [name, toStr(value)]);
  }

  function buildCall(target, method, path, options, where) {
    const opts = normalizeOptions(options, where);
    let json = null;
    if (opts.json !== undefined) {
      json = jsonStringify(opts.json);
      if (json === undefined) throw new NativeTypeError(`${where}: json must be a JSON value`);
    }
    if (opts.body !== undefined && typeof opts.body !== 'string') {
      throw new NativeTypeError(`${where}: body must be a string (send objects with json)`);
    }
    return jsonStringify({
      target,
      method,
      path,
      query: normalizeQuery(opts.query),
      headers: normalizeHeaders(opts.headers, where),
      json,
      body: opts.body ?? null,
    });
  }

  function createApiClient(role) {
    async function request(method, path, options) {
      const site = new NativeError();
      if (typeof method !== 'string') {
        throw new NativeTypeError(`ctx.${role}: the method must be a string, got ${typeof method}`);
      }
      if (typeof path !== 'string') {
        throw new NativeTypeError(`ctx.${role}: the path must be a string, got ${typeof path}`);
      }
      return callHost(buildCall(role, method.toUpperCase(), path, options, `ctx.${role}`), site);
    }
    // Each method is its own function so the stack names the line that called it.
    return {
      request,
      get: (path, options) => request('GET', path, options),
      post: (path, options) => request('POST', path, options),
      put: (path, options) => request('PUT', path, options),
      patch: (path, options) => request('PATCH', path, options),
      delete: (path, options) => request('DELETE', path, options),
    };
  }

  async function fetch(url, options) {
    const site = new NativeError();
    const opts = normalizeOptions(options, 'ctx.fetch');
    const method = opts.method ?? 'GET';
    if (typeof method !== 'string') {
      throw new NativeTypeError(`ctx.fetch: the method must be a string, got ${typeof method}`);
    }
    return callHost(buildCall('fetch', method.toUpperCase(), toStr(url), opts, 'ctx.fetch'), site);
  }

  // ── State ─────────────────────────────────────────────────────────────────────────────────
  // A copy inside the isolate, kept as JSON text: reads return fresh copies, and the changes
  // go back to the host at the end as [key, JSON] pairs.

  const saved = new NativeMap(
    objectEntries(setup.state).map(([key, value]) => [key, jsonStringify(value)]),
  );
  const DELETED = objectFreeze({});
  const changes = new NativeMap();

  function checkKey(key) {
    if (typeof key !== 'string' || key === '') {
      throw new NativeTypeError('ctx.state: the key must be a non-empty string');
    }
  }

  const state = {
    async get(key) {
      checkKey(key);
      const json = changes.has(key) ? changes.get(key) : saved.get(key);
      return json === undefined || json === DELETED ? undefined : jsonParse(json);
    },
    async set(key, value) {
      checkKey(key);
      const json = jsonStringify(value);
      if (json === undefined) {
        throw new NativeTypeError(`ctx.state.set('${key}'): the value must be JSON (use delete)`);
      }
      changes.set(key, json);
    },
    async delete(key) {
      checkKey(key);
      changes.set(key, DELETED);
    },
  };

  // ── Logs ──────────────────────────────────────────────────────────────────────────────────

  let logBytes = 0;
  let logClosed = false;

  function describe(value, seen) {
    if (typeof value === 'string') return value;
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'symbol') return value.toString();
    if (typeof value === 'function') return `[Function: ${value.name || '(anonymous)'}]`;
    if (value === null || typeof value !== 'object') return toStr(value);
    if (value instanceof NativeError) {
      return typeof value.stack === 'string'
        ? userStack(value.stack)
        : `${value.name}: ${value.message}`;
    }
    return jsonStringify(value, (key, item) => {
      if (typeof item === 'bigint') return `${item}n`;
      if (typeof item === 'function') return `[Function: ${item.name || '(anonymous)'}]`;
      if (typeof item === 'symbol') return item.toString();
      if (item === undefined) return key === '' ? 'undefined' : undefined;
      if (item instanceof NativeError) return `${item.name}: ${item.message}`;
      if (item instanceof NativeMap) return [...item];
      if (item instanceof NativeSet) return [...item];
      if (item !== null && typeof item === 'object') {
        if (seen.has(item)) return '[Circular]';
        seen.add(item);
      }
      return item;
    });
  }

  /** Like console.log's formatting: %s %d %i %f %j %o %O %c %% in a first string, then spaces. */
  function format(args) {
    const parts = [];
    let rest = args;
    if (typeof args[0] === 'string' && args.length > 1 && args[0].includes('%')) {
      let index = 1;
      const first = args[0].replace(/%([sdifjoOc%])/g, (match, letter) => {
        if (letter === '%') return '%';
        if (index >= args.length) return match;
        const value = args[index++];
        if (letter === 'c') return '';
        if (letter === 'd' || letter === 'i') {
          return typeof value === 'bigint'
            ? `${value}n`
            : toStr(letter === 'i' ? parseInt(value) : Number(value));
        }
        if (letter === 'f') return toStr(parseFloat(value));
        return describe(value, new NativeWeakSet());
      });
      parts.push(first);
      rest = args.slice(index);
    } else if (args.length > 0) {
      parts.push(describe(args[0], new NativeWeakSet()));
      rest = args.slice(1);
    }
    for (const arg of rest) parts.push(describe(arg, new NativeWeakSet()));
    return parts.join(' ');
  }

  function emit(level, args) {
    if (logClosed) return;
    let message;
    try {
      message = format(args);
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

  const console = {
    log: (...args) => emit('log', args),
    info: (...args) => emit('info', args),
    warn: (...args) => emit('warn', args),
    error: (...args) => emit('error', args),
    debug: (...args) => emit('debug', args),
    trace: (...args) => emit('debug', ['Trace:', ...args, `\n${callerFrames(new NativeError())}`]),
    dir: (value) => emit('log', [value]),
    table: (value) => emit('log', [value]),
    assert: (condition, ...args) => {
      if (!condition) emit('error', ['Assertion failed', ...args]);
    },
  };
  for (const name of [
    'group',
    'groupCollapsed',
    'groupEnd',
    'time',
    'timeEnd',
    'timeLog',
    'count',
  ]) {
    console[name] = () => {};
  }

  const globalOptions = { configurable: true, writable: true, enumerable: false };
  defineProperty(globalThis, 'console', { value: console, ...globalOptions });
  // Exported code imports HttpError from its runtime; here it is a global for `instanceof`.
  defineProperty(globalThis, 'HttpError', { value: HttpError, ...globalOptions });

  const ctx = {
    source: createApiClient('source'),
    destination: createApiClient('destination'),
    fetch,
    state,
    log: (...args) => emit('info', args),
    run: objectFreeze({ ...setup.run }),
    NonRetryableError,
    HttpError,
  };

  // ── The run ───────────────────────────────────────────────────────────────────────────────

  function text(value) {
    try {
      return value === undefined ? '' : toStr(value);
    } catch {
      return '';
    }
  }

  function serializeError(error, kind) {
    if (error === null || (typeof error !== 'object' && typeof error !== 'function')) {
      return {
        name: 'Error',
        message: clip(
          text(typeof error === 'string' ? error : describe(error, new NativeWeakSet())),
          MAX_ERROR_TEXT,
        ),
        kind,
      };
    }
    const out = {
      name: clip(text(error.name), 1024) || 'Error',
      message: clip(text(error.message), MAX_ERROR_TEXT),
      kind,
    };
    const stack = error.stack;
    if (typeof stack === 'string') out.stack = clip(stack, MAX_ERROR_TEXT);
    if (typeof error.retryable === 'boolean') out.retryable = error.retryable;
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

  function resultError(message) {
    return { status: 'failed', error: { name: 'TypeError', message, kind: 'result' } };
  }

  function success(value) {
    let dataJson;
    try {
      dataJson = value === undefined ? 'null' : jsonStringify(value);
    } catch (error) {
      return resultError(`run(ctx) must return a JSON value: ${text(error && error.message)}`);
    }
    if (dataJson === undefined) {
      return resultError(`run(ctx) must return a JSON value, not a ${typeof value}`);
    }
    if (utf8Length(dataJson) > limits.maxDataBytes) {
      return resultError(
        `The return value is too large (the limit is ${kib(limits.maxDataBytes)} of JSON)`,
      );
    }
    const set = [];
    const deleted = [];
    let stateBytes = 0;
    for (const [key, json] of changes) {
      if (json === DELETED) {
        deleted.push(key);
      } else {
        set.push([key, json]);
        stateBytes += utf8Length(key) + utf8Length(json);
      }
    }
    if (stateBytes > limits.maxDataBytes) {
      return resultError(
        `The state changes are too large (the limit is ${kib(limits.maxDataBytes)} of JSON)`,
      );
    }
    return { status: 'success', dataJson, set, deleted };
  }

  let finished = false;
  function finish(outcome) {
    if (finished) return;
    finished = true;
    let json;
    try {
      json = jsonStringify(outcome);
    } catch {
      json = jsonStringify(resultError('The outcome of the run could not be serialized'));
    }
    hostCall.applyIgnored(undefined, ['done', 0, json]);
  }

  /** Called by the runner with the module's default export. */
  function start(run) {
    let result;
    try {
      result = run(ctx);
    } catch (error) {
      finish({ status: 'failed', error: serializeError(error, 'thrown') });
      return;
    }
    NativePromise.resolve(result).then(
      (value) => finish(success(value)),
      (error) => finish({ status: 'failed', error: serializeError(error, 'thrown') }),
    );
  }

  return { start, deliver };
});
