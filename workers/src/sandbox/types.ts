import { SANDBOX_LIMITS } from '@patchbay/schema/limits';
import type {
  TAuthConfig,
  TAuthType,
  TCapturedWrite,
  TTestMode,
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

export type LogLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

export interface LogEntry {
  level: LogLevel;
  message: string;
  at: string;
}

export interface SandboxError {
  name: string;
  message: string;
  stack?: string;
  /** Where in the user's code (integration.js), 1-based. */
  line?: number;
  column?: number;
  /** HttpError: the response status and parsed body. */
  status?: number;
  body?: unknown;
  retryable: boolean;
  /** From a 429/503 response's Retry-After header. */
  retryAfterMs?: number;
}

export interface SandboxRunResult {
  status: 'success' | 'failed';
  /** The return value of run(ctx) (undefined becomes null); null when the run failed. */
  data: unknown;
  logs: LogEntry[];
  requests: TranscriptEntry[];
  /** What a successful run commits; empty when the run failed (a failed attempt commits nothing). */
  stateChanges: { set: Record<string, unknown>; deleted: string[] };
  error?: SandboxError;
  durationMs: number;
  /**
   * How writes were treated, the writes a dry run captured, and the run in one line; absent
   * when the run failed before the session started.
   */
  mode?: TTestMode;
  captured?: TCapturedWrite[];
  summary?: string;
  /** Records the described reads answered with (0 when no read is described). */
  recordsRead?: number;
}
