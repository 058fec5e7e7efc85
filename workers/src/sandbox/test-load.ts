// Big responses and a probe of the worker's main thread, shared by event-loop.test.ts and
// `npm run bench` (scripts/bench/sandbox.ts), so the test and the figure measure the same way.

/** JSON of many small arrays, just under `bytes`: the shape slowest to parse and serialise. */
export function smallArrays(bytes: number): string {
  const rows: string[] = [];
  let length = 2;
  for (let i = 0; length < bytes - 64; i++) {
    const row = `[${i},${i + 1},${i + 2}]`;
    rows.push(row);
    length += row.length + 1;
  }
  return `[${rows.join(',')}]`;
}

function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

export interface MainThreadCpu {
  /** This thread's CPU time while the work ran. */
  totalMs: number;
  /** The most CPU between two turns of its timers: the longest the event loop was held. */
  longestBlockMs: number;
}

/**
 * This thread's own CPU time while `work` runs, not the wall clock: on a loaded machine the
 * wall clock also counts the time other processes had the cores, which no change here removes.
 */
export async function mainThreadCpu(work: () => Promise<unknown>): Promise<MainThreadCpu> {
  const started = threadCpuMs();
  let last = started;
  let longestBlockMs = 0;
  const probe = setInterval(() => {
    const now = threadCpuMs();
    longestBlockMs = Math.max(longestBlockMs, now - last);
    last = now;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(probe);
  }
  const now = threadCpuMs();
  return { totalMs: now - started, longestBlockMs: Math.max(longestBlockMs, now - last) };
}
