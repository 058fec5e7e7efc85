// Runs an integration's code in the sandbox and records what happened (ADR 011).
//   test:     one attempt; a `test` run record; state read but never committed. A dry run
//             (testMode 'dry-run', ADR 017) reads for real and captures every write.
//   deployed: state changes commit in the same transaction as the run record, only on
//             success; a failed attempt commits nothing and throws, so Temporal retries
//             it from the same state (after Retry-After when the API sent one).
// runCode is the sandbox run itself, shared with generation's verification, which dry-runs
// code that is not saved and records no run.
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { KeyRing } from '@patchbay/schema/vault';
import {
  ZExecuteIntegrationInput,
  type TDeployedExecutionInput,
  type TTestMode,
  type TWebhookEvent,
} from '@patchbay/schema';
import {
  deployedRunBackoffMs,
  MAX_RETRY_DELAY_MS,
  parsePayload,
  type ExecuteIntegrationInput,
  type RunError,
  type RunOutcome,
} from '@patchbay/workflows';
import {
  commitState,
  findAlertOfRun,
  findCommittedRun,
  findVersionCode,
  insertRunAttempt,
  markAttemptStarted,
  insertRunRecord,
  type AttemptRecord,
  type Sql,
} from '@patchbay/db';
import type { SandboxPool, SandboxRunResult } from '../sandbox/index.ts';
import { loadIntegration, type LoadedIntegration } from './load-integration.ts';
import { prepareConnection } from '../oauth/prepare-connection.ts';

export interface ExecuteDeps {
  sql: Sql;
  vault: KeyRing;
  sandbox: SandboxPool;
  /** SANDBOX_ALLOW_PRIVATE_NETWORK: loopback APIs for development and tests. */
  allowPrivateNetwork: boolean;
}

/** Temporal refuses payloads over 2 MB; the full outcome is in the run record anyway. */
const TEMPORAL_PAYLOAD_BUDGET = 1024 * 1024;

/**
 * The outcome as it travels through Temporal: whole when small, else with request and
 * response bodies cut (the run record in PostgreSQL keeps them whole).
 */
export function boundedForTemporal(outcome: RunOutcome): RunOutcome {
  if (JSON.stringify(outcome).length <= TEMPORAL_PAYLOAD_BUDGET) return outcome;
  const note = '…[cut to fit the workflow result; the run record has it whole]';
  const cut = (body: string | null) =>
    body && body.length > 2048 ? `${body.slice(0, 2048)}${note}` : body;
  const cutValue = (value: unknown) => {
    const text = JSON.stringify(value) ?? null;
    return text && text.length > 2048 ? cut(text) : value;
  };
  const slim: RunOutcome = {
    ...outcome,
    requests: outcome.requests.map((request) => ({
      ...request,
      requestBody: cut(request.requestBody),
      responseBody: cut(request.responseBody),
    })),
    logs: outcome.logs.slice(-200),
    ...(outcome.captured
      ? {
          captured: outcome.captured.map((write) => ({
            ...write,
            body: cutValue(write.body),
            response: cutValue(write.response),
          })),
        }
      : {}),
  };
  if (JSON.stringify(slim).length <= TEMPORAL_PAYLOAD_BUDGET) return slim;
  return {
    ...slim,
    data: { note: 'The result is too large to show here; see the run history.' },
    stateChanges: { set: {}, deleted: [] },
  };
}

/** The sandbox's result as the run's outcome: log entries as lines, the error without its body. */
export function toOutcome(result: SandboxRunResult, attempt: number): RunOutcome {
  const { logs, error, ...rest } = result;
  return {
    ...rest,
    data: result.data ?? null,
    logs: logs.map((entry) => `[${entry.level}] ${entry.message}`),
    attempt,
    // The HttpError's parsed body stays in the sandbox: the transcript has the response.
    ...(error ? { error: withoutBody(error) } : {}),
  };
}

function withoutBody(error: NonNullable<SandboxRunResult['error']>): RunError {
  const { body: _body, ...rest } = error;
  return rest;
}

/** One sandbox run of `code` against the integration's connections, as the activity and verification run it. */
export interface CodeRun {
  integrationId: string;
  integration: LoadedIntegration;
  code: string;
  runId: string;
  mode: 'test' | 'deployed';
  scheduledAt: string;
  /** ctx.event: the webhook event or a test's sample event; null on other runs. */
  event: TWebhookEvent | null;
  /** Test runs: live, or a dry run that captures every write (ADR 017). Deployed runs: absent. */
  testMode?: TTestMode;
}

