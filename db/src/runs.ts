// runs: one record per (workflow, run, attempt), at most one success per run
// (schema/migrations/0003_runs.sql, 0004). Written by the worker's activities, read by the
// API's run history and usage.
import type {
  TIntegrationStatus,
  TRecordFailedRunInput,
  TRun,
  TRunAttempt,
  TRunDetail,
  TRunKind,
  TRunOutcome,
  TRunSummary,
} from '@patchbay/schema';
import { DEPLOYED_RUN_KINDS, failedRunMayAlert } from '@patchbay/schema';
import type { JsonValue, Queryable, Sql } from './client.ts';
import { decideAlert } from './notifications.ts';

/** A `runs` row as postgres.js returns it. */
export interface RunRow {
  /** bigint identity, which postgres.js returns as a string. */
  id: string;
  integration_id: string;
  kind: TRun['kind'];
  workflow_id: string;
  run_id: string;
  attempt: number;
  status: TRun['status'];
  started_at: Date;
  duration_ms: number;
  data: unknown;
  logs: string[];
  requests: TRun['requests'];
  state_changes: TRun['stateChanges'];
  error: TRun['error'];
  /**
   * The integration_versions version it ran (migration 0012, ADR 023); null before it, and for
   * replays.
   */
  code_version: number | null;
  /** listRunsPage only: the run's rows of run_attempts, oldest first. */
  attempt_list?: TRunAttempt[];
}

/** The API's view of a run, but for the Temporal Web UI link, which the API adds. */
export function toRun(row: RunRow): Omit<TRunDetail, 'temporalUrl'> {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    ...runTimes(row),
    data: row.data,
    error: row.error,
    logs: row.logs,
    requests: row.requests,
    stateChanges: row.state_changes,
    workflowId: row.workflow_id,
    runId: row.run_id,
    codeVersion: row.code_version,
  };
}

/**
 * The run's attempts. Test runs, and runs recorded before run_attempts existed, have none
 * there: the run record itself is then its one (last) attempt.
 */
function runAttempts(row: RunSummaryRow): TRunAttempt[] {
  const recorded = row.attempt_list ?? [];
  if (recorded.some((attempt) => attempt.attempt === row.attempt)) return recorded;
  const last: TRunAttempt = {
    attempt: row.attempt,
    status: row.status,
    durationMs: row.duration_ms,
    startedAt: row.started_at.toISOString(),
    ...(row.error ? { error: { name: row.error.name, message: row.error.message } } : {}),
  };
  return [...recorded, last];
}

/**
 * When the run started and how long it took by the clock (ADR 037): from its first
 * attempt's start to its last one's end, retries and their waits included, beside the last
 * attempt's own time.
 */
function runTimes(
  row: RunSummaryRow,
): Pick<TRun, 'startedAt' | 'durationMs' | 'lastAttemptMs' | 'attempts'> {
  const attempts = runAttempts(row);
  const first = attempts[0]?.startedAt;
  const last = attempts.at(-1);
  const start = first ? new Date(first) : row.started_at;
  const end = last?.startedAt
    ? new Date(last.startedAt).getTime() + last.durationMs
    : row.started_at.getTime() + row.duration_ms;
  return {
    startedAt: start.toISOString(),
    durationMs: Math.max(row.duration_ms, end - start.getTime()),
    lastAttemptMs: row.duration_ms,
    attempts,
  };
}

/** A run history row as the API shows it, but for the Temporal link. */
export function toRunSummary(row: RunSummaryRow): Omit<TRunSummary, 'temporalUrl'> {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    ...runTimes(row),
    error: row.error ? { name: row.error.name, message: row.error.message } : null,
    codeVersion: row.code_version,
    workflowId: row.workflow_id,
    runId: row.run_id,
  };
}

/** The attempts of a run as small JSON objects, for `select r.*, (…) as attempt_list`. */
const ATTEMPT_LIST_SQL = `(
  select json_agg(
    json_strip_nulls(json_build_object(
      'attempt', a.attempt, 'status', a.status, 'error', a.error,
      'durationMs', a.duration_ms, 'waitMs', a.wait_ms, 'waitReason', a.wait_reason,
      'startedAt', to_char(a.started_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
    order by a.attempt)
  from run_attempts a where a.workflow_id = r.workflow_id and a.run_id = r.run_id
)`;

