// Workflow definitions. This file is bundled by the worker and runs in
// Temporal's deterministic sandbox: no Node built-ins, no I/O, only activities (lint
// enforces it). Every generation, test and deployed run is one of these executions,
// visible in the Temporal Web UI.
import {
  defineSearchAttributeKey,
  SearchAttributeType,
  WorkflowExecutionAlreadyStartedError,
} from '@temporalio/common';
import {
  ActivityFailure,
  ApplicationFailure,
  ParentClosePolicy,
  proxyActivities,
  proxyLocalActivities,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import type {
  TGenerateRequest,
  TGenerateResponse,
  TImportApiDescriptionInput,
  TImportResponse,
  TRecordFailedRunResult,
  TRunFailureType,
  TSendAlertInput,
  TSendTestAlertInput,
  TSendTestAlertResult,
  TVerification,
  TVerifyCodeResult,
} from '@patchbay/schema';
import type {
  Activities,
  PingResult,
  ReplayRunInput,
  ReplayRunResult,
  RunIntegrationInput,
  RunOutcome,
  TestIntegrationInput,
} from './activity-types.ts';
import {
  dryRunSkipped,
  repairRoundReason,
  runFailedMessage,
} from '@patchbay/schema/workflow-messages';
import { alertWorkflowId } from './names.ts';
import { DEPLOYED_RUN_RETRY, GENERATION_RETRY } from './retry-policy.ts';

const { ping: pingActivity } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3 },
});

/** Proves the chain api → Temporal → worker → api; started by POST /api/ping and `npm start`. */
export async function ping(message: string): Promise<PingResult> {
  return pingActivity(message);
}

// The sandbox stops user code after 30 s; the margin covers loading and recording. A local
// activity: a test run is one attempt that the console waits for, and running it in
// the worker that holds the workflow task saves two task hops through the server (ADR 016).
// The run stays a workflow in the Temporal Web UI, the activity a marker in its history.
const testActivities = proxyLocalActivities<Activities>({
  startToCloseTimeout: '60 seconds',
  retry: { maximumAttempts: 1 },
});

/**
 * POST /api/integrations/:id/execute: one attempt, recorded as a test run, state never
 * committed; a dry run (ADR 017) also sends no write.
 */
export async function testIntegration(input: TestIntegrationInput): Promise<RunOutcome> {
  const info = workflowInfo();
  return testActivities.executeIntegration({
    integrationId: input.integrationId,
    kind: 'test',
    workflowId: info.workflowId,
    runId: info.runId,
    scheduledAt: new Date(info.startTime).toISOString(),
    testMode: input.mode ?? 'live',
    ...(input.event ? { event: input.event } : {}),
  });
}

/** Set by Temporal on workflows a Schedule starts. */
const SCHEDULED_START_TIME = defineSearchAttributeKey(
  'TemporalScheduledStartTime',
  SearchAttributeType.DATETIME,
);

const deployedActivities = proxyActivities<Activities>({
  startToCloseTimeout: '90 seconds',
  // The activity heartbeats while the sandbox runs: a killed worker is noticed quickly.
  heartbeatTimeout: '10 seconds',
  retry: DEPLOYED_RUN_RETRY,
});
const bookkeeping = proxyActivities<Activities>({
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 10 },
});

/**
 * A deployed run, started by the Schedule `integration:<id>`, by "Run now" or by a webhook
 * event (`POST /hooks/<token>`, ADR 021: the event is in the input). A failed
 * attempt commits nothing, so a retry starts from the same saved state; when retries are
 * exhausted the run is recorded as failed and the integration marked failed.
 */
export async function runIntegration(input: RunIntegrationInput): Promise<RunOutcome> {
  const info = workflowInfo();
  const scheduled = info.typedSearchAttributes.get(SCHEDULED_START_TIME);
  const scheduledAt = (scheduled ?? new Date(info.startTime)).toISOString();
  const ids = {
    integrationId: input.integrationId,
    workflowId: info.workflowId,
    runId: info.runId,
    scheduledAt,
  };
  let result: RunOutcome;
  try {
    // The trigger's own fields (a webhook run's event, a re-run's code version) go to the run.
    result = await deployedActivities.executeIntegration({ ...input, ...ids });
  } catch (error) {
    const failure = error instanceof ActivityFailure ? error.cause : error;
    const outcome =
      failure instanceof ApplicationFailure
        ? ((failure.details?.[0] as RunOutcome | undefined) ?? null)
        : null;
    const message = failure instanceof Error ? failure.message : String(failure);
    // Undefined in histories recorded before alerts existed: nothing to deliver.
    const recorded: TRecordFailedRunResult | undefined = await bookkeeping.recordFailedRun({
      ...ids,
      kind: input.kind,
      outcome,
      message,
    });
    if (recorded?.alertId) await deliverAlertLater(recorded.alertId);
    throw ApplicationFailure.nonRetryable(
      runFailedMessage(message),
      'RunFailed' satisfies TRunFailureType,
    );
  }
  // A success that recovered a failed integration (ADR 022).
  if (result.alertId) await deliverAlertLater(result.alertId);
  return result;
}

/**
 * An alert is delivered by a workflow of its own (ADR 022), which the run starts and
 * leaves (ABANDON): a flaky SMTP server may keep it retrying for hours, and the run must not
 * stay open meanwhile (the Schedule would skip the next ticks). Its id is the alert's, so a
 * second start (a replayed or retried run) is refused as a duplicate.
 */
