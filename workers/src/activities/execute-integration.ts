// Runs an integration's code in the sandbox and records what happened (DESIGN.md §5).
//   test:     one attempt; a `test` run record; state read but never committed.
//   deployed: state changes commit in the same transaction as the run record, only on
//             success; a failed attempt commits nothing and throws, so Temporal retries
//             it from the same state (after Retry-After when the API sent one).
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { KeyRing } from '@patchbay/schema/vault';
import type { ExecuteIntegrationInput, RunOutcome } from '@patchbay/workflows';
import type postgres from 'postgres';
import type { SandboxPool, SandboxRunResult } from '../sandbox/index.ts';
import { loadIntegration } from './load-integration.ts';
import { findCommittedRun, insertRunRecord } from './run-records.ts';

export interface ExecuteDeps {
  sql: postgres.Sql;
  vault: KeyRing;
  sandbox: SandboxPool;
  /** SANDBOX_ALLOW_PRIVATE_NETWORK: loopback APIs for development and tests. */
  allowPrivateNetwork: boolean;
}

export function toOutcome(result: SandboxRunResult, attempt: number): RunOutcome {
  return {
    status: result.status,
    data: result.data ?? null,
    logs: result.logs.map((entry) => `[${entry.level}] ${entry.message}`),
    requests: result.requests,
    stateChanges: result.stateChanges,
    durationMs: result.durationMs,
    attempt,
    ...(result.error
      ? {
          error: {
            name: result.error.name,
            message: result.error.message,
            retryable: result.error.retryable,
            ...(result.error.stack === undefined ? {} : { stack: result.error.stack }),
            ...(result.error.line === undefined ? {} : { line: result.error.line }),
            ...(result.error.column === undefined ? {} : { column: result.error.column }),
            ...(result.error.status === undefined ? {} : { status: result.error.status }),
            ...(result.error.retryAfterMs === undefined
              ? {}
              : { retryAfterMs: result.error.retryAfterMs }),
          },
        }
      : {}),
  };
}

export function createExecuteIntegration(deps: ExecuteDeps) {
  return async function executeIntegration(input: ExecuteIntegrationInput): Promise<RunOutcome> {
    const context = Context.current();
    const attempt = context.info.attempt;
    if (input.mode === 'deployed') {
      // The worker may have died after committing and before Temporal heard back.
      const committed = await findCommittedRun(deps.sql, input.workflowId, input.runId);
      if (committed) return committed;
    }
    const integration = await loadIntegration(deps.sql, deps.vault, input.integrationId);
    if (!integration)
      throw ApplicationFailure.nonRetryable(
        'The integration no longer exists',
        'IntegrationNotFound',
      );
    if (integration.code.trim() === '')
      throw ApplicationFailure.nonRetryable('The integration has no code yet', 'NoCode');

    const startedAt = new Date();
    // Heartbeats let Temporal notice a dead worker in seconds, not after the whole timeout.
    const heartbeat = setInterval(() => context.heartbeat(), 2_000);
    const result = await deps.sandbox
      .run({
        code: integration.code,
        source: integration.source,
        destination: integration.destination,
        state: integration.state,
        run: { id: input.runId, attempt, mode: input.mode, scheduledAt: input.scheduledAt },
        allowPrivateNetwork: deps.allowPrivateNetwork,
      })
      .finally(() => clearInterval(heartbeat));
    const outcome = toOutcome(result, attempt);

    if (input.mode === 'test') {
      await insertRunRecord(deps.sql, input, outcome, startedAt);
      return outcome;
    }
    if (outcome.status === 'success') {
      await deps.sql.begin(async (tx) => {
        const wrote = await insertRunRecord(tx, input, outcome, startedAt);
        if (!wrote) return; // this attempt was already recorded: never commit twice
        const { set, deleted } = outcome.stateChanges;
        for (const [key, value] of Object.entries(set)) {
          await tx`
            insert into integration_state (integration_id, key, value) values (${input.integrationId}, ${key}, ${tx.json(value as postgres.JSONValue)})
            on conflict (integration_id, key) do update set value = excluded.value`;
        }
        if (deleted.length > 0) {
          await tx`delete from integration_state where integration_id = ${input.integrationId} and key in ${tx(deleted)}`;
        }
        // The next successful run sets a failed integration back to active.
        await tx`
          update integrations
          set state_version = state_version + ${Object.keys(set).length + deleted.length > 0 ? 1 : 0},
              status = case when status = 'failed' then 'active' else status end
          where id = ${input.integrationId}`;
      });
      return outcome;
    }
    const error = outcome.error;
    throw ApplicationFailure.create({
      message: error?.message ?? 'The run failed',
      type: error?.name ?? 'RunFailed',
      nonRetryable: error ? !error.retryable : false,
      ...(error?.retryAfterMs ? { nextRetryDelay: error.retryAfterMs } : {}),
      details: [outcome],
    });
  };
}
