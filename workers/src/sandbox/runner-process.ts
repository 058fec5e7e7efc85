import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmdirSync } from 'node:fs';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ivm from 'isolated-vm';
import type { RawError, ReplyHead, RunMessage } from './protocol.ts';

// A sandbox runner (ADR 012): a child process the pool forks with an empty environment
// and an empty working directory. It holds no credential and does no I/O of its own: each run
// gets a fresh isolate, and the isolate's ctx calls go to the parent over IPC; the answers come
// back on the reply channel (protocol.ts, ReplyHead). The parent keeps
// the wall clock and kills this process when a run overstays; the CPU limit is kept here.
//
// Only type imports from the rest of the sandbox: this process starts for every runner, so it
// loads nothing it does not need. The pool starts runner-process.js, this file with its types
// stripped: after editing this file, run `node runtime/scripts/build-runtime.ts` (a test fails
// until you do).

const INTEGRATION_FILENAME = 'integration.js';
const PRELUDE_FILENAME = 'patchbay:prelude.js';
// Generated from @patchbay/runtime and isolate-host.ts (runtime/scripts/build-runtime.ts).
const PRELUDE = readFileSync(path.join(import.meta.dirname, 'isolate-prelude.js'), 'utf8');
const IMPORTS_MESSAGE =
  'Imports are not available in the sandbox: use ctx.fetch / ctx.source / ctx.destination';
const LOG_LEVELS = new Set(['log', 'info', 'warn', 'error', 'debug']);
/**
 * Memory the isolate's heap limit does not count, removed before anything
 * else runs in the context: resizing an ArrayBuffer, transferring one (transfer() of a
 * resizable buffer reallocates it up to its maxByteLength, also uncounted), growing a
 * SharedArrayBuffer, and WebAssembly (whose Memory grows outside the heap; integration code has
 * no use for it). The prototypes are reached through instances too, so the methods go, not just
 * the globals.
 */
const UNCOUNTED_MEMORY_SCRIPT = `
  delete ArrayBuffer.prototype.resize;
  delete ArrayBuffer.prototype.transfer;
  delete ArrayBuffer.prototype.transferToFixedLength;
  delete SharedArrayBuffer.prototype.grow;
  delete globalThis.SharedArrayBuffer;
  delete globalThis.WebAssembly;
`;
const CPU_POLL_MS = 10;
/** setTimeout calls pending at once in a run; the isolate refuses one more (ADR 030). */
const MAX_TIMERS = 1000;
/** setTimeout calls in a whole run (each is a message to this process). */
const MAX_TIMERS_PER_RUN = 10_000;
/** The longest delay the isolate asks for (Node's timer bound). */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;
const MAX_LOG_MESSAGE = 64 * 1024;
/** The reply channel: the fifth of the stdio the pool gives this process (sandbox-pool.ts). */
const REPLY_FD = 4;
/**
 * How much nicer than the worker a runner is. User code must not take the cores from the
 * worker's main thread, which answers every run's calls, heartbeats and polls Temporal: at an
 * equal share, after a burst of its own work it waited behind eight busy runners for 50-250 ms at
 * a time (ADR 012, addendum of 2026-11-28).
 */
const RUNNER_NICE = 10;

type RunnerFailure = Omit<RawError, 'kind'> & { kind: RawError['kind'] | 'internal' };

function send(message: object): void {
  if (process.connected) process.send?.(message);
}

function describe(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error) {
    return {
      name: error.name,
      message: error.message,
      ...(typeof error.stack === 'string' ? { stack: error.stack } : {}),
    };
  }
  return { name: 'Error', message: typeof error === 'string' ? error : String(error) };
}

