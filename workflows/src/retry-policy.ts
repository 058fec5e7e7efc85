// Retry policies that another process must agree with (ADR 018). Plain data, no Temporal
// imports: the API and the workers import it from '@patchbay/workflows' without pulling
// workflow code in, and workflows.ts uses the same objects (bundled into the workflow code).

// The subpath, not the root: limits.ts has no imports, so no zod enters the workflow bundle.
import { DEPLOYED_RUN_MAX_ATTEMPTS, MAX_RETRY_DELAY_MS } from '@patchbay/schema/limits';

/**
 * The longest wait between two attempts of a deployed run: the policy's maximumInterval, and
 * the cap on a Retry-After header's wait (execute-integration.ts caps `nextRetryDelay` with it).
 * The numbers live in schema/src/limits.ts so the docs page can state them.
 */
export { MAX_RETRY_DELAY_MS };

/** Deployed runs: exponential backoff, at most 5 attempts (Retry-After shortens or stretches a wait, up to the cap). */
export const DEPLOYED_RUN_RETRY = {
  initialInterval: 2_000,
  backoffCoefficient: 2,
  maximumInterval: MAX_RETRY_DELAY_MS,
  maximumAttempts: DEPLOYED_RUN_MAX_ATTEMPTS,
} as const;

/** Code generation: 429s, 5xx and timeouts are retried; a bad key or refused prompt is not. */
export const GENERATION_RETRY = {
  initialInterval: '2 seconds',
  backoffCoefficient: 2,
  maximumAttempts: 4,
} as const;

/**
 * The policy's wait after a failed attempt of a deployed run, without a Retry-After; the run
 * history shows it. Null after the last attempt: there is no next one.
 */
export function deployedRunBackoffMs(attempt: number): number | null {
  if (attempt >= DEPLOYED_RUN_RETRY.maximumAttempts) return null;
  const wait =
    DEPLOYED_RUN_RETRY.initialInterval * DEPLOYED_RUN_RETRY.backoffCoefficient ** (attempt - 1);
  return Math.min(wait, DEPLOYED_RUN_RETRY.maximumInterval);
}
