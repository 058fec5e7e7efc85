import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

// Hands V8's garbage back once a long-lived process goes quiet (ADR 039). V8 grows its heap for
// a burst of requests and keeps it until its next full collection, which an idle process may
// not reach for many minutes: the API held 128 MiB of heap, 48 MiB of it live, after the n8n
// bench's runs. One full collection (~50–250 ms) when the event loop has been nearly idle for a
// whole check interval gives it back; a busy process is never paused by it.

export interface IdleCollectorOptions {
  /** How often to look (ms); the event loop must have been idle for all of the last interval. */
  checkEveryMs?: number;
  /**
   * Event-loop utilisation under which the process counts as idle: 0.5%, 50 ms of work in 10 s.
   * An idle API (its outbox polls each second) measured 0.07%, the worker 0.004%.
   */
  idleBelow?: number;
  /** Heap growth since the last collection (MiB) that is worth one. */
  minGrowthMb?: number;
}

const MIB = 1024 * 1024;

/** Starts the checks (a timer that never keeps the process alive); returns a function that stops them. */
export function collectWhenIdle(options: IdleCollectorOptions = {}): () => void {
  const { checkEveryMs = 10_000, idleBelow = 0.005, minGrowthMb = 16 } = options;
  // gc() without starting Node with --expose-gc, and for this one context only: the flag is
  // cleared again at once, so no context made later (the workflow sandbox's) gets a gc global.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options?: object) => void;
  v8.setFlagsFromString('--no-expose-gc');

  let heapAfterLast = 0;
  let since = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, since).utilization;
    since = now;
    if (busy >= idleBelow) return;
    if (v8.getHeapStatistics().total_heap_size < heapAfterLast + minGrowthMb * MIB) return;
    // A plain gc() empties the young generation but keeps its grown semi-spaces and V8's pool of
    // freed pages: a process that made 50 MiB of garbage still held a 38 MiB heap with 4 MiB
    // live. The 'last-resort' flavour (V8's own under memory pressure) also shrinks and releases
    // them: 5.5 MiB held.
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    heapAfterLast = v8.getHeapStatistics().total_heap_size;
    since = performance.eventLoopUtilization();
  }, checkEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
