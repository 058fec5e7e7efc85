// When a deployed run's end sends an alert (ADR 022). A pure rule, so it is tested without a
// database; db/src/notifications.ts applies it inside the transaction that records the run,
// where the integration's row lock makes two racing runs see each other's alert.
import type { TIntegrationStatus } from './integrations.ts';
import type { TAlertTransition } from './notifications.ts';

/**
 * A failed run alerts only when it leaves the integration failed: a paused or draft
 * integration's failed run does not make it failed.
 */
export function failedRunMayAlert(statusAfterRun: TIntegrationStatus | undefined): boolean {
  return statusAfterRun === 'failed';
}

/**
 * Whether a run's transition sends an alert, given the last alert sent for the integration (null
 * when none was): a failure alerts once, and not again until a success after it has sent the one
 * recovery alert.
 */
export function transitionAlerts(
  transition: TAlertTransition,
  lastAlert: TAlertTransition | null,
): boolean {
  return transition === 'failed' ? lastAlert !== 'failed' : lastAlert === 'failed';
}
