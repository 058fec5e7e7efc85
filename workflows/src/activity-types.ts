// The activity signatures the workflows call. Workflows import only these types;
// workers/src/activities implements them (STYLE.md: activities dependency injection).
// Every payload type is inferred from its zod schema in schema/src/workflow-payloads.ts,
// which the activities parse their input with (ADR 018).
import type {
  TExecuteIntegrationInput,
  TGenerateRequest,
  TGenerateResponse,
  TImportApiDescriptionInput,
  TImportResponse,
  TPingResult,
  TPruneResult,
  TRecordFailedRunInput,
  TRecordFailedRunResult,
  TSendAlertInput,
  TSendTestAlertInput,
  TSendTestAlertResult,
  TReplayExecutionInput,
  TReplayRunInput,
  TReplayRunResult,
  TRepairCodeInput,
  TRunError,
  TRunIntegrationInput,
  TRunKind,
  TRunOutcome,
  TTestIntegrationInput,
  TTranscriptEntry,
  TVerifyCodeInput,
  TVerifyCodeResult,
} from '@patchbay/schema';

export type PingResult = TPingResult;
export type RunKind = TRunKind;
export type ExecuteIntegrationInput = TExecuteIntegrationInput;
/** One HTTP exchange of a run, redacted (schema/src/runs.ts). */
export type TranscriptEntry = TTranscriptEntry;
export type RunError = TRunError;
export type RunOutcome = TRunOutcome;
export type RecordFailedRunInput = TRecordFailedRunInput;
export type PruneResult = TPruneResult;
export type TestIntegrationInput = TTestIntegrationInput;
export type RunIntegrationInput = TRunIntegrationInput;
export type ReplayRunInput = TReplayRunInput;
export type ReplayRunResult = TReplayRunResult;

export interface Activities {
  ping(message: string): Promise<PingResult>;
  /** Runs the integration's code in the sandbox and records the run (see execute-integration.ts). */
  executeIntegration(input: ExecuteIntegrationInput): Promise<RunOutcome>;
  /** Code against a recorded run's transcript (ADR 023); nothing is sent, nothing committed. */
  replayRecordedRun(input: TReplayExecutionInput): Promise<ReplayRunResult>;
  /** After the last retry: a failed run record, the integration marked failed, and its alert. */
  recordFailedRun(input: RecordFailedRunInput): Promise<TRecordFailedRunResult>;
  /** Delivers a decided alert to every channel that has not got it yet (ADR 022). */
  sendAlert(input: TSendAlertInput): Promise<{ sent: number; refused: number }>;
  /** A channel's Send test: one delivery, answered, never thrown. */
  sendTestAlert(input: TSendTestAlertInput): Promise<TSendTestAlertResult>;
  generateCode(input: TGenerateRequest): Promise<TGenerateResponse>;
  /** Syntax check of generated code; throws a non-retryable failure naming line and column. */
  validateCode(code: string): Promise<void>;
  /** A dry run of generated code against the integration's connections (ADR 017). */
  verifyGeneratedCode(input: TVerifyCodeInput): Promise<TVerifyCodeResult>;
  /** One repair round with the failing dry run's transcript; null when the generator has none. */
  repairCode(input: TRepairCodeInput): Promise<TGenerateResponse | null>;
  pruneRetention(): Promise<PruneResult>;
  /** Fetches an OpenAPI document through the network guard and distils it; saves nothing. */
  importApiDescription(input: TImportApiDescriptionInput): Promise<TImportResponse>;
}
