import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAuthTokenCache } from './connection-auth.ts';
import { resolveRunnerLaunch, type RunnerLaunch } from './runner-launch.ts';
import type { LookupAll, ResolvedTarget } from '@patchbay/runtime/network';
import {
  ZRunnerMessage,
  type ReplyHead,
  type RunnerLimits,
  type RunMessage,
  type RunnerMessage,
} from './protocol.ts';
import { ResponseThread } from './response-thread.ts';
import { RunSession, type CallReply } from './run-session.ts';
import {
  DEFAULT_LIMITS,
  type SandboxError,
  type SandboxLimits,
  type SandboxRunInput,
  type SandboxRunResult,
} from './types.ts';

// The pool of sandbox runner processes (ADR 012). Each runner is a child process
// forked with an empty environment in an empty directory; it runs one integration at a time in
// a fresh isolate. This process, the worker, keeps the credentials, does every HTTP request for
// the runners and keeps the wall clock: a runner that overstays is killed and replaced, and so
// is one that breaks a limit or dies. Nothing user code does can throw out of `run`.

/**
 * The runner without its types (generated from runner-process.ts by runtime/scripts/
 * build-runtime.ts): Node would load its type stripper into every runner for a .ts file.
 */
export const RUNNER_PATH = path.join(import.meta.dirname, 'runner-process.js');
/** isolated-vm needs Node without its startup snapshot (its README). */
const RUNNER_EXEC_ARGV = ['--no-node-snapshot'];
/** A runner that dies before it is ready this many times in a row stops the pool for a while. */
const MAX_START_FAILURES = 3;
const STDERR_TAIL = 4096;
/** How often a busy runner's resident memory is sampled (#checkMemory). */
const WATCHDOG_INTERVAL_MS = 25;
/** What a runner may hold besides its isolate: Node itself (about 80 MiB idle) and its buffers. */
const RUNNER_BASE_MB = 128;
/** How a runner dies when the OS refuses it memory (the address-space cap, runner-launch.ts). */
const OUT_OF_MEMORY =
  /out[ -]of[ -]memory|heap limit|allocation failed|bad_alloc|Resource temporarily unavailable|Cannot allocate memory/i;

/** V8's messages when the OS refuses an allocation (the runner's address-space cap). */
const ALLOCATION_REFUSED =
  /^(Array buffer allocation failed|WebAssembly\.Memory(\.grow)?\(\): (Unable|could not)|Out of memory)/i;

/**
 * A runner's resident-memory budget for one run: its isolate's heap limit, which V8 does not
 * apply to resizable ArrayBuffers, growable SharedArrayBuffers or WebAssembly memory, twice
 * over, plus the runner's own base. Past it the watchdog kills the runner.
 */
export function runnerRssBudgetMb(memoryMb: number): number {
  return RUNNER_BASE_MB + 2 * memoryMb;
}

interface Job {
  input: SandboxRunInput;
  resolve: (result: SandboxRunResult) => void;
}

interface ActiveRun {
  runId: number;
  job: Job;
  session: RunSession;
  timer: NodeJS.Timeout;
  watchdog: NodeJS.Timeout;
}

interface Runner {
  child: ChildProcess;
  /** Its reply channel (protocol.ts, ReplyHead), which the response thread writes. */
  channel: number;
  dir: string;
  state: 'starting' | 'idle' | 'busy' | 'gone';
  active: ActiveRun | null;
  stderrTail: string;
  /** Its stderr said it ran out of memory (seen as it arrives: a crash report is longer than the tail). */
  outOfMemory: boolean;
  exited: Promise<void>;
  /** Stops an idle runner beyond the warm ones (EXTRA_RUNNER_IDLE_MS); null while it works. */
  idleTimer: NodeJS.Timeout | null;
}

