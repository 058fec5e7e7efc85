import type {
  TApiDescription,
  TGenerateRequest,
  TGenerationErrorCode,
  TGenerationPlan,
  TGenerator,
  TOperationCall,
  TRequirement,
  TSchedule,
  TTriggerType,
} from '@patchbay/schema';

// ADR 013: two generators behind one interface, chosen by configuration
// (create-generator.ts) and named in the response so the console can label template code.

export interface GenerationResult {
  /** The integration's JavaScript source: an ES module whose default export is run(ctx). */
  code: string;
  generator: TGenerator;
  /** The model that answered (openai only). */
  model?: string;
  /** The schedule the prompt asked for, when it names one ('every 15 minutes'). */
  schedule?: TSchedule;
  /** 'webhook' when the prompt describes an event the source delivers by webhook. */
  trigger?: TTriggerType;
  /** The missing requirements' texts, one line each (older clients read this list). */
  unresolved: string[];
  /** The prompt as a checklist: each requirement done, assumed or missing (requirements.ts). */
  requirements: TRequirement[];
  /** The described operations the code calls (empty when no description was given). */
  operations: TOperationCall[];
  /** What the code was compiled from, when a plan describes it (schema/src/generation-plan.ts). */
  plan?: TGenerationPlan;
}

export interface GenerateOptions {
  /** Aborts a request in flight, e.g. when Temporal cancels the activity. */
  signal?: AbortSignal;
  /**
   * The API descriptions of each side, when the connection has one. Generators
   * take from them only the operations relevant to the prompt (compact-operations.ts).
   */
  source?: TApiDescription | undefined;
  destination?: TApiDescription | undefined;
}

export interface Generator {
  readonly kind: TGenerator;
  generate(input: TGenerateRequest, options?: GenerateOptions): Promise<GenerationResult>;
  /**
   * One more attempt after the code's dry run failed, given the failing run as
   * text (redacted) and the plan the code was compiled from, if any. A generator with no other
   * attempt to make leaves it out.
   */
  repair?(
    input: TGenerateRequest,
    failed: { code: string; transcript: string; plan?: TGenerationPlan },
    options?: GenerateOptions,
  ): Promise<GenerationResult>;
}

/**
 * Stable codes for what went wrong; the activity turns them into Temporal failure types, and the
 * API answers each with the status schema/src/failures.ts gives it.
 */
export type GenerationErrorCode = TGenerationErrorCode;

/**
 * A generation failure with a message fit for the user (the console's toast shows it). `retryable`
 * tells the activity whether Temporal's retry policy should try again (429, 5xx, timeouts) or
 * give up at once (a bad key, a refused prompt, code that still does not parse).
 */
export class GenerationError extends Error {
  override name = 'GenerationError';
  readonly code: GenerationErrorCode;
  readonly retryable: boolean;
  /** How long the provider asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    details: {
      code: GenerationErrorCode;
      retryable: boolean;
      retryAfterMs?: number | undefined;
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code;
    this.retryable = details.retryable;
    this.retryAfterMs = details.retryAfterMs;
  }
}
