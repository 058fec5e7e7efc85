import { describe, expect, it } from 'vitest';
import { describeStep } from './run-timeline.tsx';

describe('describeStep', () => {
  it('says how many attempts failed before a retry, how long it waited and the last error', () => {
    expect(
      describeStep({
        at: '2026-11-23T10:00:06.000Z',
        step: 'attempt-started',
        attempt: 3,
        waitedMs: 6200,
        message: 'POST /contacts answered 503',
      }),
    ).toEqual({
      title: 'Attempt 3 started',
      detail:
        'after 2 failed attempts and 6.2 s of retries and backoff; the last error: POST /contacts answered 503',
    });
  });

  it('keeps a first attempt plain and names failures with their error', () => {
    expect(describeStep({ at: 'x', step: 'attempt-started', attempt: 1 })).toEqual({
      title: 'Attempt 1 started',
    });
    expect(describeStep({ at: 'x', step: 'run-failed', message: 'boom' })).toEqual({
      title: 'Run failed',
      detail: 'boom',
    });
  });
});
