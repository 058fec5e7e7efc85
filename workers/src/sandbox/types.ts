import type { LogLevel } from '@patchbay/runtime';
import { SANDBOX_LIMITS } from '@patchbay/schema/limits';
import type {
  TAuthConfig,
  TAuthType,
  TRunError,
  TRunOutcome,
  TTranscriptEntry,
  TWebhookEvent,
} from '@patchbay/schema';
import type { CaptureSetup } from './dry-run.ts';
import type { ReplaySetup } from './replay-answers.ts';

// The sandbox's public contract: what a run takes and what it gives back.

/** One API an integration talks to. The secret is decrypted by the caller and stays host-side. */
export interface SandboxConnection {
  baseUrl: string;
  authType: TAuthType;
  authConfig: TAuthConfig;
  secret: string | null;
  /**
   * Authorization-code connections (ADR 024): `secret` is the access token; after a 401 the
   * host asks for a new one (giving the refused one) and sends the request once more.
   */
  refreshAccessToken?: (refused: string) => Promise<string>;
  /** More values of this connection to redact: its refresh token, its app's client secret. */
  redactAlso?: string[];
}

export interface SandboxLimits {
  /** Whole run, measured from outside the runner process (covers time spent awaiting I/O). */
  wallClockMs: number;
  /** The isolate's heap limit. */
  memoryMb: number;
  /** CPU time spent inside the isolate. */
  cpuMs: number;
  /** HTTP requests per run, redirects included. */
  maxRequests: number;
  /** Per response body, after decompression; also the cap on a request body. */
  maxResponseBytes: number;
  /** Per ctx call, redirects included. */
  requestTimeoutMs: number;
  /** Log output per run; the rest is dropped with a marker. */
  maxLogBytes: number;
  /** The return value (as JSON), and separately the state changes (as JSON). */
  maxDataBytes: number;
}

/** The one source is schema's SANDBOX_LIMITS (the docs and privacy pages render it too). */
export const DEFAULT_LIMITS: SandboxLimits = { ...SANDBOX_LIMITS };

export interface SandboxRunInput {
  /** An ES module whose default export is `async function run(ctx)`. */
  code: string;
  source: SandboxConnection;
  destination: SandboxConnection;
  /** The committed state at run start. */
  state: Record<string, unknown>;
  run: { id: string; attempt: number; mode: 'test' | 'deployed'; scheduledAt: string };
  /** ctx.event: a webhook run's event or a test's sample event; absent or null otherwise. */
  event?: TWebhookEvent | null;
  /** SANDBOX_ALLOW_PRIVATE_NETWORK: loopback and private ranges for development and tests. */
  allowPrivateNetwork: boolean;
  limits?: Partial<SandboxLimits>;
  /**
   * Test runs (ADR 017): `dry-run` captures writes instead of sending them; the descriptions
   * say what is a read and what a write must look like. Absent: live, no descriptions.
   */
  capture?: CaptureSetup;
  /**
   * Replays (ADR 023): every read is answered from this recorded transcript and every
   * write is captured (the capture is a dry run whatever `capture.mode` says): nothing is sent.
   */
  replay?: ReplaySetup;
}

/** One HTTP exchange (one hop of a redirect chain), redacted, bodies capped (schema/src/runs.ts). */
export type TranscriptEntry = TTranscriptEntry;

export type { LogLevel };

export interface LogEntry {
  level: LogLevel;
  message: string;
  at: string;
}

/** How a run failed (schema's TRunError), plus an HttpError's parsed response body. */
export type SandboxError = TRunError & {
  /** HttpError: the parsed response body; not carried beyond the sandbox's result. */
  body?: unknown;
};

/**
 * The sandbox's result: the run's outcome (schema's TRunOutcome) with its logs as entries and its
 * error as the sandbox saw it; the attempt, code version and alert are the caller's to add.
 * `data` is the return value of run(ctx) (undefined becomes null), null when the run failed; the
 * state changes are empty when it failed (a failed attempt commits nothing). The capture's fields
 * (mode, captured, summary, recordsRead) are absent when the run failed before the session started.
 */
export type SandboxRunResult = Omit<
  TRunOutcome,
  'logs' | 'error' | 'attempt' | 'codeVersion' | 'alertId'
> & {
  logs: LogEntry[];
  error?: SandboxError;
};