async function deliverAlertLater(alertId: string): Promise<void> {
  try {
    await startChild(deliverAlert, {
      workflowId: alertWorkflowId(alertId),
      args: [{ alertId }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

const alerting = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  // No attempt limit: retried with backoff, every 10 minutes at most, for a day. A channel that
  // got the alert is recorded, so each retry sends only to the rest.
  scheduleToCloseTimeout: '24 hours',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '10 minutes' },
});

/** Delivers one decided alert to the channels routed to its integration (ADR 022). */
export async function deliverAlert(
  input: TSendAlertInput,
): Promise<{ sent: number; refused: number }> {
  return alerting.sendAlert(input);
}

const testAlerting = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { maximumAttempts: 1 },
});

/** A channel's Send test: one attempt, whose answer the API shows the user. */
export async function sendTestAlert(input: TSendTestAlertInput): Promise<TSendTestAlertResult> {
  return testAlerting.sendTestAlert(input);
}

/**
 * The editor's code against a recorded run (ADR 023), one attempt, recorded as a
 * `replay` run; reads are answered from the recording, writes captured, state never committed.
 */
export async function replayRun(input: ReplayRunInput): Promise<ReplayRunResult> {
  const info = workflowInfo();
  return testActivities.replayRecordedRun({
    ...input,
    workflowId: info.workflowId,
    runId: info.runId,
    scheduledAt: new Date(info.startTime).toISOString(),
  });
}

const generation = proxyActivities<Activities>({
  // An LLM can take a while; 429/5xx/timeouts are retried, a bad key is not (GenerationError).
  startToCloseTimeout: '3 minutes',
  retry: GENERATION_RETRY,
});

/** POST /api/integrations/generate: generate, check the syntax, then verify by a dry run. */
export async function generateCode(input: TGenerateRequest): Promise<TGenerateResponse> {
  const result = await generation.generateCode(input);
  await generation.validateCode(result.code);
  if (input.integrationId === undefined) {
    return { ...result, verification: dryRunSkipped({ why: 'no-integration' }) };
  }
  return verifyAndRepair(input, input.integrationId, result);
}

// A dry run is a test run: the sandbox's 30 s wall clock plus loading, one attempt.
const verifying = proxyActivities<Activities>({
  startToCloseTimeout: '60 seconds',
  retry: { maximumAttempts: 1 },
});

/**
 * ADR 017: a dry run of the code against the integration's connections; when it
 * fails, one repair round with the failing transcript (the LLM) and a second dry run. The
 * answer always carries code: a failed verification is reported, never thrown.
 */
async function verifyAndRepair(
  input: TGenerateRequest,
  integrationId: string,
  first: TGenerateResponse,
): Promise<TGenerateResponse> {
  const info = workflowInfo();
  const verify = async (code: string): Promise<TVerifyCodeResult> => {
    try {
      return await verifying.verifyGeneratedCode({
        integrationId,
        code,
        workflowId: info.workflowId,
        runId: info.runId,
        scheduledAt: new Date(info.startTime).toISOString(),
      });
    } catch (error) {
      return dryRunSkipped({ why: 'could-not-run', error: failureMessage(error) });
    }
  };
  const checked = await verify(first.code);
  if (checked.status !== 'failed') return { ...first, verification: shown(checked) };

  let repaired: TGenerateResponse | null;
  try {
    repaired = await generation.repairCode({
      request: input,
      code: first.code,
      transcript: checked.transcript ?? checked.reason ?? '',
      ...(first.plan ? { plan: first.plan } : {}),
    });
    if (repaired) await generation.validateCode(repaired.code);
  } catch (error) {
    return {
      ...first,
      verification: {
        ...shown(checked),
        reason: repairRoundReason(checked.reason, {
          outcome: 'repair-failed',
          error: failureMessage(error),
        }),
      },
    };
  }
  if (!repaired) {
    return {
      ...first,
      verification: {
        ...shown(checked),
        reason: repairRoundReason(checked.reason, { outcome: 'no-candidate' }),
      },
    };
  }
  const second = await verify(repaired.code);
  return {
    ...repaired,
    verification: {
      ...shown(second),
      repaired: true,
      reason: repairRoundReason(checked.reason, {
        outcome: 'dry-run',
        passed: second.status === 'passed',
        reason: second.reason,
      }),
    },
  };
}

/** The verdict as the response shows it: the transcript was for the repair prompt only. */
function shown(result: TVerifyCodeResult): TVerification {
  return {
    status: result.status,
    summary: result.summary,
    ...(result.reason === undefined ? {} : { reason: result.reason }),
    ...(result.error === undefined ? {} : { error: result.error }),
    ...(result.requestsAnswered === undefined ? {} : { requestsAnswered: result.requestsAnswered }),
  };
}

function failureMessage(error: unknown): string {
  const failure = error instanceof ActivityFailure && error.cause ? error.cause : error;
  return failure instanceof Error ? failure.message : String(failure);
}

const housekeeping = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: 5 },
});

/** Retention as the privacy page states it: run logs 90 days, audit log 1 year (RETENTION_DAYS). */
export async function pruneRetention(): Promise<void> {
  await housekeeping.pruneRetention();
}

const importing = proxyActivities<Activities>({
  // The fetch is capped at 20 s (import-api-description.ts); one retry for a reset or a 5xx.
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 2 },
});

/** POST /api/catalog/import with a URL: fetched by the worker through the network guard. */
export async function importApiDescription(
  input: TImportApiDescriptionInput,
): Promise<TImportResponse> {
  return importing.importApiDescription(input);
}
