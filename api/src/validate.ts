import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { ApiError } from './errors.ts';

/**
 * Validates a request part with a shared zod schema. A bad one gets 400
 * `{message, code: 'VALIDATION_FAILED', issues}` and nothing is written (DESIGN.md §4).
 */
function validated<T extends z.ZodType, Target extends 'json' | 'query'>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({
        path: issue.path.filter((part): part is string | number => typeof part !== 'symbol'),
        message: issue.message,
      }));
      const first = issues[0];
      const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
      throw new ApiError(
        400,
        'VALIDATION_FAILED',
        `${where}${first?.message ?? 'Invalid request'}`,
        issues,
      );
    }
  });
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return validated('json', schema);
}

export function queryParams<T extends z.ZodType>(schema: T) {
  return validated('query', schema);
}
