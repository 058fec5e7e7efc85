// runs_in_flight (migration 0018): deployed runs that started and have no run
// record yet. The worker marks each attempt's start; insertRunRecord (runs.ts) deletes the row
// in the transaction that records the run; the run history lists what is left.
import {
  DEPLOYED_RUN_MAX_ATTEMPTS,
  MAX_RETRY_DELAY_MS,
  type TRunAttempt,
  type TRunInFlight,
} from '@patchbay/schema';
import type { Queryable, Sql } from './client.ts';
import type { RunKey } from './runs.ts';

/**
 * A row nobody touched for this long belongs to a workflow that ended without its record (an
 * operator terminated it): an attempt lasts at most 90 s (the activity's startToCloseTimeout)
 * and the wait before the next at most MAX_RETRY_DELAY_MS.
 */
const STALE_AFTER_MS = 90_000 + MAX_RETRY_DELAY_MS + 60_000;

/** Marks attempt `attempt` of a deployed run as started; the first one starts the run's clock. */
export async function markAttemptStarted(
  sql: Queryable,
  run: RunKey,
  attempt: number,
  at: Date,
): Promise<void> {
  await sql`
    insert into runs_in_flight ${sql({
      workflow_id: run.workflowId,
      run_id: run.runId,
      integration_id: run.integrationId,
      kind: run.kind,
      started_at: at,
      attempt,
      attempt_started_at: at,
    })}
    on conflict (workflow_id, run_id) do update
      set attempt = excluded.attempt, attempt_started_at = excluded.attempt_started_at
      where runs_in_flight.attempt <= excluded.attempt`;
}

interface InFlightRow {
  workflow_id: string;
  run_id: string;
  kind: TRunInFlight['kind'];
  started_at: Date;
  attempt: number;
  attempt_list: (TRunAttempt & { startedAt: string })[] | null;
}

/** The integration's runs under way, newest first; `kind` narrows them as the history's filter. */
export async function listRunsInFlight(
  sql: Sql,
  integrationId: string,
  kind?: TRunInFlight['kind'],
): Promise<Omit<TRunInFlight, 'temporalUrl'>[]> {
  const rows = await sql<InFlightRow[]>`
    select f.workflow_id, f.run_id, f.kind, f.started_at, f.attempt, (
      select json_agg(json_strip_nulls(json_build_object(
        'attempt', a.attempt, 'status', a.status, 'error', a.error,
        'durationMs', a.duration_ms, 'waitMs', a.wait_ms, 'waitReason', a.wait_reason,
        'startedAt', to_char(a.started_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
        order by a.attempt)
      from run_attempts a where a.workflow_id = f.workflow_id and a.run_id = f.run_id
    ) as attempt_list
    from runs_in_flight f
    where f.integration_id = ${integrationId}
      and (${kind ?? null}::text is null or f.kind = ${kind ?? null})
      and f.attempt_started_at > now() - make_interval(secs => ${STALE_AFTER_MS / 1000})
    order by f.started_at desc
    limit 20`;
  return rows.map((row) => {
    const attempts = row.attempt_list ?? [];
    // The attempt marked last has failed when its own line is in run_attempts: the next waits.
    const current = attempts.find((attempt) => attempt.attempt === row.attempt);
    const next =
      current?.waitMs !== undefined
        ? new Date(new Date(current.startedAt).getTime() + current.durationMs + current.waitMs)
        : null;
    return {
      kind: row.kind,
      workflowId: row.workflow_id,
      runId: row.run_id,
      startedAt: row.started_at.toISOString(),
      attempt: row.attempt,
      maxAttempts: DEPLOYED_RUN_MAX_ATTEMPTS,
      state: current ? 'waiting' : 'running',
      nextAttemptAt: next?.toISOString() ?? null,
      attempts: attempts.filter((attempt) => attempt.status === 'failed'),
    };
  });
}

/** Daily housekeeping: rows of workflows that ended without a run record. */
export async function pruneStaleRunsInFlight(sql: Sql): Promise<void> {
  await sql`
    delete from runs_in_flight where attempt_started_at < now() - interval '1 day'`;
}
