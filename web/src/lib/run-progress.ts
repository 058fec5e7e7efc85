// What a run under way is doing (ADR 037), in words, for its row in the run history: the
// attempt and its number out of the policy's, the failure before it, and when the next attempt
// is due. Plain functions, so they are tested without a browser.
import type { TRunInFlight } from '@patchbay/schema';
import { formatDuration } from './relative-time.ts';

/** "Attempt 2 of 5": the attempt running, or the one that failed last. */
export function attemptOf(run: Pick<TRunInFlight, 'attempt' | 'maxAttempts'>): string {
  return `Attempt ${run.attempt} of ${run.maxAttempts}`;
}

/** The time of day a retry is due, to the second: "20:51:04". */
export function clockTime(value: string): string {
  return new Date(value).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/**
 * The row's line: "Attempt 1 of 5 is running", "Attempt 1 of 5 failed: HTTP 503. Next attempt
 * in 4.0 s, at 20:51:04", "Attempt 5 of 5 failed: …. Recording the failure".
 */
export function inFlightLine(run: TRunInFlight, now: Date = new Date()): string {
  if (run.state === 'running') return `${attemptOf(run)} is running`;
  const failure = run.attempts.at(-1)?.error?.message;
  const failed = `${attemptOf(run)} failed${failure ? `: ${failure}` : ''}`;
  if (!run.nextAttemptAt) return `${failed}. Recording the failure`;
  const wait = Date.parse(run.nextAttemptAt) - now.getTime();
  const due = wait > 0 ? `in ${formatDuration(wait)}, at` : 'due at';
  return `${failed}. Next attempt ${due} ${clockTime(run.nextAttemptAt)}`;
}

/** A recorded run's duration and, when it retried, its last attempt's own time. */
export function durationLine(run: {
  durationMs: number;
  lastAttemptMs: number;
  attempts: readonly unknown[];
}): {
  total: string;
  lastAttempt: string | null;
} {
  return {
    total: formatDuration(run.durationMs),
    lastAttempt:
      run.attempts.length > 1 ? `last attempt ${formatDuration(run.lastAttemptMs)}` : null,
  };
}
