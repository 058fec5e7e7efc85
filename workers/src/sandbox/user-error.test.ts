import { describe, expect, it } from 'vitest';
import { Redactor } from './redact.ts';
import {
  isRetryable,
  parseRetryAfter,
  toSandboxError,
  userLocation,
  userStack,
} from './user-error.ts';

const hostStack = [
  'TypeError: boom',
  '    at callHost (patchbay:prelude.js:120:11)',
  '    at helper (integration.js:4:9)',
  '    at async run (integration.js:9:3)',
  '    at <isolated-vm>:1:1',
  '    at IsolateRun.start (file:///work/main/workers/src/sandbox/runner-process.ts:99:5)',
].join('\n');

describe('user stacks', () => {
  it('keep the message and the frames in integration.js only', () => {
    expect(userStack(hostStack)).toBe(
      'TypeError: boom\n    at helper (integration.js:4:9)\n    at async run (integration.js:9:3)',
    );
    expect(userLocation(hostStack)).toEqual({ line: 4, column: 9 });
  });
});

describe('isRetryable', () => {
  it.each([
    [{ name: 'HttpError', status: 400 }, false],
    [{ name: 'HttpError', status: 404 }, false],
    [{ name: 'HttpError', status: 408 }, true],
    [{ name: 'HttpError', status: 425 }, true],
    [{ name: 'HttpError', status: 429 }, true],
    [{ name: 'HttpError', status: 500 }, true],
    [{ name: 'HttpError', status: 503 }, true],
    [{ name: 'HttpError', status: 404, retryable: true }, true],
    [{ name: 'TypeError' }, true],
    [{ name: 'NonRetryableError', retryable: false }, false],
    [{ name: 'SyntaxError', kind: 'syntax' as const }, false],
    [{ name: 'TypeError', kind: 'result' as const }, false],
    [{ name: 'MemoryLimitError', kind: 'memory' as const }, true],
  ])('%o → %s', (error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });
});

describe('toSandboxError', () => {
  it('takes the location out of a syntax error message', () => {
    const error = toSandboxError(
      {
        name: 'SyntaxError',
        message: "Unexpected token ';' [integration.js:2:11]",
        kind: 'syntax',
      },
      new Redactor(),
    );
    expect(error).toEqual({
      name: 'SyntaxError',
      message: "Unexpected token ';'",
      line: 2,
      column: 11,
      retryable: false,
    });
  });

  it('redacts credentials in the message, stack and body, and honours Retry-After only for 429 and 503', () => {
    const redactor = new Redactor();
    redactor.add('tok-1');
    const error = toSandboxError(
      {
        name: 'HttpError',
        message: 'GET /x?key=tok-1 → 429',
        stack: 'HttpError: GET /x?key=tok-1 → 429\n    at run (integration.js:3:5)',
        kind: 'thrown',
        status: 429,
        bodyJson: '{"echo":"Bearer tok-1"}',
        retryAfterMs: 5000,
      },
      redactor,
    );
    expect(error).toEqual({
      name: 'HttpError',
      message: 'GET /x?key=[REDACTED] → 429',
      stack: 'HttpError: GET /x?key=[REDACTED] → 429\n    at run (integration.js:3:5)',
      line: 3,
      column: 5,
      status: 429,
      body: { echo: 'Bearer [REDACTED]' },
      retryable: true,
      retryAfterMs: 5000,
    });
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
