import { z } from 'zod';

// The messages between the worker (the parent, which holds the credentials and does all I/O)
// and a runner process (pure compute: isolates, no credentials). The parent trusts nothing a
// runner says: everything from a runner is validated here before it is used.
//
//   parent → runner: run (IPC); reply (the reply channel, ReplyHead below)
//   runner → parent: ready, call (an HTTP request from ctx), log, done (IPC)

export const LOG_LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;

/** The file name the user's module gets; stack frames and syntax errors name it. */
export const INTEGRATION_FILENAME = 'integration.js';

export interface RunnerLimits {
  memoryMb: number;
  cpuMs: number;
  maxLogBytes: number;
  maxDataBytes: number;
  /** ctx calls awaiting an answer at once; more is a promise storm, not an integration. */
  maxPendingCalls: number;
  /** The largest request the runner forwards (JSON text of the call). */
  maxCallBytes: number;
}

export interface RunMessage {
  type: 'run';
  runId: number;
  code: string;
  /** The committed state as JSON text. */
  stateJson: string;
  run: { id: string; attempt: number; mode: 'test' | 'deployed'; scheduledAt: string };
  /** ctx.event as JSON text: 'null' on runs without an event. */
  eventJson: string;
  limits: RunnerLimits;
}

/**
 * Replies to calls do not go over the IPC channel, which serialises every message as JSON on
 * the worker's main thread (about 10 ms of CPU a MiB, and a reply may be 5 MiB), but over a
 * channel of their own: the runner's file descriptor 4 (stdio in sandbox-pool.ts, REPLY_FD in
 * runner-process.ts), raw bytes that only the worker's response thread writes
 * (reply-channels.ts). Each reply is one frame:
 *
 *   head length, text length (two uint32, big-endian) · head (ReplyHead as JSON) · text (UTF-8)
 *
 * The text is the value's JSON for a reply that is `ok`, else the error's body JSON (an
 * HttpError's); an empty text means no body, since JSON is never empty.
 */
export type ReplyHead = {
  runId: number;
  callId: number;
} & ({ ok: true } | { ok: false; error: ReplyError });

/** A CallError as the worker sends it: its body is the reply frame's text. */
export type ReplyError = Omit<CallError, 'bodyJson'>;

/** An error a ctx call rejects with, as the isolate rebuilds it. */
export interface CallError {
  /** 'HttpError' becomes an instance of the isolate's HttpError class. */
  name: string;
  message: string;
  retryable?: boolean;
  status?: number;
  bodyJson?: string;
  method?: string;
  url?: string;
  retryAfterMs?: number;
}

/**
 * What the prelude sends for ctx.source / ctx.destination / ctx.fetch (validated below): a
 * CtxRequest of @patchbay/runtime, which run-session.ts passes to its resolveRequest.
 */
export const ZHttpCall = z.object({
  target: z.enum(['source', 'destination', 'fetch']),
  method: z.string().max(64),
  /** A path for source and destination, a URL for fetch. */
  path: z.string().max(16_384),
  query: z.array(z.tuple([z.string().max(1024), z.string().max(16_384)])).max(1000),
  headers: z.array(z.tuple([z.string().max(1024), z.string().max(16_384)])).max(200),
  /** `json` as JSON text. */
  json: z.string().nullable(),
  body: z.string().nullable(),
});
export type HttpCall = z.infer<typeof ZHttpCall>;

/** How a run failed, as the runner or the prelude saw it; the parent turns it into SandboxError. */
export const ZRawError = z.object({
  name: z.string().max(1024),
  message: z.string().max(1_000_000),
  stack: z.string().max(1_000_000).optional(),
  /**
   * thrown: by the code; syntax, import, entry (no default export), result (not JSON, too
   * large): non-retryable by nature; unhandled: a rejection nobody handled; cpu, memory.
   */
  kind: z.enum(['thrown', 'syntax', 'import', 'entry', 'result', 'unhandled', 'cpu', 'memory']),
  line: z.number().int().positive().optional(),
  column: z.number().int().positive().optional(),
  status: z.number().int().optional(),
  bodyJson: z.string().optional(),
  retryable: z.boolean().optional(),
  retryAfterMs: z.number().optional(),
});
export type RawError = z.infer<typeof ZRawError>;

export const ZOutcome = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    dataJson: z.string(),
    /** [key, value as JSON text]: no "__proto__" key can turn into a prototype on the way. */
    set: z.array(z.tuple([z.string(), z.string()])),
    deleted: z.array(z.string()),
  }),
  z.object({ status: z.literal('failed'), error: ZRawError }),
]);
export type Outcome = z.infer<typeof ZOutcome>;

export const ZRunnerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({
    type: z.literal('call'),
    runId: z.number(),
    callId: z.number(),
    callJson: z.string(),
  }),
  z.object({
    type: z.literal('log'),
    runId: z.number(),
    level: z.enum(LOG_LEVELS),
    message: z.string(),
    at: z.string().max(64),
  }),
  z.object({
    type: z.literal('done'),
    runId: z.number(),
    outcomeJson: z.string(),
    /** The runner broke a limit: the parent replaces it rather than reuse it. */
    retire: z.boolean(),
  }),
]);
export type RunnerMessage = z.infer<typeof ZRunnerMessage>;
