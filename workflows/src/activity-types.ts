// The activity signatures the workflows call. Workflows import only these types;
// workers/src/activities implements them (STYLE.md: activities dependency injection).
import type { TGenerateRequest, TGenerateResponse, TTranscriptEntry } from '@patchbay/schema';

export interface PingResult {
  reply: string;
  /** The worker identity that answered, to show the chain really crossed processes. */
  worker: string;
}

export type RunKind = 'test' | 'scheduled' | 'manual';

export interface ExecuteIntegrationInput {
  integrationId: string;
  mode: 'test' | 'deployed';
  kind: RunKind;
  workflowId: string;
  runId: string;
  /** When the schedule meant the run to start (ISO); the start time for manual and test runs. */
  scheduledAt: string;
}

/** One HTTP exchange of a run, redacted (schema/src/runs.ts). */
export type TranscriptEntry = TTranscriptEntry;

export interface RunError {
  name: string;
  message: string;
  stack?: string;
  line?: number;
  column?: number;
  status?: number;
  retryable: boolean;
  retryAfterMs?: number;
}

/** What one execution did: the answer of a test run, and the content of a run record. */
export interface RunOutcome {
  status: 'success' | 'failed';
  data: unknown;
  /** `LEVEL message` lines, as spec §3's test result carries them. */
  logs: string[];
  requests: TranscriptEntry[];
  stateChanges: { set: Record<string, unknown>; deleted: string[] };
  error?: RunError;
  durationMs: number;
  attempt: number;
}

export interface RecordFailedRunInput {
  integrationId: string;
  kind: RunKind;
  workflowId: string;
  runId: string;
  scheduledAt: string;
  /** The last attempt's outcome, when the sandbox ran at all. */
  outcome: RunOutcome | null;
  message: string;
}

export interface PruneResult {
  runs: number;
  auditRows: number;
  sessions: number;
  rateLimits: number;
}

export interface Activities {
  ping(message: string): Promise<PingResult>;
  /** Runs the integration's code in the sandbox and records the run (see execute-integration.ts). */
  executeIntegration(input: ExecuteIntegrationInput): Promise<RunOutcome>;
  /** After the last retry: a failed run record, and the integration marked failed. */
  recordFailedRun(input: RecordFailedRunInput): Promise<void>;
  generateCode(input: TGenerateRequest): Promise<TGenerateResponse>;
  /** Syntax check of generated code; throws a non-retryable failure naming line and column. */
  validateCode(code: string): Promise<void>;
  pruneRetention(): Promise<PruneResult>;
}
