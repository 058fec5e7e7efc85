import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { TApiError } from '@patchbay/schema';

/** Thrown by handlers; the app's onError turns it into `{message, code}` (DESIGN.md §4). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly issues: TApiError['issues'];

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    issues?: TApiError['issues'],
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export function errorBody(error: ApiError): TApiError {
  return {
    message: error.message,
    code: error.code,
    ...(error.issues ? { issues: error.issues } : {}),
  };
}

export function jsonError(c: Context, error: ApiError) {
  return c.json(errorBody(error), error.status);
}