export interface SandboxPoolOptions {
  /** Runner processes at most; each runs one integration at a time. */
  size?: number;
  /**
   * Runners kept started while nothing runs (default: size). A run that finds none idle starts
   * one more, up to size; one idle for `extraIdleMs` beyond this number is stopped. Each idle
   * runner holds ~15–25 MiB PSS; the run that waits pays a cold start (91 ms: ADR 012).
   */
  warm?: number;
  /**
   * How long a runner beyond the warm ones stays idle before it stops (default a minute): long
   * enough that a steady stream of overlapping runs keeps it, short enough that a burst's do not.
   */
  extraIdleMs?: number;
  /**
   * When the worker runs as root, runners run as this unprivileged user (default `nobody`), so
   * they cannot read the worker's /proc/<pid>/environ, which holds the keys.
   */
  runnerUser?: string;
  /** Each runner's address-space cap in MiB (RLIMIT_AS, through prlimit); see runner-launch.ts. */
  addressSpaceMb?: number;
  /** A runner's resident-memory budget per run in MiB; default runnerRssBudgetMb(memoryMb). */
  runnerRssBudgetMb?: number;
  /** The worker CPU one run's responses may take; default DEFAULT_RESPONSE_CPU_BUDGET_MS. */
  responseCpuBudgetMs?: number;
}

/** Test seams for the network guard (see RequestEnvironment); not for production use. */
export interface SandboxPoolTestOptions {
  lookup?: LookupAll;
  connectTo?: (target: ResolvedTarget) => ResolvedTarget;
}

export function resolveLimits(overrides: Partial<SandboxLimits> = {}): SandboxLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as Array<keyof SandboxLimits>) {
    const value = overrides[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) limits[key] = value;
  }
  // isolated-vm's minimum.
  limits.memoryMb = Math.max(8, Math.round(limits.memoryMb));
  return limits;
}

/** 30000 → "30 s", 1500 → "1.5 s". */
function seconds(ms: number): string {
  return `${+(ms / 1000).toFixed(3)} s`;
}

