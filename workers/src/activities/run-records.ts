import type { ExecuteIntegrationInput, RunOutcome } from '@patchbay/workflows';
import type postgres from 'postgres';

type Sql = postgres.Sql | postgres.TransactionSql;

/**
 * Inserts the run record once per (workflow, run, attempt), and at most one success per
 * run; true when this call wrote it.
 */
export async function insertRunRecord(
  sql: Sql,
  run: Pick<ExecuteIntegrationInput, 'integrationId' | 'kind' | 'workflowId' | 'runId'>,
  outcome: RunOutcome,
  startedAt: Date,
): Promise<boolean> {
  const rows = await sql`
    insert into runs ${sql({
      integration_id: run.integrationId,
      kind: run.kind,
      workflow_id: run.workflowId,
      run_id: run.runId,
      attempt: outcome.attempt,
      status: outcome.status,
      started_at: startedAt,
      duration_ms: Math.round(outcome.durationMs),
      data: sql.json((outcome.data ?? null) as postgres.JSONValue),
      logs: sql.json(outcome.logs),
      requests: sql.json(outcome.requests as unknown as postgres.JSONValue),
      state_changes: sql.json(outcome.stateChanges as unknown as postgres.JSONValue),
      error: outcome.error ? sql.json(outcome.error as unknown as postgres.JSONValue) : null,
    })}
    -- Either key: this attempt already recorded, or another attempt of the run succeeded.
    on conflict do nothing
    returning id`;
  return rows.length === 1;
}

interface RunRow {
  status: 'success' | 'failed';
  attempt: number;
  duration_ms: number;
  data: unknown;
  logs: string[];
  requests: RunOutcome['requests'];
  state_changes: RunOutcome['stateChanges'] | null;
  error: RunOutcome['error'] | null;
}

/** A successful run already recorded for this execution (an attempt whose completion was lost). */
export async function findCommittedRun(
  sql: Sql,
  workflowId: string,
  runId: string,
): Promise<RunOutcome | null> {
  const [row] = await sql<RunRow[]>`
    select status, attempt, duration_ms, data, logs, requests, state_changes, error from runs
    where workflow_id = ${workflowId} and run_id = ${runId} and status = 'success'
    limit 1`;
  if (!row) return null;
  return {
    status: row.status,
    data: row.data,
    logs: row.logs,
    requests: row.requests,
    stateChanges: row.state_changes ?? { set: {}, deleted: [] },
    durationMs: row.duration_ms,
    attempt: row.attempt,
    ...(row.error ? { error: row.error } : {}),
  };
}
