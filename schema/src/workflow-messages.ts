// The sentences the workflows put in their answers and failures. Workflow code passes codes and
// data; the words are written here, beside the contracts the API and the console read. Workflow
// code imports this module (`@patchbay/schema/workflow-messages`), so it imports no values: the
// workflow bundle stays free of zod and of everything else in the schema package.
import type { TVerification } from './generation-report.ts';

/** runIntegration's failure after its last retry, as the API and the Temporal Web UI show it. */
export function runFailedMessage(lastError: string): string {
  return `The run failed after its retries: ${lastError}`;
}

/** Why generation's dry run did not run. */
export type TDryRunSkip =
  /** The request named no integration, so there are no connections to run against. */
  | { why: 'no-integration' }
  /** The verifying activity itself failed (not the code it ran). */
  | { why: 'could-not-run'; error: string };

export function dryRunSkipped(skip: TDryRunSkip): TVerification {
  return {
    status: 'skipped',
    summary: 'dry run: not run',
    reason:
      skip.why === 'no-integration'
        ? 'no integration was named, so there are no connections to test against'
        : `the dry run could not run: ${skip.error}`,
  };
}

/** What came of the repair round after the first dry run failed (ADR 017). */
export type TRepairRound =
  /** Asking for a repair, or checking the repaired code's syntax, failed. */
  | { outcome: 'repair-failed'; error: string }
  /** The generator had nothing else to try. */
  | { outcome: 'no-candidate' }
  /** The repaired code's dry run: passed, or its own reason why not. */
  | { outcome: 'dry-run'; passed: boolean; reason: string | undefined };

/** The verdict's reason after the repair round, given the first dry run's reason. */
export function repairRoundReason(firstReason: string | undefined, round: TRepairRound): string {
  switch (round.outcome) {
    case 'repair-failed':
      return `${firstReason}; the repair round failed: ${round.error}`;
    case 'no-candidate':
      return `${firstReason}; the built-in generator has no other candidate operation or mapping to try`;
    case 'dry-run':
      return round.passed
        ? `repaired after the first dry run failed: ${firstReason}`
        : `${round.reason} (after one repair round; the first dry run failed: ${firstReason})`;
  }
}
