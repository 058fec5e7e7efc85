import type { RecordFailedRunInput, RunOutcome } from '@patchbay/workflows';
import type postgres from 'postgres';
import { insertRunRecord } from './run-records.ts';

/**
 * After the last attempt: one failed run record (with the last attempt's logs and
 * transcript) and an active integration marked failed (DESIGN.md §5).
 */
export function createRecordFailedRun(deps: { sql: postgres.Sql }) {
  return async function recordFailedRun(input: RecordFailedRunInput): Promise<void> {
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
    await deps.sql.begin(async (tx) => {
      const [exists] = await tx`select 1 from integrations where id = ${input.integrationId}`;
      if (!exists) return; // deleted meanwhile: nothing to record against
      await insertRunRecord(
        tx,
        input,
        { ...outcome, status: 'failed' },
        new Date(input.scheduledAt),
      );
      await tx`update integrations set status = 'failed' where id = ${input.integrationId} and status = 'active'`;
    });
  };
}
