// Activities parse their input with the shared zod schemas (schema/src/workflow-payloads.ts)
// before touching the database or the sandbox (ADR 018). A payload that does not match is a
// bug on the calling side that no retry can fix: a non-retryable failure naming the field.
import { ApplicationFailure } from '@temporalio/common';
import { z } from 'zod';
import type { TPayloadFailureType } from '@patchbay/schema';

export function parsePayload<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: string,
): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw ApplicationFailure.nonRetryable(
    `${where}: the payload does not match its schema: ${z.prettifyError(result.error)}`,
    'InvalidPayload' satisfies TPayloadFailureType,
  );
}
