// Workflow definitions (DESIGN.md §5). This file is bundled by the worker and runs in
// Temporal's deterministic sandbox: no Node built-ins, no I/O, only activities (lint
// enforces it). Every generation, test and deployed run is one of these executions,
// visible in the Temporal Web UI.
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import {
  ActivityFailure,
  ApplicationFailure,
  proxyActivities,
  workflowInfo,
} from '@temporalio/workflow';
import type {
  TGenerateRequest,
  TGenerateResponse,
  TImportApiDescriptionInput,
  TImportResponse,
  TRunFailureType,
} from '@patchbay/schema';
import type {
  Activities,
  PingResult,
  RunIntegrationInput,
  RunOutcome,
  TestIntegrationInput,
} from './activity-types.ts';
import { DEPLOYED_RUN_RETRY, GENERATION_RETRY } from './retry-policy.ts';

const { ping: pingActivity } = proxyActivities<Activities>({
  startToCloseTimeout: '10 seconds',
  retry: { maximumAttempts: 3 },
});

/** Proves the chain api → Temporal → worker → api; started by POST /api/ping and `npm start`. */
export async function ping(message: string): Promise<PingResult> {
  return pingActivity(message);
}

// The sandbox stops user code after 30 s; the margin covers loading and recording.
const testActivities = proxyActivities<Activities>({
  startToCloseTimeout: '60 seconds',
  retry: { maximumAttempts: 1 },
});

/**
 * POST /api/integrations/:id/execute: one attempt, recorded as a test run, state never
 * committed; a dry run (issue 15 §5) also sends no write.
 */
export async function testIntegration(input: TestIntegrationInput): Promise<RunOutcome> {
  const info = workflowInfo();
  return testActivities.executeIntegration({
    integrationId: input.integrationId,
    mode: 'test',
    kind: 'test',
    workflowId: info.workflowId,
    runId: info.runId,
    scheduledAt: new Date(info.startTime).toISOString(),
    testMode: input.mode ?? 'live',
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
 * A deployed run, started by the Schedule `integration:<id>` or by "Run now". A failed
 * attempt commits nothing, so a retry starts from the same saved state; when retries are
 * exhausted the run is recorded as failed and the integration marked failed.
 */
export async function runIntegration(input: RunIntegrationInput): Promise<RunOutcome> {
  const info = workflowInfo();
  const scheduled = info.typedSearchAttributes.get(SCHEDULED_START_TIME);
  const scheduledAt = (scheduled ?? new Date(info.startTime)).toISOString();
  const execution = {
    integrationId: input.integrationId,
    kind: input.kind,
    workflowId: info.workflowId,
    runId: info.runId,
    scheduledAt,
  };
  try {
    return await deployedActivities.executeIntegration({ ...execution, mode: 'deployed' });
  } catch (error) {
    const failure = error instanceof ActivityFailure ? error.cause : error;
    const outcome =
      failure instanceof ApplicationFailure
        ? ((failure.details?.[0] as RunOutcome | undefined) ?? null)
        : null;
    const message = failure instanceof Error ? failure.message : String(failure);
    await bookkeeping.recordFailedRun({ ...execution, outcome, message });
    throw ApplicationFailure.nonRetryable(
      `The run failed after its retries: ${message}`,
      'RunFailed' satisfies TRunFailureType,
    );
  }
}

const generation = proxyActivities<Activities>({
  // An LLM can take a while; 429/5xx/timeouts are retried, a bad key is not (GenerationError).
  startToCloseTimeout: '3 minutes',
  retry: GENERATION_RETRY,
});

/** POST /api/integrations/generate. */
export async function generateCode(input: TGenerateRequest): Promise<TGenerateResponse> {
  const result = await generation.generateCode(input);
  await generation.validateCode(result.code);
  return result;
}

const housekeeping = proxyActivities<Activities>({
  startToCloseTimeout: '5 minutes',
  retry: { maximumAttempts: 5 },
});

/** Retention from the policy text: run logs 90 days, audit log 1 year (DESIGN.md §3). */
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