/**
 * Runs code in the sandbox: the connections prepared (an expiring OAuth token refreshed), the
 * activity heartbeating meanwhile, the result as an outcome. Records nothing.
 */
export async function runCode(deps: ExecuteDeps, run: CodeRun): Promise<RunOutcome> {
  if (run.code.trim() === '')
    throw ApplicationFailure.nonRetryable('The integration has no code yet', 'NoCode');
  const context = Context.current();
  const attempt = context.info.attempt;
  const { integration, testMode } = run;
  // Heartbeats let Temporal notice a dead worker in seconds, not after the whole timeout. A
  // local activity (test runs) has none: its workflow task is the worker's own.
  const heartbeat = setInterval(() => {
    if (!context.info.isLocal) context.heartbeat();
  }, 2_000);
  // A connected account's token is refreshed here when it expires within a minute (ADR 024).
  const [source, destination] = await Promise.all([
    prepareConnection(deps, run.integrationId, 'source', integration.source),
    prepareConnection(deps, run.integrationId, 'destination', integration.destination),
  ]).catch((error: unknown) => {
    clearInterval(heartbeat);
    throw error;
  });
  const result = await deps.sandbox
    .run({
      code: run.code,
      source,
      destination,
      state: integration.state,
      run: { id: run.runId, attempt, mode: run.mode, scheduledAt: run.scheduledAt },
      event: run.event,
      allowPrivateNetwork: deps.allowPrivateNetwork,
      ...(testMode
        ? {
            capture: {
              mode: testMode,
              source: integration.source.description ?? undefined,
              destination: integration.destination.description ?? undefined,
            },
          }
        : {}),
    })
    .finally(() => clearInterval(heartbeat));
  const outcome = toOutcome(result, attempt);
  if (testMode === 'dry-run') {
    // The run history shows the run record only: say there what kind of run it was.
    outcome.logs.push(`[info] dry run, writes captured and not sent: ${outcome.summary ?? ''}`);
  }
  return outcome;
}

export function createExecuteIntegration(deps: ExecuteDeps) {
  return async function executeIntegration(payload: ExecuteIntegrationInput): Promise<RunOutcome> {
    const input = parsePayload(ZExecuteIntegrationInput, payload, 'executeIntegration');
    const attempt = Context.current().info.attempt;
    if (input.kind !== 'test') {
      // The worker may have died after committing and before Temporal heard back.
      const committed = await findCommittedRun(deps.sql, input.workflowId, input.runId);
      if (committed) return boundedForTemporal(await withRecoveryAlert(deps.sql, input, committed));
      // The run history shows the run as under way from its first attempt (ADR 037).
      await markAttemptStarted(deps.sql, input, attempt, new Date()).catch((failure: unknown) => {
        // A line the history misses (the integration was deleted meanwhile) must not fail the run.
        console.warn('could not mark a run attempt as started:', failure);
      });
    }
    const integration = await loadIntegration(deps.sql, deps.vault, input.integrationId);
    if (!integration)
      throw ApplicationFailure.nonRetryable(
        'The integration no longer exists',
        'IntegrationNotFound',
      );
    const version = input.kind === 'rerun' ? input.codeVersion : undefined;
    const code = (await savedCode(deps.sql, input.integrationId, version)) ?? integration.code;
    const startedAt = new Date();
    const outcome = {
      ...(await runCode(deps, {
        integrationId: input.integrationId,
        integration,
        code,
        runId: input.runId,
        mode: input.kind === 'test' ? 'test' : 'deployed',
        scheduledAt: input.scheduledAt,
        event: 'event' in input ? (input.event ?? null) : null,
        ...(input.kind === 'test' ? { testMode: input.testMode } : {}),
      })),
      // Which saved version ran, so 'Re-run as it ran' can start it again (ADR 023).
      codeVersion: version ?? integration.codeVersion,
    };

    if (input.kind === 'test') {
      await insertRunRecord(deps.sql, input, outcome, startedAt);
      return boundedForTemporal(outcome);
    }
    return finishDeployedAttempt(deps, input, { integration, outcome, attempt, startedAt });
  };
}

/**
 * A deployed attempt's end: on success the state and the run record commit together; a failure
 * is recorded as an attempt and thrown for Temporal to retry.
 */
