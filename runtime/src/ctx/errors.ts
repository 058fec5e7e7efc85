import { NativeError } from './intrinsics.ts';

// The two error classes of the ctx contract (schema/src/ctx-contract.ts).
// Both hosts throw and recognise these very classes.

export interface HttpErrorDetails {
  method: string;
  /** The request URL without any credential the host added. */
  url: string;
  status: number;
  /** The parsed response body: JSON, text, or null when empty. */
  body: unknown;
}

/** Thrown by ctx.source, ctx.destination and ctx.fetch for a status outside 2xx. */
export class HttpError extends NativeError {
  declare method: string;
  declare url: string;
  declare status: number;
  declare body: unknown;
  /** From a 429 or 503 response's Retry-After header, when the host read one. */
  declare retryAfterMs?: number;

  constructor({ method, url, status, body }: HttpErrorDetails) {
    super(`${method} ${url} → ${status}`);
    this.name = 'HttpError';
    this.method = method;
    this.url = url;
    this.status = status;
    this.body = body;
  }
}

/** A failure that retrying cannot fix: a deployed run is not retried. */
export class NonRetryableError extends NativeError {
  declare readonly retryable: false;

  constructor(message?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NonRetryableError';
    (this as { retryable: boolean }).retryable = false;
  }
}
