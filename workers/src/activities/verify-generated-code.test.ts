import type { TRunOutcome } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { verdict } from './verify-generated-code.ts';

function outcome(overrides: Partial<TRunOutcome>): TRunOutcome {
  return {
    status: 'success',
    data: null,
    logs: [],
    requests: [],
    stateChanges: { set: {}, deleted: [] },
    durationMs: 5,
    attempt: 1,
    mode: 'dry-run',
    captured: [],
    summary: 'read 4 parcels from Depot; no writes to capture; 0 schema errors',
    ...overrides,
  };
}

const write = {
  side: 'destination' as const,
  method: 'POST',
  url: 'https://dst.test/v1/notes',
  path: '/v1/notes',
  body: { text: 'hi' },
  schemaErrors: [],
  response: {},
};

describe('verdict of a dry run', () => {
  it('does not call a run verified when it read records and would write none', () => {
    const result = verdict(outcome({ recordsRead: 4 }));
    expect(result.status).toBe('unverified');
    expect(result.reason).toMatch(/read 4 source records and would write none/);
  });

  it('passes a run that read records and wrote them within the schema', () => {
    expect(verdict(outcome({ recordsRead: 4, captured: [write] })).status).toBe('passed');
  });

  it('passes a run that found nothing to read and so wrote nothing', () => {
    const read = {
      method: 'GET',
      url: 'https://src.test/v1/parcels',
      requestHeaders: {},
      requestBody: null,
      status: 200,
      responseHeaders: {},
      responseBody: '[]',
      durationMs: 3,
      startedAt: '2026-01-05T10:00:00.000Z',
    };
    expect(verdict(outcome({ recordsRead: 0, requests: [read] })).status).toBe('passed');
  });

  it('does not call a run that made no request at all verified', () => {
    const result = verdict(outcome({ recordsRead: 0, summary: 'no reads; no writes to capture' }));
    expect(result).toMatchObject({ status: 'unverified', reason: /made no request/ });
  });

  it('fails a run whose captured writes break the schema', () => {
    const broken = { ...write, schemaErrors: ['text: required'] };
    const result = verdict(outcome({ recordsRead: 1, captured: [broken] }));
    expect(result.status).toBe('failed');
    expect(result.reason).toMatch(/1 schema error/);
    expect(result.error).toBeUndefined();
    expect(result.requestsAnswered).toBe(0);
  });

  it('keeps the error of a run that died before its first request, for the console to say plainly', () => {
    const result = verdict(
      outcome({
        status: 'failed',
        summary: 'no reads; no writes to capture; 0 schema errors',
        // The request is in the transcript, but it never got an answer.
        requests: [
          {
            method: 'GET',
            url: 'https://api.stripe.com/v1/customers',
            requestHeaders: {},
            requestBody: null,
            status: null,
            error: 'cannot resolve api.stripe.com (ENOTFOUND)',
            responseHeaders: {},
            responseBody: null,
            durationMs: 3,
            startedAt: '2026-01-05T10:00:00.000Z',
          },
        ],
        error: {
          name: 'Error',
          message: 'GET https://api.stripe.com/v1/customers failed: cannot resolve api.stripe.com',
          line: 112,
          retryable: true,
        },
      }),
    );
    expect(result).toMatchObject({
      status: 'failed',
      error: {
        name: 'Error',
        message: 'GET https://api.stripe.com/v1/customers failed: cannot resolve api.stripe.com',
        line: 112,
      },
      requestsAnswered: 0,
    });
  });
});