/** Line and column of the import statement naming `specifier`, for the error. */
function importLocation(code: string, specifier: string): { line: number; column: number } {
  const quoted = [`'${specifier}'`, `"${specifier}"`]
    .map((text) => code.indexOf(text))
    .filter((index) => index >= 0);
  const at = quoted.length === 0 ? 0 : Math.min(...quoted);
  const start = Math.max(code.lastIndexOf('import', at), code.lastIndexOf('export', at), 0);
  const lines = code.slice(0, start).split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * A new isolate and, once `ready`, its hardened context with the prelude evaluated: what every
 * run needs before its own code. The isolate is there at once, so a run that meets a memory
 * limit while it is being prepared can still tell (#limitFailure).
 */
interface FreshIsolate {
  isolate: ivm.Isolate;
  ready: Promise<{ context: ivm.Context; prelude: ivm.Reference }>;
  memoryMb: number;
}

function freshIsolate(memoryMb: number): FreshIsolate {
  const isolate = new ivm.Isolate({
    memoryLimit: memoryMb,
    // isolated-vm's advice: V8 has lost control of the isolate; nothing here can be trusted.
    // Its message goes to stderr first: the pool reads "out of memory" there.
    onCatastrophicError: (message) => {
      process.stderr.write(`isolate catastrophic error: ${String(message)}\n`);
      process.abort();
    },
  });
  const ready = prepare(isolate);
  // Marks a rejection handled: one made ahead may fail before any run awaits it.
  ready.catch(() => {});
  return { isolate, ready, memoryMb };
}

/**
 * V8's code cache of the prelude, made by this runner's first isolate (before any code of a run
 * is in it) and given to every later one: with it, the prelude's lazily loaded parts cost
 * nothing until used (ADR 030). Bytecode only, no heap: no run sees another's objects.
 */
let preludeCache: ivm.ExternalCopy<ArrayBuffer> | null = null;

async function prepare(isolate: ivm.Isolate) {
  try {
    const context = await isolate.createContext();
    await context.eval(UNCOUNTED_MEMORY_SCRIPT, { filename: 'patchbay:harden.js' });
    // A cache V8 rejects only costs the full compile it saves.
    const script = (await isolate.compileScript(PRELUDE, {
      filename: PRELUDE_FILENAME,
      ...(preludeCache ? { cachedData: preludeCache } : { produceCachedData: true }),
    })) as ivm.Script & ivm.CachedDataResult;
    if (!preludeCache && script.cachedData) preludeCache = script.cachedData;
    const prelude = (await script.run(context, { reference: true })) as ivm.Reference;
    script.release();
    return { context, prelude };
  } catch (error) {
    // Disposed either way, so a failed one is never taken (takeIsolate).
    if (!isolate.isDisposed) isolate.dispose();
    throw error;
  }
}

// The next run's isolate, made while this runner waits: about 2 ms off every run
// but a runner's first. No run gets an isolate another run has touched: each takes a new one,
// and the one after it is made once the run is done.
let nextIsolate: FreshIsolate | null = null;

function takeIsolate(memoryMb: number): FreshIsolate {
  const prepared = nextIsolate;
  nextIsolate = null;
  if (prepared?.memoryMb === memoryMb && !prepared.isolate.isDisposed) return prepared;
  if (prepared && !prepared.isolate.isDisposed) prepared.isolate.dispose();
  return freshIsolate(memoryMb);
}

class IsolateRun {
  readonly runId: number;
  readonly #message: RunMessage;
  #isolate: ivm.Isolate | null = null;
  #deliver: ivm.Reference | null = null;
  #fireTimer: ivm.Reference | null = null;
  /** The isolate's setTimeout calls, by its timer id: waited for here, in this event loop. */
  readonly #timers = new Map<number, NodeJS.Timeout>();
  #timersStarted = 0;
  #cpuTimer: NodeJS.Timeout | null = null;
  #cpuExceeded = false;
  /** Runner-initiated calls into the isolate still running. */
  #activeTasks = 0;
  #outcomeJson: string | null = null;
  #failure: RunnerFailure | null = null;
  #finished = false;

  constructor(message: RunMessage) {
    this.runId = message.runId;
    this.#message = message;
  }

  async start(): Promise<void> {
    const { code, limits } = this.#message;
    try {
      const fresh = takeIsolate(limits.memoryMb);
      const { isolate } = fresh;
      this.#isolate = isolate;
      const cpuLimitNs = BigInt(limits.cpuMs) * 1_000_000n;
      this.#cpuTimer = setInterval(() => {
        if (isolate.isDisposed || isolate.cpuTime <= cpuLimitNs) return;
        this.#cpuExceeded = true;
        this.#fail(this.#cpuFailure());
      }, CPU_POLL_MS);
      const { context, prelude } = await fresh.ready;

      const hostCall = new ivm.Reference((op: unknown, id: unknown, payload: unknown) =>
        this.#onHostCall(op, id, payload),
      );
      const hostLog = new ivm.Reference((level: unknown, message: unknown) =>
        this.#onLog(level, message),
      );
      const setupJson = JSON.stringify({
        state: JSON.parse(this.#message.stateJson) as unknown,
        run: this.#message.run,
        event: JSON.parse(this.#message.eventJson) as unknown,
        // Keys the isolate's crypto random source: the only entropy it gets (ADR 030).
        randomSeed: randomBytes(32).toString('hex'),
        limits: { ...limits, maxTimers: MAX_TIMERS, maxTimersPerRun: MAX_TIMERS_PER_RUN },
      });
      const api = (await prelude.apply(undefined, [hostCall, hostLog, setupJson], {
        result: { reference: true },
      })) as ivm.Reference;
      const start = (await api.get('start', { reference: true })) as ivm.Reference;
      this.#deliver = (await api.get('deliver', { reference: true })) as ivm.Reference;
      this.#fireTimer = (await api.get('fireTimer', { reference: true })) as ivm.Reference;

      let module: ivm.Module;
      try {
        module = await isolate.compileModule(code, { filename: INTEGRATION_FILENAME });
      } catch (error) {
        this.#fail(
          this.#limitFailure(error) ?? { ...describe(error), stack: undefined, kind: 'syntax' },
        );
        return;
      }
      const specifier = module.dependencySpecifiers[0];
      if (specifier !== undefined) {
        this.#fail({
          name: 'ImportError',
          message: `${IMPORTS_MESSAGE} (cannot import '${specifier}')`,
          kind: 'import',
          ...importLocation(code, specifier),
        });
        return;
      }
      await module.instantiate(context, () => {
        throw new Error(IMPORTS_MESSAGE);
      });
      try {
        // The module's top level runs here: a throw there is the code's own error.
        await module.evaluate();
      } catch (error) {
        this.#fail(this.#limitFailure(error) ?? { ...describe(error), kind: 'thrown' });
        return;
      }
      const entry = (await module.namespace.get('default', { reference: true })) as ivm.Reference;
      if (entry.typeof !== 'function') {
        this.#fail({
          name: 'TypeError',
          message:
            'integration.js must export its run function: export default async function run(ctx) { … }',
          kind: 'entry',
        });
        return;
      }
      this.#track(start.apply(undefined, [entry.derefInto()]));
    } catch (error) {
      this.#fail(this.#limitFailure(error) ?? { ...describe(error), kind: 'internal' });
    }
  }

  /** The parent's answer to an HTTP call: `text` is the value's JSON, or the error's body JSON. */
  reply(head: ReplyHead, text: string): void {
    if (head.ok) this.#deliverReply(head.callId, true, text);
    else {
      const error = text === '' ? head.error : { ...head.error, bodyJson: text };
      this.#deliverReply(head.callId, false, JSON.stringify(error));
    }
  }

  #deliverReply(callId: number, ok: boolean, json: string): void {
    if (this.#finished || !this.#deliver) return;
    this.#track(this.#deliver.apply(undefined, [callId, ok, json]));
  }

  /**
   * Every time the isolate runs, it is because this process called into it; isolated-vm
   * rejects that call with any promise rejection left unhandled when the isolate is done, so
   * this is where unhandled rejections are caught.
   */
  #track(task: Promise<unknown>): void {
    this.#activeTasks += 1;
    void task
      .then(
        () => undefined,
        (error: unknown) => {
          this.#failure ??= this.#limitFailure(error) ?? { ...describe(error), kind: 'unhandled' };
        },
      )
      .finally(() => {
        this.#activeTasks -= 1;
        this.#settle();
      });
  }

  #settle(): void {
    if (this.#finished) return;
    if (this.#failure) this.#fail(this.#failure);
    // 'done' can arrive while the task that sent it is still finishing: wait for it, so an
    // unhandled rejection in that same task still fails the run.
    else if (this.#outcomeJson !== null && this.#activeTasks === 0)
      this.#finish(this.#outcomeJson, false);
  }

  #onHostCall(op: unknown, id: unknown, payload: unknown): void {
    if (this.#finished || typeof payload !== 'string') return;
    if (op === 'done') {
      if (payload.length > 3 * this.#message.limits.maxDataBytes + 1024 * 1024) {
        this.#failure = {
          name: 'TypeError',
          message: 'The result of the run is too large',
          kind: 'result',
        };
      } else {
        this.#outcomeJson = payload;
      }
      this.#settle();
      return;
    }
    if (op === 'timer' && typeof id === 'number') {
      this.#startTimer(id, Number(payload));
      return;
    }
    if (op === 'clear-timer' && typeof id === 'number') {
      clearTimeout(this.#timers.get(id));
      this.#timers.delete(id);
      return;
    }
    if (op === 'http' && typeof id === 'number') {
      if (payload.length > this.#message.limits.maxCallBytes) {
        // The prelude checks this first; answer anyway rather than leave the call hanging.
        const error = { name: 'Error', message: 'The request is too large', retryable: false };
        this.#deliverReply(id, false, JSON.stringify(error));
        return;
      }
      send({ type: 'call', runId: this.runId, callId: id, callJson: payload });
    }
  }

  /** The isolate's setTimeout: wait here, then run the callback in the isolate. */
  #startTimer(id: number, delayMs: number): void {
    // The prelude keeps to these bounds; a message outside them is refused, not trusted.
    if (this.#timers.has(id) || this.#timers.size >= MAX_TIMERS) return;
    if (++this.#timersStarted > MAX_TIMERS_PER_RUN) return;
    if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > MAX_TIMER_DELAY_MS) return;
    const timer = setTimeout(() => {
      this.#timers.delete(id);
      if (this.#finished || !this.#fireTimer) return;
      this.#track(this.#fireTimer.apply(undefined, [id]));
    }, delayMs);
    this.#timers.set(id, timer);
  }

  #onLog(level: unknown, message: unknown): void {
    if (this.#finished || typeof message !== 'string') return;
    send({
      type: 'log',
      runId: this.runId,
      level: typeof level === 'string' && LOG_LEVELS.has(level) ? level : 'log',
      message:
        message.length > MAX_LOG_MESSAGE
          ? `${message.slice(0, MAX_LOG_MESSAGE)}…[truncated]`
          : message,
      at: new Date().toISOString(),
    });
  }

  #cpuFailure(): RunnerFailure {
    return {
      name: 'CpuLimitError',
      message: `CPU time limit exceeded (${this.#message.limits.cpuMs / 1000} s)`,
      kind: 'cpu',
    };
  }

  /** The isolate was stopped by a limit rather than failing on its own. */
  #limitFailure(error: unknown): RunnerFailure | null {
    if (this.#cpuExceeded) return this.#cpuFailure();
    const { message } = describe(error);
    // isolated-vm disposes the isolate when it passes its memory limit.
    if (this.#isolate?.isDisposed && /memory limit/i.test(message)) {
      return { name: 'MemoryLimitError', message: 'Memory limit exceeded', kind: 'memory' };
    }
    return null;
  }

  #fail(failure: RunnerFailure): void {
    const retire =
      failure.kind === 'cpu' || failure.kind === 'memory' || failure.kind === 'internal';
    const error: RawError = {
      ...failure,
      kind: failure.kind === 'internal' ? 'thrown' : failure.kind,
    };
    this.#finish(JSON.stringify({ status: 'failed', error }), retire);
  }

  #finish(outcomeJson: string, retire: boolean): void {
    if (this.#finished) return;
    this.#finished = true;
    if (this.#cpuTimer) clearInterval(this.#cpuTimer);
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    try {
      this.#isolate?.dispose();
    } catch {
      // Already disposed by the memory limit.
    }
    send({ type: 'done', runId: this.runId, outcomeJson, retire });
    if (current === this) current = null;
    // A retiring runner is about to be killed: it prepares nothing. If making this one fails,
    // the next run makes its own.
    if (!retire) nextIsolate ??= freshIsolate(this.#message.limits.memoryMb);
  }
}

let current: IsolateRun | null = null;

process.on('message', (message: RunMessage) => {
  if (message.type !== 'run' || current) return; // the pool sends one run at a time
  const run = new IsolateRun(message);
  current = run;
  void run.start();
});

/**
 * Reads the reply channel's frames (protocol.ts, ReplyHead) as their bytes arrive. Every frame
 * is read whole, a late one for a run already over too, so the next starts where it ends.
 */
function readReplies(onReply: (head: ReplyHead, text: string) => void): void {
  const channel = new Socket({ fd: REPLY_FD, readable: true, writable: false });
  // A broken channel leaves calls unanswered: stop as if the worker were gone.
  channel.on('error', () => process.disconnect?.());
  let chunks: Buffer[] = [];
  let buffered = 0;
  let frame: { headBytes: number; textBytes: number } | null = null;
  /** The first `bytes` of what is buffered (all of them there); the rest stays. */
  const take = (bytes: number): Buffer => {
    const all = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, buffered);
    // The rest is at most one read's worth: copied, so a taken frame's memory is not kept.
    const rest = all.subarray(bytes);
    chunks = rest.length > 0 ? [Buffer.from(rest)] : [];
    buffered = rest.length;
    return all.subarray(0, bytes);
  };
  channel.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    buffered += chunk.length;
    for (;;) {
      if (!frame) {
        if (buffered < 8) return;
        const lengths = take(8);
        frame = { headBytes: lengths.readUInt32BE(0), textBytes: lengths.readUInt32BE(4) };
      }
      if (buffered < frame.headBytes + frame.textBytes) return;
      const head = JSON.parse(take(frame.headBytes).toString('utf8')) as ReplyHead;
      const text = take(frame.textBytes).toString('utf8');
      frame = null;
      onReply(head, text);
    }
  });
}

