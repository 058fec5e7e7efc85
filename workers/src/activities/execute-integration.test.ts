import { describe, expect, it } from 'vitest';
import type { SandboxRunResult } from '../sandbox/index.ts';
import { toOutcome } from './execute-integration.ts';

describe('toOutcome', () => {
  it('turns log entries into lines and keeps the error but its body', () => {
    const result: SandboxRunResult = {
      status: 'failed',
      data: undefined,
      logs: [{ level: 'warn', message: 'slow', at: '2026-01-01T00:00:00.000Z' }],
      requests: [],
      stateChanges: { set: {}, deleted: [] },
      error: {
        name: 'HttpError',
        message: 'GET /items → 429',
        line: 3,
        status: 429,
        body: { error: 'slow down' },
        retryable: true,
        retryAfterMs: 1000,
      },
      durationMs: 7,
      mode: 'live',
      captured: [],
      summary: 'read nothing',
      recordsRead: 0,
    };
    expect(toOutcome(result, 2)).toStrictEqual({
      status: 'failed',
      data: null,
      logs: ['[warn] slow'],
      requests: [],
      stateChanges: { set: {}, deleted: [] },
      error: {
        name: 'HttpError',
        message: 'GET /items → 429',
        line: 3,
        status: 429,
        retryable: true,
        retryAfterMs: 1000,
      },
      durationMs: 7,
      attempt: 2,
      mode: 'live',
      captured: [],
      summary: 'read nothing',
      recordsRead: 0,
    });
  });

  it('has no error and no capture fields when the result has none', () => {
    const outcome = toOutcome(
      {
        status: 'success',
        data: { n: 1 },
        logs: [],
        requests: [],
        stateChanges: { set: { a: 1 }, deleted: [] },
        durationMs: 1,
      },
      1,
    );
    expect(Object.keys(outcome).sort()).toEqual(
      ['attempt', 'data', 'durationMs', 'logs', 'requests', 'stateChanges', 'status'].sort(),
    );
  });
});
