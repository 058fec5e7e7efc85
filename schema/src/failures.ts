// Failure types that cross processes (ADR 018): the worker throws a Temporal
// ApplicationFailure with one of these `type`s, and the API answers with the HTTP status
// written next to it. One table, so the two sides cannot drift apart.

/**
 * Why the generator failed: its GenerationError codes (generator/src/generator.ts takes its code
 * type from here). 422: about this request (the user can change the prompt); 503: the service's
 * problem (a rejected key, an exhausted quota, an unreachable provider).
 */
export const GENERATOR_FAILURES = {
  AI_KEY_REJECTED: 503,
  AI_PROMPT_REFUSED: 422,
  AI_QUOTA_EXCEEDED: 503,
  AI_MODEL_NOT_FOUND: 503,
  AI_BAD_REQUEST: 503,
  AI_RATE_LIMITED: 503,
  AI_UNAVAILABLE: 503,
  AI_TIMEOUT: 503,
  AI_UNREACHABLE: 503,
  AI_EMPTY_ANSWER: 503,
  AI_INVALID_CODE: 422,
} as const satisfies Record<string, FailureStatus>;
export type TGenerationErrorCode = keyof typeof GENERATOR_FAILURES;

/**
 * Why code generation failed: the generator's codes, and `InvalidCode` from the activity that
 * checks the code's syntax (validateCode).
 */
export const GENERATION_FAILURES = {
  ...GENERATOR_FAILURES,
  InvalidCode: 422,
} as const satisfies Record<string, FailureStatus>;
export type TGenerationFailureType = keyof typeof GENERATION_FAILURES;

/** Failure types of the run workflows. */
export const RUN_FAILURES = {
  /** runIntegration after its last retry (the run is recorded as failed). */
  RunFailed: 503,
} as const satisfies Record<string, FailureStatus>;
export type TRunFailureType = keyof typeof RUN_FAILURES;

/** A Temporal payload that does not match its schema (workflows/src/parse-payload.ts): a bug. */
export const PAYLOAD_FAILURES = { InvalidPayload: 503 } as const satisfies Record<
  string,
  FailureStatus
>;
export type TPayloadFailureType = keyof typeof PAYLOAD_FAILURES;

/**
 * OAuth connections (ADR 024): the user must act before a run can work (reconnect the account,
 * connect one, add an OAuth app); retrying does not help.
 */
export const CONNECTION_FAILURES = {
  ConnectionNeedsReconnect: 422,
  ConnectionSetup: 422,
} as const satisfies Record<string, FailureStatus>;
export type TConnectionFailureType = keyof typeof CONNECTION_FAILURES;

/**
 * Why an OpenAPI document cannot be imported (catalog/src/import-openapi.ts): 400 for text that
 * does not parse, 413 for size, 422 for a document we cannot use. The worker's import activity
 * sends the code as its failure type, so this one table serves pasted and fetched documents alike.
 */
export const IMPORT_FAILURES = {
  NOT_JSON_OR_YAML: 400,
  DOCUMENT_TOO_LARGE: 413,
  NOT_OPENAPI: 422,
  UNSUPPORTED_VERSION: 422,
  UNRESOLVED_REFERENCE: 422,
  NO_OPERATIONS: 422,
  NO_SERVER: 422,
  DESCRIPTION_TOO_LARGE: 422,
  TOO_DEEPLY_NESTED: 422,
  /** The URL could not be fetched: refused by the network guard, unreachable, or not 2xx. */
  FETCH_FAILED: 422,
} as const satisfies Record<string, FailureStatus>;
export type TImportFailureType = keyof typeof IMPORT_FAILURES;

export function isImportFailureType(value: unknown): value is TImportFailureType {
  return typeof value === 'string' && Object.hasOwn(IMPORT_FAILURES, value);
}

/** Every failure type a workflow may end with, and the status the API answers for it. */
export const WORKFLOW_FAILURES = {
  ...GENERATION_FAILURES,
  ...RUN_FAILURES,
  ...CONNECTION_FAILURES,
  ...PAYLOAD_FAILURES,
} as const;
export type TWorkflowFailureType = keyof typeof WORKFLOW_FAILURES;

export type FailureStatus = 400 | 413 | 422 | 503;

/** The `code` of the API's `{message, code}` answer for a workflow that failed, per route. */
export const WORKFLOW_FAILURE_CODES = {
  generateCode: 'GENERATION_FAILED',
  testIntegration: 'TEST_RUN_FAILED',
  replayRun: 'REPLAY_FAILED',
} as const;

/** The status for a failure type; an unknown or missing type is the service's problem (503). */
export function workflowFailureStatus(type: string | undefined): FailureStatus {
  return type !== undefined && Object.hasOwn(WORKFLOW_FAILURES, type)
    ? WORKFLOW_FAILURES[type as TWorkflowFailureType]
    : 503;
}
