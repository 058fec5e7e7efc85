import { z } from 'zod';

// Test runs, deployed runs (ADR 011) and saved state.

/**
 * How a test run treats writes (ADR 017): `live` sends them (the default); `dry-run` performs
 * the reads for real and captures every write instead.
 */
export const TEST_MODES = ['live', 'dry-run'] as const;
export const ZTestMode = z.enum(TEST_MODES);
export type TTestMode = z.infer<typeof ZTestMode>;

/** POST /api/integrations/:id/execute — the spec's payload, plus an optional `mode`. */
export const ZExecuteRequest = z.strictObject({
  testMode: z.literal(true, {
    error: 'testMode must be true: deployed runs are started by the schedule or "Run now"',
  }),
  mode: ZTestMode.default('live'),
  /**
   * A sample webhook event's body (the description's example, or pasted JSON); the
   * test run's code sees it as `ctx.event.body`. Absent: ctx.event is null.
   */
  event: z.unknown().optional(),
  /**
   * The sample event's headers, as a delivery would carry them (X-GitHub-Event,
   * X-Shopify-Topic): the run sees them in `ctx.event.headers`, lower-cased and without
   * signature and credential headers, as a webhook run would. Only with `event`.
   */
  eventHeaders: z
    .record(
      z
        .string()
        .min(1)
        .max(200)
        .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name'),
      z.string().max(8192),
    )
    .refine((headers) => Object.keys(headers).length <= 100, 'at most 100 headers')
    .optional(),
});
export type TExecuteRequest = z.input<typeof ZExecuteRequest>;

/**
 * A write a dry run captured instead of sending: what the code sent (secrets redacted), the
 * described operation it matched, what is wrong with its body against the operation's request
 * schema, and the response the code was given (synthesized from the description).
 */
export const ZCapturedWrite = z.object({
  side: z.enum(['source', 'destination', 'fetch']),
  method: z.string(),
  /** Relative to the connection's base URL (the whole URL for ctx.fetch), without the query. */
  path: z.string(),
  url: z.string(),
  /** The parsed JSON or form body; text as it was otherwise; null without a body. */
  body: z.unknown(),
  operationId: z.string().optional(),
  schemaErrors: z.array(z.string()),
  response: z.unknown(),
});
export type TCapturedWrite = z.infer<typeof ZCapturedWrite>;

export const ZTranscriptEntry = z.object({
  method: z.string(),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string().nullable(),
  status: z.number().nullable(),
  responseHeaders: z.record(z.string(), z.string()),
  responseBody: z.string().nullable(),
  durationMs: z.number(),
  startedAt: z.string(),
  error: z.string().optional(),
});
export type TTranscriptEntry = z.infer<typeof ZTranscriptEntry>;

/**
 * How a run failed: the run record's `error`, the test dialog's, and the Temporal payload's
 * (workflow-payloads.ts). The sandbox's own error adds only `body` (an HttpError's parsed
 * response), which is not carried further.
 */
export const ZRunError = z.object({
  name: z.string(),
  message: z.string(),
  stack: z.string().optional(),
  line: z.number().optional(),
  column: z.number().optional(),
  status: z.number().optional(),
  retryable: z.boolean(),
  retryAfterMs: z.number().optional(),
});
export type TRunError = z.infer<typeof ZRunError>;

export const ZStateChanges = z.object({
  set: z.record(z.string(), z.unknown()),
  deleted: z.array(z.string()),
});
export type TStateChanges = z.infer<typeof ZStateChanges>;

export const ZRunStatus = z.enum(['success', 'failed']);

/**
 * What one execution did: the one shape of a run's result. The others are cut from it: the
 * sandbox's result (workers/src/sandbox/types.ts), the test dialog's answer and the run record
 * below; the Temporal activities answer it whole (workflow-payloads.ts).
 */
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

/** The test dialog's data: the spec's status, data and logs, plus the HTTP transcript. */
export const ZTestRunResponse = ZRunOutcome.pick({
  status: true,
  data: true,
  logs: true,
  requests: true,
  stateChanges: true,
  error: true,
  durationMs: true,
}).extend({
  workflowId: z.string(),
  mode: ZTestMode.default('live'),
  /** Dry runs: the writes captured instead of sent, in order. */
  captured: z.array(ZCapturedWrite).default([]),
  /** "read 12 leads from Salesforce; would create 12 Notion pages; 0 schema errors". */
  summary: z.string().default(''),
});
export type TTestRunResponse = z.infer<typeof ZTestRunResponse>;

/**
 * A test run's outcome as the test dialog shows it. `requested` is the mode the caller asked
 * for, shown when the outcome does not say (a run that failed before the sandbox started).
 */
export function toTestRunResponse(
  outcome: TRunOutcome,
  workflowId: string,
  requested: TTestMode,
): TTestRunResponse {
  return {
    status: outcome.status,
    data: outcome.data,
    logs: outcome.logs,
    requests: outcome.requests,
    stateChanges: outcome.stateChanges,
    durationMs: outcome.durationMs,
    workflowId,
    ...(outcome.error ? { error: outcome.error } : {}),
    mode: outcome.mode ?? requested,
    captured: outcome.captured ?? [],
    summary: outcome.summary ?? '',
  };
}

/**
 * How a run started: a console test, a Schedule tick, "Run now", a webhook event, a
 * re-run of an earlier run or a replay of a draft against a recorded run (ADR 023).
 */
export const RUN_KINDS = ['test', 'scheduled', 'manual', 'webhook', 'rerun', 'replay'] as const;
/** Runs of the integration itself (they commit state and count in success rates and 'Last run'). */
export const DEPLOYED_RUN_KINDS = ['scheduled', 'manual', 'webhook', 'rerun'] as const;

