// A user reads their own run's history in the console, from Temporal's history
// through the API (scoped to their integrations), instead of in the Temporal Web UI, which is
// for operators only.
import { z } from 'zod';

export const RUN_TIMELINE_STEPS = [
  'run-started',
  'attempt-started',
  'attempt-succeeded',
  'attempt-failed',
  'attempt-timed-out',
  'run-recorded-failed',
  'run-succeeded',
  'run-failed',
  'run-ended',
] as const;

export const ZRunTimelineEntry = z.object({
  at: z.string(),
  step: z.enum(RUN_TIMELINE_STEPS),
  /** The attempt this step belongs to (attempt-* steps). */
  attempt: z.number().int().positive().optional(),
  /**
   * attempt-started after retries: how long the retries and their backoff took since the first
   * attempt was scheduled.
   */
  waitedMs: z.number().nonnegative().optional(),
  /** In words: the error of a failed step, the previous attempt's error for a retry. */
  message: z.string().optional(),
});
export type TRunTimelineEntry = z.infer<typeof ZRunTimelineEntry>;

export const ZRunTimeline = z.object({
  workflowId: z.string(),
  runId: z.string(),
  entries: z.array(ZRunTimelineEntry),
});
export type TRunTimeline = z.infer<typeof ZRunTimeline>;
