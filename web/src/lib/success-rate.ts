// The dashboard's success-rate bar, from real run data.

import { DEPLOYED_RUN_KINDS, type TRun } from '@patchbay/schema';

interface RunLike {
  status: 'success' | 'failed';
  kind: TRun['kind'];
}

/** Runs of the integration itself, the ones the usage counts too (DEPLOYED_RUN_KINDS). */
export function deployedRuns<T extends RunLike>(runs: readonly T[]): T[] {
  return runs.filter((run) => (DEPLOYED_RUN_KINDS as readonly string[]).includes(run.kind));
}

/**
 * Share of successful deployed runs (scheduled or 'Run now'), 0-100 rounded; sandbox tests and
 * replays do not count, since they try out code rather than run the integration. Null without any run.
 */
export function successRate(runs: readonly RunLike[]): number | null {
  let total = 0;
  let succeeded = 0;
  for (const run of deployedRuns(runs)) {
    total += 1;
    if (run.status === 'success') succeeded += 1;
  }
  return total === 0 ? null : Math.round((succeeded / total) * 100);
}

/** Green at 80 or above, yellow at 50 or above, red below 50. */
export function successRateColor(rate: number): 'green' | 'yellow' | 'red' {
  if (rate >= 80) return 'green';
  if (rate >= 50) return 'yellow';
  return 'red';
}