/** One attempt of a run: a run that succeeded on its third shows the two failures. */
export const ZRunAttempt = z.object({
  attempt: z.number().int(),
  status: ZRunStatus,
  /** Name and message only; the run's own `error` has the full one of its last attempt. */
  error: z.object({ name: z.string(), message: z.string() }).optional(),
  durationMs: z.number(),
  /** When the attempt started. */
  startedAt: z.string().optional(),
  /** The wait before the next attempt, when there was one. */
  waitMs: z.number().optional(),
  /** Why that long: the API's Retry-After header, or the retry policy's backoff. */
  waitReason: z.enum(['retry-after', 'backoff']).optional(),
});
export type TRunAttempt = z.infer<typeof ZRunAttempt>;

/** A recorded run: the outcome's result fields, with the history's own timing and ids. */
export const ZRun = ZRunOutcome.pick({
  status: true,
  data: true,
  logs: true,
  requests: true,
}).extend({
  id: z.string(),
  kind: z.enum(RUN_KINDS),
  /** When its first attempt started. */
  startedAt: z.string(),
  /**
   * Wall-clock, from the first attempt's start to the last one's end: the retries and the waits
   * between them count (a run that retried for 30 s did not take "8 ms", ADR 037).
   */
  durationMs: z.number(),
  /** How long the last attempt took, the one whose data, logs and transcript these are. */
  lastAttemptMs: z.number(),
  /** Every attempt, oldest first; the last is the one whose data, logs and transcript these are. */
  attempts: z.array(ZRunAttempt),
  error: ZRunError.nullable(),
  stateChanges: ZStateChanges.nullable(),
  workflowId: z.string(),
  runId: z.string(),
  /** This run's workflow in the Temporal Web UI: for operators only. */
  temporalUrl: z.string().optional(),
});
export type TRun = z.infer<typeof ZRun>;

/** GET /api/integrations/:id/runs/:runId: one whole run, with its code version. */
export const ZRunDetail = ZRun.extend({
  /** The integration_versions version it ran; null for replays and runs recorded before 0012. */
  codeVersion: z.number().int().nullable(),
});
export type TRunDetail = z.infer<typeof ZRunDetail>;

/**
 * A row of the run history (ADR 023): everything but the transcript, logs and data, so a page
 * stays small however large the runs were. GET /runs/:runId has the rest.
 */
export const ZRunSummary = ZRunDetail.pick({
  id: true,
  kind: true,
  status: true,
  startedAt: true,
  durationMs: true,
  lastAttemptMs: true,
  attempts: true,
  codeVersion: true,
  workflowId: true,
  runId: true,
  temporalUrl: true,
}).extend({
  /** The last attempt's error, name and message only. */
  error: z.object({ name: z.string(), message: z.string() }).nullable(),
});
export type TRunSummary = z.infer<typeof ZRunSummary>;

export const ZRunsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** The `nextBefore` of the previous page. */
  before: z.coerce.number().int().positive().optional(),
  /** Only runs that ended so. */
  status: ZRunStatus.optional(),
  /** Only runs started so (the trigger). */
  kind: z.enum(RUN_KINDS).optional(),
});
export type TRunsQuery = z.input<typeof ZRunsQuery>;

/**
 * A deployed run that has started and not ended yet (ADR 037): which attempt runs or is
 * waiting, the failures so far and when the next attempt is due.
 */
export const ZRunInFlight = z.object({
  kind: z.enum(RUN_KINDS),
  workflowId: z.string(),
  runId: z.string(),
  /** When its first attempt started. */
  startedAt: z.string(),
  /** The attempt running now, or the one that failed last while the next waits. */
  attempt: z.number().int().positive(),
  maxAttempts: z.number().int().positive(),
  /** `running`: an attempt is under way; `waiting`: it failed and the next is due at nextAttemptAt. */
  state: z.enum(['running', 'waiting']),
  nextAttemptAt: z.string().nullable(),
  /** The attempts that failed so far, oldest first. */
  attempts: z.array(ZRunAttempt),
  temporalUrl: z.string().optional(),
});
export type TRunInFlight = z.infer<typeof ZRunInFlight>;

export const ZRunsPage = z.object({
  runs: z.array(ZRunSummary),
  nextBefore: z.number().nullable(),
  /**
   * The first page only: deployed runs under way, newest first. Empty on later
   * pages and when the history is filtered by outcome.
   */
  inFlight: z.array(ZRunInFlight).default([]),
});
export type TRunsPage = z.infer<typeof ZRunsPage>;

/** POST /api/integrations/:id/runs/:runId/rerun: which code the deployed re-run runs. */
export const RERUN_CODE = ['as-ran', 'current'] as const;
export const ZRerunRequest = z.strictObject({
  code: z.enum(RERUN_CODE, { error: "code must be 'as-ran' or 'current'" }),
});
export type TRerunRequest = z.infer<typeof ZRerunRequest>;

/** POST /api/integrations/:id/run — "Run now". */
export const ZRunStarted = z.object({
  workflowId: z.string(),
  runId: z.string(),
  /** For operators only. */
  temporalUrl: z.string().optional(),
});

export const ZIntegrationState = z.object({
  /** Bumped by every commit; send it back with an edit. */
  version: z.number().int(),
  values: z.record(z.string(), z.unknown()),
});
export type TIntegrationState = z.infer<typeof ZIntegrationState>;

export const ZUpdateStateRequest = z.strictObject({
  version: z.number().int().min(0),
  // Keys follow ctx.state's rules, which the route applies in ctx.state's words
  // (@patchbay/runtime's stateKeyProblem): what a run can save, a person can save back.
  values: z.record(z.string(), z.json()),
});