readReplies((head, text) => {
  if (current?.runId === head.runId) current.reply(head, text);
});

// The worker is gone (perhaps without closing the pool): remove the empty working directory
// it made for this runner, and stop.
process.on('disconnect', () => {
  try {
    rmdirSync(process.cwd());
  } catch {
    // Not empty, or already gone: leave it.
  }
  process.exit(0);
});

/**
 * Lowers this process's priority by RUNNER_NICE. Linux keeps a nice value per thread, and Node has
 * started its threads by now: each is lowered, and threads made later inherit it. Elsewhere
 * (no /proc) only this thread is. Once the runner drops to its user it cannot raise it again.
 */
function lowerPriority(): void {
  let threads = [0];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    // Not Linux: this thread alone.
  }
  for (const thread of threads) {
    try {
      os.setPriority(thread, Math.min(19, os.getPriority(thread) + RUNNER_NICE));
    } catch {
      // The thread ended meanwhile.
    }
  }
}
lowerPriority();

// A worker running as root names an unprivileged user (runner-launch.ts).
// Everything this process reads is loaded by now; from here on it cannot read what only root
// may, such as the worker's /proc/<pid>/environ. A failure here stops the runner before any run.
const runAs = /^--run-as=(\d+):(\d+)$/.exec(process.argv[2] ?? '');
if (runAs) {
  process.setgroups?.([]);
  process.setgid?.(Number(runAs[2]));
  process.setuid?.(Number(runAs[1]));
  if (process.getuid?.() !== Number(runAs[1])) throw new Error('could not drop to the runner user');
}

send({ type: 'ready' });
