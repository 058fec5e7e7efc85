import { z } from 'zod';
import { CODE_MAX_LENGTH } from './integration-constants.ts';
import { ZRunError, ZRunOutcome, ZTranscriptEntry } from './runs.ts';
import { ZWebhookEvent } from './triggers.ts';

// Replaying a draft against a recorded run (ADR 023): the editor's code runs in the
// sandbox, every read answered from the recorded run's transcript, every write captured.

const EMPTY_CODE = 'code is empty: write the code to replay';

/** POST /api/integrations/:id/runs/:runId/replay: the code to replay (the editor's contents). */
export const ZReplayRequest = z.strictObject({
  // Checks JSON Schema can state (minLength, a non-space pattern), not a refine it cannot.
  code: z.string().min(1, EMPTY_CODE).max(CODE_MAX_LENGTH).regex(/\S/, EMPTY_CODE),
});
export type TReplayRequest = z.infer<typeof ZReplayRequest>;

/**
 * A write, so the recorded run's and the replay's compare line by line: the recorded run's were
 * sent (with the status the API answered), the replay's were captured (never sent).
 */
export const ZReplayWrite = z.object({
  side: z.enum(['source', 'destination', 'fetch']),
  method: z.string(),
  /** Relative to the connection's base URL (the whole URL for ctx.fetch), with the query. */
  path: z.string(),
  /** The parsed JSON or form body; text as it was otherwise; null without a body. */
  body: z.unknown(),
  /** Recorded: the API's answer (null when none came). Replay: always null, nothing was sent. */
  status: z.number().nullable(),
  /** Replay: what is wrong with the body against the described operation. */
  schemaErrors: z.array(z.string()),
});
export type TReplayWrite = z.infer<typeof ZReplayWrite>;

/** Workflow `replayRun`'s input: the recorded run (runs.id) and the code to run against it. */
export const ZReplayRunInput = z.object({
  integrationId: z.string().min(1),
  recordedRunId: z.string().regex(/^\d+$/, 'a run id is a number'),
  code: z.string(),
  /** ctx.event: the recorded run's webhook event, so the replay sees what it saw. */
  event: ZWebhookEvent.optional(),
});
export type TReplayRunInput = z.infer<typeof ZReplayRunInput>;

/** Activity `replayRecordedRun`'s input: the workflow's, and the execution it belongs to. */
export const ZReplayExecutionInput = ZReplayRunInput.extend({
  workflowId: z.string().min(1),
  runId: z.string().min(1),
  scheduledAt: z.iso.datetime(),
});
export type TReplayExecutionInput = z.infer<typeof ZReplayExecutionInput>;

/** What `replayRun` answers: the replay's outcome, and the writes the recorded run made. */
export const ZReplayRunResult = z.object({
  outcome: ZRunOutcome,
  recordedWrites: z.array(ZReplayWrite),
});
export type TReplayRunResult = z.infer<typeof ZReplayRunResult>;

const ZReplaySide = ZRunOutcome.pick({ status: true, data: true, logs: true }).extend({
  error: ZRunError.nullable(),
  writes: z.array(ZReplayWrite),
});

/** The replay next to the recorded run: writes (as a diff in the console), logs, return value, error. */
export const ZReplayResponse = z.object({
  workflowId: z.string(),
  recorded: ZReplaySide.extend({ id: z.string(), codeVersion: z.number().int().nullable() }),
  replay: ZReplaySide.extend({
    /** The reads, each answered from the recording (nothing was sent). */
    requests: z.array(ZTranscriptEntry),
    summary: z.string(),
    durationMs: z.number(),
  }),
});
export type TReplayResponse = z.infer<typeof ZReplayResponse>;