export class SandboxPool {
  readonly #size: number;
  readonly #warm: number;
  readonly #extraIdleMs: number;
  readonly #runners = new Set<Runner>();
  readonly #queue: Job[] = [];
  readonly #tokenCache = new OAuthTokenCache();
  /**
   * Response bodies become what the code receives there, off the main thread, and every reply
   * goes to its runner from there. Should it stop, the runners' channels go with it.
   */
  readonly #responseThread = new ResponseThread(() => {
    for (const runner of this.#runners) this.#retire(runner);
  });
  /** Where each runner's reply channel is made (#replyChannel): only this process may enter. */
  readonly #channelDir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-replies-'));
  #nextChannel = 0;
  readonly #testOptions: SandboxPoolTestOptions;
  readonly #launch: RunnerLaunch;
  readonly #rssBudgetMb: number | null;
  readonly #responseCpuBudgetMs: number | undefined;
  #nextRunId = 1;
  #startFailures = 0;
  #respawnTimer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: SandboxPoolOptions = {}, testOptions: SandboxPoolTestOptions = {}) {
    this.#size = Math.max(1, Math.floor(options.size ?? Math.min(4, os.availableParallelism())));
    this.#warm = Math.min(this.#size, Math.max(1, Math.floor(options.warm ?? this.#size)));
    this.#extraIdleMs = options.extraIdleMs ?? 60_000;
    this.#testOptions = testOptions;
    this.#rssBudgetMb = options.runnerRssBudgetMb ?? null;
    this.#responseCpuBudgetMs = options.responseCpuBudgetMs;
    this.#launch = resolveRunnerLaunch({
      runnerPath: RUNNER_PATH,
      nodeArgs: RUNNER_EXEC_ARGV,
      ...(options.runnerUser === undefined ? {} : { runnerUser: options.runnerUser }),
      ...(options.addressSpaceMb === undefined ? {} : { addressSpaceMb: options.addressSpaceMb }),
    });
    for (const warning of this.#launch.warnings) console.warn(`sandbox: ${warning}`);
    for (let i = 0; i < this.#warm; i++) this.#spawn();
  }

  /** Runs one integration. Always resolves: user code's failures are in the result. */
  run(input: SandboxRunInput): Promise<SandboxRunResult> {
    if (this.#closed) return Promise.reject(new Error('The sandbox pool is closed'));
    return new Promise((resolve) => {
      this.#queue.push({ input, resolve });
      this.#dispatch();
    });
  }

  stats(): { runners: number; busy: number; rssBytes: number[] } {
    const live = [...this.#runners].filter((runner) => runner.state !== 'gone');
    return {
      runners: live.length,
      busy: live.filter((runner) => runner.state === 'busy').length,
      rssBytes: live.map((runner) => rssOf(runner.child.pid)),
    };
  }

  /** Stops every runner; runs in progress end as failed, queued runs too. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#respawnTimer) clearTimeout(this.#respawnTimer);
    const shutdown: SandboxError = {
      name: 'SandboxError',
      message: 'The sandbox was shut down before the run finished',
      retryable: true,
    };
    for (const job of this.#queue.splice(0)) job.resolve(failedBeforeStart(shutdown));
    const exits: Array<Promise<void>> = [];
    for (const runner of this.#runners) {
      if (runner.idleTimer) clearTimeout(runner.idleTimer);
      if (runner.active) this.#complete(runner, runner.active.session.fail(shutdown));
      runner.child.kill('SIGKILL');
      exits.push(runner.exited);
    }
    await Promise.all(exits);
    await this.#responseThread.close();
    rmSync(this.#channelDir, { recursive: true, force: true });
  }

  /**
   * A runner's reply channel: a FIFO, whose reading end the runner gets as its descriptor 4 and
   * whose writing end the response thread opens. A pipe made by the spawn would belong to this
   * thread, and no handle moves between threads; a FIFO has a name the thread opens itself.
   * Node has no mkfifo: the system's, a few ms here per runner started.
   */
  #replyChannel(): { fd: number; writer: number } {
    const fifo = path.join(this.#channelDir, `reply-${this.#nextChannel++}`);
    execFileSync('mkfifo', ['-m', '600', fifo], { stdio: 'ignore' });
    try {
      // Read and write, so the open does not wait for a writer; the runner only reads it.
      const fd = openSync(fifo, constants.O_RDWR);
      // The writing end, for the response thread: descriptors belong to the process, so it
      // takes this one over. Opened here, since a worker thread's fs.open tracks its
      // descriptor and warns when a closed one's number comes round again.
      const writer = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
      return { fd, writer };
    } finally {
      rmSync(fifo, { force: true });
    }
  }

  #spawn(): void {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'patchbay-runner-'));
    const { identity } = this.#launch;
    // The runner's own user owns its working directory (and may remove it, runner-process.ts);
    // the runner drops to that user itself, once its code is loaded (runner-launch.ts).
    if (identity) chownSync(dir, identity.uid, identity.gid);
    let replies: { fd: number; writer: number } | null = null;
    let channelError = '';
    try {
      replies = this.#replyChannel();
    } catch (error) {
      channelError = `the reply channel could not be made: ${(error as Error).message}`;
    }
    const child = fork(RUNNER_PATH, this.#launch.runnerArgs, {
      cwd: dir,
      env: {},
      // Through prlimit when available: the address-space cap applies before Node starts.
      execPath: this.#launch.execPath,
      execArgv: this.#launch.execArgv,
      // The fifth is the reply channel, REPLY_FD in runner-process.ts.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc', replies?.fd ?? 'ignore'],
      serialization: 'json',
    });
    let exited!: () => void;
    // The runner holds its own copy of the reading end now.
    if (replies) closeSync(replies.fd);
    const runner: Runner = {
      child,
      channel: replies ? this.#responseThread.openChannel(replies.writer) : -1,
      dir,
      state: 'starting',
      active: null,
      // Without a channel the runner could get no reply: it counts as a failed start.
      stderrTail: channelError,
      outOfMemory: false,
      exited: new Promise((resolve) => (exited = resolve)),
      idleTimer: null,
    };
    this.#runners.add(runner);
    if (!replies) child.kill('SIGKILL');
    child.stdout?.resume();
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (OUT_OF_MEMORY.test(runner.stderrTail.slice(-64) + text)) runner.outOfMemory = true;
      runner.stderrTail = (runner.stderrTail + text).slice(-STDERR_TAIL);
    });
    child.on('message', (message) => this.#onMessage(runner, message));
    // 'error' without 'exit' means the process never started (or could not be signalled).
    child.on('error', () => {
      if (child.exitCode === null && child.signalCode === null && child.pid === undefined) {
        this.#onExit(runner, null, null);
        exited();
      }
    });
    // 'close', not 'exit': by then stderr is read to its end, so a runner the OS refused memory
    // is told apart from one that crashed (OUT_OF_MEMORY).
    child.on('close', (code, signal) => {
      this.#onExit(runner, code, signal);
      exited();
    });
  }

  #send(runner: Runner, message: RunMessage): void {
    if (!runner.child.connected) return;
    runner.child.send(message, (error) => {
      // The channel broke: the runner is unusable; its exit handler settles the run.
      if (error) runner.child.kill('SIGKILL');
    });
  }

  /**
   * A reply made on this thread (an error, a captured write), sent through the response thread,
   * which writes every frame of a runner's channel in the order asked: one writer per channel.
   */
  #sendReply(runner: Runner, runId: number, callId: number, reply: CallReply): void {
    if (reply.ok === 'written') return;
    const head: ReplyHead = reply.ok
      ? { runId, callId, ok: true }
      : { runId, callId, ok: false, error: reply.error };
    const text = reply.ok ? reply.value : reply.body;
    this.#responseThread.reply(runner.channel, head, text);
  }

  #dispatch(): void {
    while (this.#queue.length > 0 && !this.#closed) {
      const runner = [...this.#runners].find((candidate) => candidate.state === 'idle');
      if (!runner) {
        this.#grow();
        return;
      }
      const job = this.#queue.shift() as Job;
      this.#start(runner, job);
    }
    for (const runner of this.#runners) if (runner.state === 'idle') this.#restLater(runner);
  }

  /** Starts a runner for each waiting run no starting runner will take, up to size. */
  #grow(): void {
    // After repeated start failures the pool waits (#onExit) rather than fork again at once.
    if (this.#closed || this.#respawnTimer) return;
    const live = [...this.#runners].filter((runner) => runner.state !== 'gone');
    const starting = live.filter((runner) => runner.state === 'starting').length;
    const wanted = Math.min(this.#size - live.length, this.#queue.length - starting);
    for (let i = 0; i < wanted; i++) this.#spawn();
  }

  /** An idle runner beyond the warm ones stops if it is still idle `extraIdleMs` from now. */
  #restLater(runner: Runner): void {
    if (runner.idleTimer || this.#warm === this.#size) return;
    runner.idleTimer = setTimeout(() => {
      runner.idleTimer = null;
      const live = [...this.#runners].filter((other) => other.state !== 'gone').length;
      if (runner.state === 'idle' && live > this.#warm) this.#retire(runner);
    }, this.#extraIdleMs);
    runner.idleTimer.unref();
  }

  #start(runner: Runner, job: Job): void {
    const limits = resolveLimits(job.input.limits);
    const runId = this.#nextRunId++;
    const session = new RunSession(job.input, limits, {
      tokenCache: this.#tokenCache,
      responseThread: this.#responseThread,
      replies: { channel: runner.channel, runId },
      ...(this.#responseCpuBudgetMs === undefined
        ? {}
        : { responseCpuBudgetMs: this.#responseCpuBudgetMs }),
      ...this.#testOptions,
    });
    let stateJson: string;
    let eventJson: string;
    try {
      stateJson = JSON.stringify(job.input.state ?? {});
      // The event was JSON when it arrived (a webhook body or a parsed sample).
      eventJson = JSON.stringify(job.input.event ?? null);
    } catch (error) {
      session.dispose();
      job.resolve(
        session.fail({
          name: 'TypeError',
          message: `The saved state is not JSON: ${(error as Error).message}`,
          retryable: false,
        }),
      );
      this.#dispatch();
      return;
    }
    // Before the run starts: its first reply must find its channel serving it.
    this.#responseThread.serve(runner.channel, runId);
    const timer = setTimeout(() => this.#timeout(runner, runId), limits.wallClockMs);
    const budgetMb = this.#rssBudgetMb ?? runnerRssBudgetMb(limits.memoryMb);
    const watchdog = setInterval(
      () => this.#checkMemory(runner, runId, budgetMb),
      WATCHDOG_INTERVAL_MS,
    );
    if (runner.idleTimer) clearTimeout(runner.idleTimer);
    runner.idleTimer = null;
    runner.state = 'busy';
    runner.active = { runId, job, session, timer, watchdog };
    const runnerLimits: RunnerLimits = {
      memoryMb: limits.memoryMb,
      cpuMs: limits.cpuMs,
      maxLogBytes: limits.maxLogBytes,
      maxDataBytes: limits.maxDataBytes,
      maxPendingCalls: Math.max(limits.maxRequests, 100),
      maxCallBytes: limits.maxResponseBytes * 2 + 64 * 1024,
    };
    this.#send(runner, {
      type: 'run',
      runId,
      code: job.input.code,
      stateJson,
      eventJson,
      run: {
        id: job.input.run.id,
        attempt: job.input.run.attempt,
        mode: job.input.run.mode,
        scheduledAt: job.input.run.scheduledAt,
      },
      limits: runnerLimits,
    });
  }

  #onMessage(runner: Runner, raw: unknown): void {
    const parsed = ZRunnerMessage.safeParse(raw);
    if (!parsed.success) {
      // A runner that speaks nonsense cannot be trusted with another run.
      this.#retire(runner);
      return;
    }
    const message: RunnerMessage = parsed.data;
    if (message.type === 'ready') {
      if (runner.state !== 'starting') return;
      runner.state = 'idle';
      this.#startFailures = 0;
      this.#dispatch();
      return;
    }
    const active = runner.active;
    if (!active || active.runId !== message.runId) return; // a late message from an ended run
    if (message.type === 'call') {
      const { callId } = message;
      void active.session.handleCall(message.callJson, callId).then((reply) => {
        if (runner.active?.runId !== active.runId) return;
        const overBudget = active.session.overBudget;
        if (overBudget !== null) {
          // A loop over refused calls costs the worker a round trip each, a large response its
          // main thread's time.
          this.#complete(
            runner,
            active.session.fail({
              name: overBudget.startsWith('Request')
                ? 'RequestLimitError'
                : 'ResponseCpuLimitError',
              message: overBudget,
              retryable: false,
            }),
          );
          this.#retire(runner);
          return;
        }
        this.#sendReply(runner, active.runId, callId, reply);
      });
    } else if (message.type === 'log') {
      active.session.addLog(message.level, message.message, message.at);
    } else {
      const result = active.session.complete(message.outcomeJson);
      // An allocation the address-space cap refused surfaces in the code as a RangeError.
      const refused =
        result.status === 'failed' && ALLOCATION_REFUSED.test(result.error?.message ?? '');
      this.#complete(
        runner,
        refused
          ? {
              ...result,
              error: {
                name: 'MemoryLimitError',
                message: `Memory limit exceeded (${result.error?.message ?? ''})`,
                retryable: true,
              },
            }
          : result,
      );
      if (message.retire || refused) this.#retire(runner);
      else {
        runner.state = 'idle';
        this.#dispatch();
      }
    }
  }

  #timeout(runner: Runner, runId: number): void {
    const active = runner.active;
    if (!active || active.runId !== runId) return;
    const limit = active.session.limits.wallClockMs;
    this.#complete(
      runner,
      active.session.fail({
        name: 'TimeoutError',
        message: `Timed out after ${seconds(limit)}`,
        retryable: true,
      }),
    );
    this.#retire(runner);
  }

  /**
   * The RSS watchdog: memory the isolate's limit does not see still shows in
   * the process's resident set. Over budget, the run fails and the runner is killed.
   */
  #checkMemory(runner: Runner, runId: number, budgetMb: number): void {
    const active = runner.active;
    if (!active || active.runId !== runId) return;
    if (rssOf(runner.child.pid) <= budgetMb * 1024 * 1024) return;
    this.#complete(
      runner,
      active.session.fail({
        name: 'MemoryLimitError',
        message: `Memory limit exceeded (the run's sandbox process used more than ${budgetMb} MiB)`,
        retryable: true,
      }),
    );
    this.#retire(runner);
  }

  /** Resolves the runner's current run (once) and forgets it. */
  #complete(runner: Runner, result: SandboxRunResult): void {
    const active = runner.active;
    if (!active) return;
    runner.active = null;
    // Replies still being made for it are dropped, not sent to the runner's next run.
    this.#responseThread.serve(runner.channel, null);
    clearTimeout(active.timer);
    clearInterval(active.watchdog);
    active.session.dispose();
    active.job.resolve(result);
  }

  /** Kills a runner; its exit handler replaces it. */
  #retire(runner: Runner): void {
    if (runner.state === 'gone') return;
    if (runner.idleTimer) clearTimeout(runner.idleTimer);
    runner.idleTimer = null;
    runner.state = 'gone';
    runner.child.kill('SIGKILL');
  }

  #onExit(runner: Runner, code: number | null, signal: NodeJS.Signals | null): void {
    if (!this.#runners.has(runner)) return;
    const wasStarting = runner.state === 'starting';
    runner.state = 'gone';
    this.#runners.delete(runner);
    this.#responseThread.closeChannel(runner.channel);
    rmSync(runner.dir, { recursive: true, force: true });
    if (runner.active) {
      const memory = runner.outOfMemory;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      this.#complete(
        runner,
        runner.active.session.fail(
          memory
            ? { name: 'MemoryLimitError', message: 'Memory limit exceeded', retryable: true }
            : {
                name: 'SandboxError',
                message: `The sandbox process stopped (${how})`,
                retryable: true,
              },
        ),
      );
    }
    if (this.#closed) return;
    if (wasStarting) this.#startFailures += 1;
    if (this.#startFailures >= MAX_START_FAILURES) {
      // Something is wrong with the runner itself (not with user code): fail what waits and
      // try again later rather than fork in a tight loop.
      const error: SandboxError = {
        name: 'SandboxError',
        message: `The sandbox cannot start: ${runner.stderrTail.trim().split('\n').at(-1) ?? 'unknown error'}`,
        retryable: true,
      };
      for (const job of this.#queue.splice(0)) job.resolve(failedBeforeStart(error));
      if (!this.#respawnTimer) {
        this.#respawnTimer = setTimeout(() => {
          this.#respawnTimer = null;
          this.#startFailures = MAX_START_FAILURES - 1;
          this.#refill();
        }, 5_000);
        this.#respawnTimer.unref();
      }
      return;
    }
    this.#refill();
  }

  /** Back to the warm runners, and one more for each run that waits, up to size. */
  #refill(): void {
    if (this.#closed) return;
    let live = [...this.#runners].filter((runner) => runner.state !== 'gone').length;
    while (live < this.#warm) {
      this.#spawn();
      live += 1;
    }
    this.#grow();
  }
}

function failedBeforeStart(error: SandboxError): SandboxRunResult {
  return {
    status: 'failed',
    data: null,
    logs: [],
    requests: [],
    stateChanges: { set: {}, deleted: [] },
    error,
    durationMs: 0,
  };
}

/** Resident memory of a process, from /proc (Linux); 0 where that is not available. */
function rssOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}