async function finishDeployedAttempt(
  deps: ExecuteDeps,
  input: TDeployedExecutionInput,
  ran: { integration: LoadedIntegration; outcome: RunOutcome; attempt: number; startedAt: Date },
): Promise<RunOutcome> {
  const { integration, outcome, attempt, startedAt } = ran;
  // Each attempt of a deployed run is recorded, so the run history shows the failures
  // before a success and the wait after each.
  const recordAttempt = (
    status: AttemptRecord['status'],
    error?: { name: string; message: string; retryable: boolean; retryAfterMs?: number },
  ) =>
    insertRunAttempt(deps.sql, input, {
      attempt,
      status,
      startedAt,
      durationMs: outcome.durationMs,
      error: error ? { name: error.name, message: error.message } : undefined,
      wait: error?.retryable ? waitBeforeNextAttempt(attempt, error.retryAfterMs) : undefined,
    }).catch((failure: unknown) => {
      // The history loses a line (e.g. the integration was deleted meanwhile); the run's
      // own outcome must not change because of it.
      console.warn('could not record a run attempt:', failure);
    });
  if (outcome.status === 'success') {
    // The run record and the state changes commit together, and only if the state is
    // still the one this attempt read (the same commit as PUT /state; db/src/state.ts).
    const commit = await commitState(deps.sql, {
      integrationId: input.integrationId,
      readVersion: integration.stateVersion,
      changes: outcome.stateChanges,
      run: { key: input, outcome, startedAt },
    });
    switch (commit.status) {
      case 'committed':
        await recordAttempt('success');
        // A recovery alert to deliver (ADR 022): the workflow starts its delivery.
        return boundedForTemporal(
          commit.alertId ? { ...outcome, alertId: commit.alertId } : outcome,
        );
      case 'already-recorded': {
        // Another attempt of this run committed first: never commit twice; answer with its outcome.
        const earlier = await findCommittedRun(deps.sql, input.workflowId, input.runId);
        return boundedForTemporal(await withRecoveryAlert(deps.sql, input, earlier ?? outcome));
      }
      case 'state-changed':
        // Another run or a hand edit committed meanwhile: these changes came from stale state.
        await recordAttempt('failed', {
          name: 'StateChanged',
          message: 'The saved state changed during the run; retried from the new state',
          retryable: true,
        });
        throw ApplicationFailure.retryable(
          'The saved state changed during the run; retrying from the new state',
          'StateChanged',
        );
      case 'integration-gone':
        throw ApplicationFailure.nonRetryable(
          'The integration no longer exists',
          'IntegrationNotFound',
        );
    }
  }
  const error = outcome.error;
  await recordAttempt('failed', {
    name: error?.name ?? 'RunFailed',
    message: error?.message ?? 'The run failed',
    retryable: error ? error.retryable : true,
    ...(error?.retryAfterMs ? { retryAfterMs: error.retryAfterMs } : {}),
  });
  throw ApplicationFailure.create({
    message: error?.message ?? 'The run failed',
    type: error?.name ?? 'RunFailed',
    nonRetryable: error ? !error.retryable : false,
    // An API's Retry-After, but never longer than the policy's longest wait: a year-long
    // Retry-After must not park the run (and skip every tick) for a year.
    ...(error?.retryAfterMs
      ? { nextRetryDelay: Math.min(error.retryAfterMs, MAX_RETRY_DELAY_MS) }
      : {}),
    details: [boundedForTemporal(outcome)],
  });
}

/**
 * The wait Temporal makes before the next attempt: the API's Retry-After (capped, as
 * `nextRetryDelay` below), else the policy's backoff; none after the last attempt.
 */
export function waitBeforeNextAttempt(
  attempt: number,
  retryAfterMs: number | undefined,
): AttemptRecord['wait'] {
  const backoff = deployedRunBackoffMs(attempt);
  if (backoff === null) return undefined;
  return retryAfterMs
    ? { ms: Math.min(retryAfterMs, MAX_RETRY_DELAY_MS), reason: 'retry-after' }
    : { ms: backoff, reason: 'backoff' };
}

/**
 * 'Re-run as it ran' (ADR 023): the saved version's code; undefined for every other run. A
 * version that is gone (the integration was deleted and made again) fails the run for good.
 */
async function savedCode(
  sql: Sql,
  integrationId: string,
  version: number | undefined,
): Promise<string | undefined> {
  if (version === undefined) return undefined;
  const code = await findVersionCode(sql, integrationId, version);
  if (code === undefined) {
    throw ApplicationFailure.nonRetryable(
      `Version ${version} of the code no longer exists`,
      'CodeVersionNotFound',
    );
  }
  return code;
}

/** A committed run's outcome with the recovery alert its commit decided, if any. */
async function withRecoveryAlert(
  sql: Sql,
  input: TDeployedExecutionInput,
  outcome: RunOutcome,
): Promise<RunOutcome> {
  const alertId = await findAlertOfRun(sql, input.workflowId, input.runId, 'recovered');
  return alertId ? { ...outcome, alertId } : outcome;
}
