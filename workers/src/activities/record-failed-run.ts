import { ZRecordFailedRunInput, type TRecordFailedRunResult } from '@patchbay/schema';
import { parsePayload, type RecordFailedRunInput, type RunOutcome } from '@patchbay/workflows';
import { commitFailedRun, type Sql } from '@patchbay/db';

/**
 * After the last attempt: one failed run record (with the last attempt's logs and
 * transcript) and an active integration marked failed (ADR 011); answers the failure
 * alert that decided, for the workflow to deliver (ADR 022).
 */
export function createRecordFailedRun(deps: { sql: Sql }) {
  return async function recordFailedRun(
    payload: RecordFailedRunInput,
  ): Promise<TRecordFailedRunResult> {
    const input = parsePayload(ZRecordFailedRunInput, payload, 'recordFailedRun');
    const outcome: RunOutcome = input.outcome ?? {
      status: 'failed',
      data: null,
      logs: [],
      requests: [],
      stateChanges: { set: {}, deleted: [] },
      durationMs: 0,
      attempt: 1,
      error: { name: 'RunFailed', message: input.message, retryable: false },
    };
    // One transaction; nothing when the integration was deleted meanwhile.
    return { alertId: await commitFailedRun(deps.sql, input, outcome) };
  };
}
