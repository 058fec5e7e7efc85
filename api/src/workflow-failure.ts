import { WorkflowFailedError } from '@temporalio/client';
import { workflowFailureStatus } from '@patchbay/schema';
import { ApiError } from './errors.ts';

/**
 * A failed workflow as an API error: the innermost cause's message (the activity's own
 * words, e.g. 'The AI provider rejected the API key'), not Temporal's wrapping. The status
 * comes from the failure type (ApplicationFailure.type) through the shared table
 * WORKFLOW_FAILURES (schema/src/failures.ts); an unknown type is 503.
 */
export function workflowFailure(error: unknown, code: string): unknown {
  if (!(error instanceof WorkflowFailedError)) return error;
  let cause: unknown = error.cause;
  while (cause instanceof Error && cause.cause) cause = cause.cause;
  const message = cause instanceof Error ? cause.message : 'The workflow failed';
  const type =
    cause instanceof Error && 'type' in cause
      ? String((cause as { type?: unknown }).type)
      : undefined;
  return new ApiError(workflowFailureStatus(type), code, message);
}