/** One run of the integration with its whole transcript (GET /runs/:runId), or undefined. */
export async function findRunOfIntegration(
  sql: Sql,
  integrationId: string,
  runId: string,
): Promise<RunRow | undefined> {
  // runs.id is a bigint: anything else names no run (not a cast error).
  if (!/^\d{1,18}$/.test(runId)) return undefined;
  const [row] = await sql<RunRow[]>`
    select r.*, ${sql.unsafe(ATTEMPT_LIST_SQL)} as attempt_list
    from runs r where r.id = ${runId} and r.integration_id = ${integrationId}`;
  return row;
}

/** The code of one saved version of the integration ('Re-run as it ran'), or undefined. */
export async function findVersionCode(
  sql: Queryable,
  integrationId: string,
  version: number,
): Promise<string | undefined> {
  const [row] = await sql<{ code: string }[]>`
    select code from integration_versions
    where integration_id = ${integrationId} and version = ${version}`;
  return row?.code;
}

/** One attempt of a deployed run as the worker saw it. */
export interface AttemptRecord {
  attempt: number;
  status: TRunAttempt['status'];
  startedAt: Date;
  durationMs: number;
  error?: { name: string; message: string } | undefined;
  wait?: { ms: number; reason: NonNullable<TRunAttempt['waitReason']> } | undefined;
}

/** Records one attempt of a deployed run; a repeated attempt number is ignored. */
export async function insertRunAttempt(
  sql: Queryable,
  run: RunKey,
  attempt: AttemptRecord,
): Promise<void> {
  await sql`
    insert into run_attempts ${sql({
      workflow_id: run.workflowId,
      run_id: run.runId,
      attempt: attempt.attempt,
      integration_id: run.integrationId,
      status: attempt.status,
      started_at: attempt.startedAt,
      duration_ms: Math.round(attempt.durationMs),
      error: attempt.error
        ? sql.json({ name: attempt.error.name, message: attempt.error.message })
        : null,
      wait_ms: attempt.wait ? Math.round(attempt.wait.ms) : null,
      wait_reason: attempt.wait?.reason ?? null,
    })}
    on conflict do nothing`;
}

/** The outcome a recorded run stands for (an attempt whose completion Temporal lost). */
export function toRunOutcome(row: RunRow): TRunOutcome {
  return {
    status: row.status,
    data: row.data,
    logs: row.logs,
    requests: row.requests,
    stateChanges: row.state_changes ?? { set: {}, deleted: [] },
    durationMs: row.duration_ms,
    attempt: row.attempt,
    ...(row.error ? { error: row.error } : {}),
    codeVersion: row.code_version,
  };
}

/** Which execution a record belongs to. */
export interface RunKey {
  integrationId: string;
  kind: TRunKind;
  workflowId: string;
  runId: string;
}

/**
 * Inserts the run record once per (workflow, run, attempt), and at most one success per
 * run; true when this call wrote it. Takes a transaction when it is part of a commit.
 */
