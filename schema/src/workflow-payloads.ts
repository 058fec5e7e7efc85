import { z } from 'zod';
import { ZVerification } from './generation-report.ts';
import { ZGenerationPlan } from './generation-plan.ts';
import { ZGenerateRequest } from './integration-contract.ts';
import { ZWebhookEvent } from './triggers.ts';
import { DEPLOYED_RUN_KINDS, RUN_KINDS, ZRunOutcome, ZTestMode } from './runs.ts';

// What crosses Temporal (ADR 018): workflow inputs and results, activity inputs and
// results. The workers' activities parse their input with these at the boundary; the
// TypeScript types in workflows/src/activity-types.ts are inferred from them.

export const ZRunKind = z.enum(RUN_KINDS);
export type TRunKind = z.infer<typeof ZRunKind>;

/** Activity `ping`'s result. */
export const ZPingResult = z.object({
  reply: z.string(),
  /** The worker identity that answered, to show the chain really crossed processes. */
  worker: z.string(),
});
export type TPingResult = z.infer<typeof ZPingResult>;

/** Workflow `testIntegration`'s input: only the id; no code and no credential enters Temporal. */
export const ZTestIntegrationInput = z.object({
  integrationId: z.string().min(1),
  /** Live (the default) or a dry run that captures writes (ADR 017). */
  mode: ZTestMode.optional(),
  /** A sample webhook event the test run's code sees as ctx.event. */
  event: ZWebhookEvent.optional(),
});
export type TTestIntegrationInput = z.infer<typeof ZTestIntegrationInput>;

/**
 * How a deployed run was triggered, each with only what it carries. A webhook run carries its
 * event (in the input, so an accepted event is never lost); a re-run carries the original's
 * event, if any, and the code version to run 'as it ran' (ADR 023).
 */
const SCHEDULED_TRIGGER = { kind: z.enum(['scheduled', 'manual']) };
const WEBHOOK_TRIGGER = { kind: z.literal('webhook'), event: ZWebhookEvent };
const RERUN_TRIGGER = {
  kind: z.literal('rerun'),
  event: ZWebhookEvent.optional(),
  /** Absent: the integration's current code. */
  codeVersion: z.number().int().positive().optional(),
};

/** Workflow `runIntegration`'s input: a Schedule tick, "Run now", a webhook event or a re-run. */
const ZRunTarget = z.object({ integrationId: z.string().min(1) });
export const ZRunIntegrationInput = z.discriminatedUnion('kind', [
  ZRunTarget.extend(SCHEDULED_TRIGGER),
  ZRunTarget.extend(WEBHOOK_TRIGGER),
  ZRunTarget.extend(RERUN_TRIGGER),
]);
export type TRunIntegrationInput = z.infer<typeof ZRunIntegrationInput>;

/** Which integration an execution runs, as which Temporal run, and when it was meant to start. */
const ZExecutionIds = ZRunTarget.extend({
  workflowId: z.string().min(1),
  runId: z.string().min(1),
  /** When the schedule meant the run to start (ISO); the start time for manual and test runs. */
  scheduledAt: z.iso.datetime(),
});

/**
 * Activity `executeIntegration`'s input: one member per way a run starts, each with only its
 * fields, so a combination the activity cannot run cannot be built. Replays have their own
 * activity (ZReplayExecutionInput); generation's verification calls the sandbox directly.
 */
export const ZExecuteIntegrationInput = z.discriminatedUnion('kind', [
  /** A console test: live, or a dry run that reads for real and captures writes (ADR 017). */
  ZExecutionIds.extend({
    kind: z.literal('test'),
    testMode: ZTestMode,
    /** A sample webhook event the code sees as ctx.event. */
    event: ZWebhookEvent.optional(),
  }),
  ZExecutionIds.extend(SCHEDULED_TRIGGER),
  ZExecutionIds.extend(WEBHOOK_TRIGGER),
  ZExecutionIds.extend(RERUN_TRIGGER),
]);
export type TExecuteIntegrationInput = z.infer<typeof ZExecuteIntegrationInput>;
/** A deployed run's execution: every member but the test run's. */
export type TDeployedExecutionInput = Exclude<TExecuteIntegrationInput, { kind: 'test' }>;

/** Activity `recordFailedRun`'s input: after the last retry of a deployed run. */
export const ZRecordFailedRunInput = ZExecutionIds.extend({
  kind: z.enum(DEPLOYED_RUN_KINDS),
  /** The last attempt's outcome, when the sandbox ran at all. */
  outcome: ZRunOutcome.nullable(),
  message: z.string(),
});
export type TRecordFailedRunInput = z.infer<typeof ZRecordFailedRunInput>;

/** Activity `verifyGeneratedCode`'s input: a dry run of code that is not saved (ADR 017). */
export const ZVerifyCodeInput = z.object({
  integrationId: z.string().min(1),
  code: z.string(),
  workflowId: z.string().min(1),
  runId: z.string().min(1),
  scheduledAt: z.iso.datetime(),
});
export type TVerifyCodeInput = z.infer<typeof ZVerifyCodeInput>;

/**
 * Activity `verifyGeneratedCode`'s result: the verdict, and for a failed one the run's
 * transcript as text (redacted by the sandbox), for the LLM's repair round.
 */
export const ZVerifyCodeResult = ZVerification.extend({ transcript: z.string().optional() });
export type TVerifyCodeResult = z.infer<typeof ZVerifyCodeResult>;

/** Activity `repairCode`'s input: the request, the code whose dry run failed, and why. */
export const ZRepairCodeInput = z.object({
  request: ZGenerateRequest,
  code: z.string(),
  transcript: z.string(),
  /** The plan the code was compiled from, when one was: the repair corrects the plan (ADR 035). */
  plan: ZGenerationPlan.optional(),
});
export type TRepairCodeInput = z.infer<typeof ZRepairCodeInput>;

/** Activity `pruneRetention`'s result: rows deleted per table. */
export const ZPruneResult = z.object({
  runs: z.number().int().nonnegative(),
  auditRows: z.number().int().nonnegative(),
  sessions: z.number().int().nonnegative(),
  rateLimits: z.number().int().nonnegative(),
});
export type TPruneResult = z.infer<typeof ZPruneResult>;

/** Activities `ping` and `validateCode` take a plain string. */
export const ZPingInput = z.string().min(1).max(200);
export const ZValidateCodeInput = z.string();
