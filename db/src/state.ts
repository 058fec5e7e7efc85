// integration_state and the state-version protocol (ADR 011). Every commit
// of state, a run's or a hand edit's, goes through commitState: under the integration's
// row lock it checks that the state is still the version the writer read, writes, and
// bumps the version. A run's record commits in the same transaction as its changes.
import type { TIntegrationState, TRunOutcome } from '@patchbay/schema';
import { jsonbText, type Sql } from './client.ts';
import { isIntegrationId, type IntegrationRow } from './integrations.ts';
import { insertRunRecord, type RunKey } from './runs.ts';
import { decideAlert } from './notifications.ts';

/**
 * The saved state of the integration `i` as one JSON object, in key order, for
 * `select …, (…) as state_values from integrations i`. Read in the same statement as the
 * integration's row, the values and `state_version` come from one snapshot.
 */
const STATE_VALUES_SQL = `coalesce(
  (select json_object_agg(s.key, s.value order by s.key)
     from integration_state s where s.integration_id = i.id),
  '{}'::json)`;

/** The saved state and its version (GET /state), or undefined when the integration is gone. */
export async function readState(
  sql: Sql,
  integrationId: string,
): Promise<TIntegrationState | undefined> {
  if (!isIntegrationId(integrationId)) return undefined;
  const [row] = await sql<{ state_version: string; state_values: Record<string, unknown> }[]>`
    select i.state_version, ${sql.unsafe(STATE_VALUES_SQL)} as state_values
    from integrations i where i.id = ${integrationId}`;
  return row && { version: Number(row.state_version), values: row.state_values };
}

/** What a run needs: the row (code, connections, sealed credentials) and the state it starts from. */
export interface IntegrationForRun {
  row: IntegrationRow;
  state: TIntegrationState;
  /**
   * The version a run of the integration's code runs (ADR 023): the newest saved version with
   * exactly this code (every change of the code appends one); null when none has it.
   */
  codeVersion: number | null;
}

/**
 * The integration, its state and its code's version in one statement. One statement reads one
 * snapshot, so the state's version matches its values; and a run pays one round trip for it,
 * not five.
 */
export async function loadIntegrationForRun(
  sql: Sql,
  integrationId: string,
): Promise<IntegrationForRun | undefined> {
  if (!isIntegrationId(integrationId)) return undefined;
  const [found] = await sql<
    (IntegrationRow & { state_values: Record<string, unknown>; code_version: number | null })[]
  >`
    select i.*, ${sql.unsafe(STATE_VALUES_SQL)} as state_values,
      (select max(v.version) from integration_versions v
        where v.integration_id = i.id and v.code = i.generated_code) as code_version
    from integrations i where i.id = ${integrationId}`;
  if (!found) return undefined;
  const { state_values: values, code_version: codeVersion, ...row } = found;
  return { row, state: { version: Number(row.state_version), values }, codeVersion };
}

export type StateChanges =
  /** A run's changes: keys set and keys deleted; others stay. */
  | { set: Record<string, unknown>; deleted: string[] }
  /** A hand edit: the whole state becomes these values. */
  | { replaceWith: Record<string, unknown> };

export interface StateCommit {
  integrationId: string;
  /** The state version the changes were computed from. */
  readVersion: number;
  changes: StateChanges;
  /** A deployed run's success, recorded with its changes; it also heals a failed integration. */
  run?: { key: RunKey; outcome: TRunOutcome; startedAt: Date };
}

export type StateCommitResult =
  /** alertId: the recovery alert this run's success decided (ADR 022), to be delivered. */
  | { status: 'committed'; version: number; alertId?: string }
  /** The run was already recorded (a retry of a committed attempt): nothing written. */
  | { status: 'already-recorded' }
  /** Someone committed since `readVersion`: nothing written; re-read and try again. */
  | { status: 'state-changed' }
  | { status: 'integration-gone' };

/** Thrown inside the transaction to roll back a run record already inserted. */
class StaleState extends Error {}

/** The one state commit (see the top of this file). */
export async function commitState(sql: Sql, commit: StateCommit): Promise<StateCommitResult> {
  const { integrationId, changes, run } = commit;
  const replacing = 'replaceWith' in changes;
  // A commit that writes no state cannot conflict with anyone; a replacement always writes.
  const writes = replacing || Object.keys(changes.set).length + changes.deleted.length > 0;
  try {
    return await sql.begin(async (tx): Promise<StateCommitResult> => {
      const [current] = await tx<{ state_version: string }[]>`
        select state_version from integrations where id = ${integrationId} for update`;
      if (!current) return { status: 'integration-gone' };
      if (run && !(await insertRunRecord(tx, run.key, run.outcome, run.startedAt))) {
        return { status: 'already-recorded' };
      }
      if (writes && Number(current.state_version) !== commit.readVersion) throw new StaleState();

      if (replacing) {
        await tx`delete from integration_state where integration_id = ${integrationId}`;
      }
      const set = replacing ? changes.replaceWith : changes.set;
      for (const [key, value] of Object.entries(set)) {
        // JSON text cast here: postgres.js sends a top-level null as SQL NULL, and
        // `ctx.state.set(key, null)` saves the JSON value null.
        await tx`
          insert into integration_state (integration_id, key, value)
          values (${integrationId}, ${key}, ${jsonbText(value)}::text::jsonb)
          on conflict (integration_id, key) do update set value = excluded.value`;
      }
      if (!replacing && changes.deleted.length > 0) {
        await tx`
          delete from integration_state
          where integration_id = ${integrationId} and key in ${tx(changes.deleted)}`;
      }
      const [updated] = await tx<{ state_version: string }[]>`
        update integrations
        set state_version = state_version + ${writes ? 1 : 0},
            -- A run's success sets a failed integration back to active.
            status = case when ${Boolean(run)} and status = 'failed' then 'active' else status end
        where id = ${integrationId}
        returning state_version`;
      // A deployed run's success after a failure alert sends one recovery alert (ADR 022).
      const alertId = run
        ? await decideAlert(tx, {
            integrationId,
            transition: 'recovered',
            workflowId: run.key.workflowId,
            runId: run.key.runId,
            errorMessage: null,
          })
        : null;
      return {
        status: 'committed',
        version: Number(updated?.state_version),
        ...(alertId ? { alertId } : {}),
      };
    });
  } catch (error) {
    if (error instanceof StaleState) return { status: 'state-changed' };
    throw error;
  }
}