export async function insertRunRecord(
  sql: Queryable,
  run: RunKey,
  outcome: TRunOutcome,
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
      data: sql.json((outcome.data ?? null) as JsonValue),
      logs: sql.json(outcome.logs),
      requests: sql.json(outcome.requests as unknown as JsonValue),
      state_changes: sql.json(outcome.stateChanges as unknown as JsonValue),
      error: outcome.error ? sql.json(outcome.error as unknown as JsonValue) : null,
      code_version: outcome.codeVersion ?? null,
    })}
    -- Either key: this attempt already recorded, or another attempt of the run succeeded.
    on conflict do nothing
    returning id`;
  // A deployed run has ended: it is no longer shown as under way (runs-in-flight.ts).
  if ((DEPLOYED_RUN_KINDS as readonly string[]).includes(run.kind)) {
    await sql`
      delete from runs_in_flight where workflow_id = ${run.workflowId} and run_id = ${run.runId}`;
  }
  return rows.length === 1;
}

/** A successful run already recorded for this execution, or null. */
export async function findCommittedRun(
  sql: Queryable,
  workflowId: string,
  runId: string,
): Promise<TRunOutcome | null> {
  const [row] = await sql<RunRow[]>`
    select * from runs
    where workflow_id = ${workflowId} and run_id = ${runId} and status = 'success'
    limit 1`;
  return row ? toRunOutcome(row) : null;
}

/**
 * After the last attempt (ADR 011): one failed run record and an active integration
 * marked failed, together, with the failure alert when this turns it failed (ADR 022): its
 * id, or null. Nothing when the integration was deleted meanwhile.
 */
export async function commitFailedRun(
  sql: Sql,
  input: TRecordFailedRunInput,
  outcome: TRunOutcome,
): Promise<string | null> {
  return sql.begin(async (tx) => {
    const [exists] = await tx`
      select 1 from integrations where id = ${input.integrationId} for update`;
    if (!exists) return null;
    await insertRunRecord(tx, input, { ...outcome, status: 'failed' }, new Date(input.scheduledAt));
    const [row] = await tx<{ status: TIntegrationStatus }[]>`
      update integrations set status = case when status = 'active' then 'failed' else status end
      where id = ${input.integrationId}
      returning status`;
    if (!failedRunMayAlert(row?.status)) return null;
    return decideAlert(tx, {
      integrationId: input.integrationId,
      transition: 'failed',
      workflowId: input.workflowId,
      runId: input.runId,
      errorMessage: outcome.error?.message ?? input.message,
    });
  });
}

/** The run history's filters (ADR 023): how runs started and how they ended. */
export interface RunsFilter {
  limit: number;
  before?: number | undefined;
  kind?: TRun['kind'] | undefined;
  status?: TRun['status'] | undefined;
}

/** A run history row: no data, logs or transcript, so pages stay small (ADR 023). */
export type RunSummaryRow = Omit<RunRow, 'data' | 'logs' | 'requests' | 'state_changes'>;

/**
 * One page of an integration's runs, newest first, without transcripts; `nextBefore`
 * continues it.
 */
export async function listRunsPage(
  sql: Sql,
  integrationId: string,
  page: RunsFilter,
): Promise<{ rows: RunSummaryRow[]; nextBefore: number | null }> {
  // Each run's attempts come along as small JSON objects (no transcripts): one subquery per
  // run of the page, on run_attempts' primary key.
  const rows = await sql<RunSummaryRow[]>`
    select r.id, r.integration_id, r.kind, r.workflow_id, r.run_id, r.attempt, r.status,
      r.started_at, r.duration_ms, r.error, r.code_version,
      ${sql.unsafe(ATTEMPT_LIST_SQL)} as attempt_list
    from runs r
    where r.integration_id = ${integrationId}
      and (${page.before ?? null}::bigint is null or r.id < ${page.before ?? null})
      and (${page.kind ?? null}::text is null or r.kind = ${page.kind ?? null})
      and (${page.status ?? null}::text is null or r.status = ${page.status ?? null})
    order by r.id desc
    limit ${page.limit + 1}`;
  const shown = rows.slice(0, page.limit);
  return { rows: shown, nextBefore: rows.length > page.limit ? Number(shown.at(-1)?.id) : null };
}

/** How the integration's newest deployed run ended, or null when it never ran. */
export async function lastDeployedRunStatus(
  sql: Queryable,
  integrationId: string,
): Promise<TRun['status'] | null> {
  const [row] = await sql<{ status: TRun['status'] }[]>`
    select status from runs
    where integration_id = ${integrationId} and kind in ${sql(DEPLOYED_RUN_KINDS)}
    -- Ids follow the records' writes: the run that ended last.
    order by id desc
    limit 1`;
  return row?.status ?? null;
}

/** Deployed runs (DEPLOYED_RUN_KINDS) of the user's integrations started this calendar month (UTC). */
export async function countExecutionsThisMonth(sql: Sql, userId: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from runs r join integrations i on i.id = r.integration_id
    where i.user_id = ${userId} and r.kind in ${sql(DEPLOYED_RUN_KINDS)}
      and r.started_at >= date_trunc('month', now() at time zone 'utc') at time zone 'utc'`;
  return row?.n ?? 0;
}
