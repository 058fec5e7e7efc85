import { z } from 'zod';
import { ZVerification } from './generation-report.ts';
import { ZGenerationPlan } from './generation-plan.ts';
import { ZGenerateRequest } from './integration-contract.ts';
import { ZWebhookEvent } from './triggers.ts';
import {
  RUN_KINDS,
  ZCapturedWrite,
  ZRunError,
  ZRunStatus,
  ZStateChanges,
  ZTestMode,
  ZTranscriptEntry,
} from './runs.ts';

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

/** Workflow `runIntegration`'s input (a Schedule tick or "Run now"). */
export const ZRunIntegrationInput = z.object({
  integrationId: z.string().min(1),
  kind: ZRunKind.exclude(['test']),
  /** A webhook run's event: in the input, so an accepted event is never lost. */
  event: ZWebhookEvent.optional(),
  /** 'Re-run as it ran' (ADR 023): run this integration_versions version, not the current code. */
  codeVersion: z.number().int().positive().optional(),
});
export type TRunIntegrationInput = z.infer<typeof ZRunIntegrationInput>;

/** Activity `executeIntegration`'s input. */
export const ZExecuteIntegrationInput = z.object({
  integrationId: z.string().min(1),
  mode: z.enum(['test', 'deployed']),
  kind: ZRunKind,
  workflowId: z.string().min(1),
  runId: z.string().min(1),
  /** When the schedule meant the run to start (ISO); the start time for manual and test runs. */
  scheduledAt: z.iso.datetime(),
  /** Test runs: `dry-run` reads for real and captures writes (ADR 017); default live. */
  testMode: ZTestMode.optional(),
  /**
   * Generation's verification (ADR 017): dry-run this code instead of the saved code. Such a
   * run belongs to the generation, not the integration: no run record is written.
   */
  code: z.string().optional(),
  /** ctx.event: a webhook run's event, or a test run's sample event. */
  event: ZWebhookEvent.optional(),
  /** 'Re-run as it ran' (ADR 023): run this saved version of the code instead of the current one. */
  codeVersion: z.number().int().positive().optional(),
});
export type TExecuteIntegrationInput = z.infer<typeof ZExecuteIntegrationInput>;

/** What one execution did: the answer of a test run, and the content of a run record. */
export const ZRunOutcome = z.object({
  status: ZRunStatus,
  data: z.unknown(),
  /** `LEVEL message` lines. */
  logs: z.array(z.string()),
  requests: z.array(ZTranscriptEntry),
  stateChanges: ZStateChanges,
  error: ZRunError.optional(),
  durationMs: z.number(),
  attempt: z.number().int().positive(),
  /** Test runs: how writes were treated, what a dry run captured, and what the run did in words. */
  mode: ZTestMode.optional(),
  captured: z.array(ZCapturedWrite).optional(),
  summary: z.string().optional(),
  /** Records the described reads answered with: a dry run that read some and wrote none is not a pass. */
  recordsRead: z.number().int().nonnegative().optional(),
  /** The integration_versions version the run ran, recorded with the run. */
  codeVersion: z.number().int().nullable().optional(),
  /** A deployed run that recovered a failed integration: the alert to deliver (ADR 022). */
  alertId: z.uuid().optional(),
});
export type TRunOutcome = z.infer<typeof ZRunOutcome>;

/** Activity `recordFailedRun`'s input: after the last retry of a deployed run. */
export const ZRecordFailedRunInput = ZExecuteIntegrationInput.omit({ mode: true }).extend({
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
