import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { TApiError } from '@patchbay/schema';

/** Thrown by handlers; the app's onError turns it into `{message, code}`. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly issues: TApiError['issues'];
  /** Extra response headers, e.g. Retry-After on 429. */
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    issues?: TApiError['issues'],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.headers = headers;
  }
}

export function errorBody(error: ApiError): TApiError {
  return {
    message: error.message,
    code: error.code,
    ...(error.issues ? { issues: error.issues } : {}),
  };
}

/**
 * This server sends no mail (no SMTP_URL): one answer wherever mail is asked for, password reset
 * and an email channel's Send test alike (ADR 038).
 */
export function mailNotConfigured(message: string): ApiError {
  return new ApiError(503, 'MAIL_NOT_CONFIGURED', message);
}
