import { WorkflowFailedError } from '@temporalio/client';
import { ApiError } from './errors.ts';

/**
 * A failed workflow as an API error: the innermost cause's message (the activity's own
 * words, e.g. 'The AI provider rejected the API key'), not Temporal's wrapping.
 * `statusFor` picks the status from the failure type (ApplicationFailure.type).
 */
export function workflowFailure(
  error: unknown,
  code: string,
  statusFor: (failureType: string | undefined) => 422 | 503 = () => 503,
): unknown {
  if (!(error instanceof WorkflowFailedError)) return error;
  let cause: unknown = error.cause;
  while (cause instanceof Error && cause.cause) cause = cause.cause;
  const message = cause instanceof Error ? cause.message : 'The workflow failed';
  const type =
    cause instanceof Error && 'type' in cause
      ? String((cause as { type?: unknown }).type)
      : undefined;
  return new ApiError(statusFor(type), code, message);
}
