import { describe, expect, it } from 'vitest';
import type { TRunInFlight } from '@patchbay/schema';
import { durationLine, inFlightLine } from './run-progress.ts';

const base: TRunInFlight = {
  kind: 'manual',
  workflowId: 'run:1:manual:a',
  runId: 'r',
  startedAt: '2026-11-27T20:50:00.000Z',
  attempt: 1,
  maxAttempts: 5,
  state: 'running',
  nextAttemptAt: null,
  attempts: [],
};

describe('inFlightLine', () => {
  it('says which attempt runs', () => {
    expect(inFlightLine(base)).toBe('Attempt 1 of 5 is running');
  });

  it('says what failed and when the next attempt is due', () => {
    const waiting: TRunInFlight = {
      ...base,
      attempt: 2,
      state: 'waiting',
      nextAttemptAt: '2026-11-27T20:50:10.000Z',
      attempts: [
        {
          attempt: 1,
          status: 'failed',
          durationMs: 8,
          error: { name: 'HttpError', message: 'HTTP 503' },
        },
        {
          attempt: 2,
          status: 'failed',
          durationMs: 8,
          error: { name: 'HttpError', message: 'HTTP 502' },
        },
      ],
    };
    const line = inFlightLine(waiting, new Date('2026-11-27T20:50:06.000Z'));
    expect(line).toMatch(
      /^Attempt 2 of 5 failed: HTTP 502\. Next attempt in 4\.0 s, at \d\d:50:10$/,
    );
    expect(inFlightLine(waiting, new Date('2026-11-27T20:50:11.000Z'))).toMatch(
      /Next attempt due at \d\d:50:10$/,
    );
  });

  it('says the failure is being recorded after the last attempt', () => {
    expect(
      inFlightLine({
        ...base,
        attempt: 5,
        state: 'waiting',
        attempts: [
          {
            attempt: 5,
            status: 'failed',
            durationMs: 3,
            error: { name: 'E', message: 'HTTP 500' },
          },
        ],
      }),
    ).toBe('Attempt 5 of 5 failed: HTTP 500. Recording the failure');
  });
});

describe('durationLine', () => {
  it('shows the last attempt apart only when there were several', () => {
    expect(durationLine({ durationMs: 31_000, lastAttemptMs: 8, attempts: [1, 2, 3] })).toEqual({
      total: '31 s',
      lastAttempt: 'last attempt 8 ms',
    });
    expect(durationLine({ durationMs: 8, lastAttemptMs: 8, attempts: [1] }).lastAttempt).toBeNull();
  });
});
