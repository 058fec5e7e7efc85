import { zValidator } from '@hono/zod-validator';
import type { z } from 'zod';
import { ApiError } from './errors.ts';

/**
 * Validates a JSON body with a shared zod schema. A bad body gets 400
 * `{message, code: 'VALIDATION_FAILED', issues}` and nothing is written (DESIGN.md §4).
 */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return zValidator('json', schema, (result) => {
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
        `${where}${first?.message ?? 'Invalid request body'}`,
        issues,
      );
    }
  });
}
