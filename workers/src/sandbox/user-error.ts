import { INTEGRATION_FILENAME, type RawError } from './protocol.ts';
import { capText, type Redactor } from './redact.ts';
import type { SandboxError } from './types.ts';

// Turns how a run failed into what the user sees: the message, a stack with only
// the user's own frames, the line and column in integration.js, and whether a retry can help.

const MAX_MESSAGE = 8 * 1024;
const MAX_STACK = 16 * 1024;
const MAX_BODY_JSON = 64 * 1024;
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/** HttpError statuses worth retrying among the 4xx: Request Timeout, Too Early, Too Many Requests. */
const RETRYABLE_4XX = new Set([408, 425, 429]);

// V8 appends the location to a module's syntax error: "Unexpected token ';' [integration.js:2:11]".
const SYNTAX_LOCATION = /\s*\[integration\.js:(\d+):(\d+)\]$/;
const FRAME_LOCATION = /integration\.js:(\d+):(\d+)/;

/** Keeps the stack's message lines and the frames in the user's file; drops host frames. */
export function userStack(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => !/^\s+at /.test(line) || line.includes(`${INTEGRATION_FILENAME}:`))
    .join('\n');
}

export function userLocation(stack: string): { line: number; column: number } | null {
  for (const line of stack.split('\n')) {
    if (!/^\s+at /.test(line)) continue;
    const match = FRAME_LOCATION.exec(line);
    if (match) return { line: Number(match[1]), column: Number(match[2]) };
  }
  return null;
}

export function isRetryable(error: {
  name: string;
  status?: number;
  retryable?: boolean;
  kind?: RawError['kind'];
}): boolean {
  if (typeof error.retryable === 'boolean') return error.retryable;
  if (error.kind && ['syntax', 'import', 'entry', 'result'].includes(error.kind)) return false;
  if (error.name === 'HttpError' && typeof error.status === 'number') {
    return !(error.status >= 400 && error.status < 500 && !RETRYABLE_4XX.has(error.status));
  }
  return true;
}

export function toSandboxError(raw: RawError, redactor: Redactor): SandboxError {
  let message = raw.message;
  let location: { line: number; column: number } | null =
    raw.line !== undefined ? { line: raw.line, column: raw.column ?? 1 } : null;
  if (raw.kind === 'syntax') {
    const match = SYNTAX_LOCATION.exec(message);
    if (match) {
      message = message.slice(0, match.index);
      location ??= { line: Number(match[1]), column: Number(match[2]) };
    }
  }
  if (raw.kind === 'unhandled') message = `Unhandled promise rejection: ${message}`;

  let stack = raw.stack === undefined ? undefined : userStack(raw.stack);
  if (stack !== undefined) {
    location ??= userLocation(stack);
    if (raw.kind === 'unhandled') stack = `Unhandled promise rejection: ${stack}`;
  }

  const error: SandboxError = {
    name: capText(redactor.text(raw.name), 200),
    message: capText(redactor.text(message), MAX_MESSAGE),
    retryable: isRetryable(raw),
  };
  if (stack !== undefined) error.stack = capText(redactor.text(stack), MAX_STACK);
  if (location) {
    error.line = location.line;
    error.column = location.column;
  }
  if (raw.name === 'HttpError' && raw.status !== undefined) {
    error.status = raw.status;
    error.body = errorBody(raw.bodyJson, redactor);
    if (
      (raw.status === 429 || raw.status === 503) &&
      raw.retryAfterMs !== undefined &&
      Number.isFinite(raw.retryAfterMs)
    ) {
      error.retryAfterMs = Math.min(Math.max(0, Math.round(raw.retryAfterMs)), MAX_RETRY_AFTER_MS);
    }
  }
  return error;
}

function errorBody(bodyJson: string | undefined, redactor: Redactor): unknown {
  if (bodyJson === undefined) return null;
  const text = redactor.text(bodyJson);
  if (text.length > MAX_BODY_JSON) return capText(text, MAX_BODY_JSON);
  try {
    return redactor.value(JSON.parse(text));
  } catch {
    return capText(text, MAX_BODY_JSON);
  }
}

/** Retry-After: delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
