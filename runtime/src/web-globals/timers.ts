// setTimeout, clearTimeout and queueMicrotask for the sandbox (ADR 030). The isolate has no
// clock of its own to wait on: a timer is a message to the runner, which waits in its own event
// loop and calls fire(id) back. The wait is part of the run, so the run's wall-clock limit
// covers it; the callback runs in the isolate, under its CPU and memory limits.

export interface TimerBridge {
  /** Asks the runner to call fire(id) after delayMs. */
  start(id: number, delayMs: number): void;
  cancel(id: number): void;
  /** Timers pending at once; one more throws. */
  maxTimers: number;
  /**
   * Timers started in the whole run: each is a message to the runner, and a loop that starts
   * and clears them would otherwise queue messages faster than the runner reads them.
   */
  maxTimersPerRun: number;
}

/** Node's bound: a longer delay becomes 1 ms there (TimeoutOverflowWarning). */
const MAX_DELAY_MS = 2 ** 31 - 1;

const NativePromise = Promise;

export function createTimers(bridge: TimerBridge) {
  const pending = new Map<number, { callback: (...args: unknown[]) => unknown; args: unknown[] }>();
  let nextId = 1;
  let started = 0;

  function setTimeout(callback: unknown, delay?: unknown, ...args: unknown[]): number {
    if (typeof callback !== 'function') {
      throw new TypeError('setTimeout: the callback must be a function');
    }
    if (pending.size >= bridge.maxTimers) {
      throw new Error(`Too many timers pending at once (the limit is ${bridge.maxTimers})`);
    }
    if (started >= bridge.maxTimersPerRun) {
      throw new Error(`Too many timers in one run (the limit is ${bridge.maxTimersPerRun})`);
    }
    started++;
    let ms = Math.trunc(Number(delay));
    if (!Number.isFinite(ms) || ms < 0) ms = 0;
    if (ms > MAX_DELAY_MS) ms = 1;
    const id = nextId++;
    pending.set(id, { callback: callback as (...args: unknown[]) => unknown, args });
    bridge.start(id, ms);
    return id;
  }

  function clearTimeout(id?: unknown): void {
    const key = Number(id);
    if (!pending.delete(key)) return;
    bridge.cancel(key);
  }

  function queueMicrotask(callback: unknown): void {
    if (typeof callback !== 'function') {
      throw new TypeError('queueMicrotask: the callback must be a function');
    }
    // A throw becomes an unhandled rejection, which fails the run (as an uncaught exception
    // ends a Node process).
    void NativePromise.resolve().then(() => (callback as () => unknown)());
  }

  /** Called by the runner when timer `id` is due. A throw from the callback fails the run. */
  function fire(id: number): void {
    const timer = pending.get(id);
    if (!timer) return;
    pending.delete(id);
    timer.callback(...timer.args);
  }

  return { setTimeout, clearTimeout, queueMicrotask, fire };
}
