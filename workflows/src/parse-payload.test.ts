import { ApplicationFailure } from '@temporalio/common';
import { ZExecuteIntegrationInput } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { parsePayload } from './parse-payload.ts';

describe('parsePayload', () => {
  it('returns the parsed payload', () => {
    expect(
      parsePayload(ZExecuteIntegrationInput.options[0].shape.kind, 'test', 'executeIntegration'),
    ).toBe('test');
  });

  it('throws a non-retryable InvalidPayload failure naming the activity and the field', () => {
    let thrown: unknown;
    try {
      parsePayload(
        ZExecuteIntegrationInput,
        { integrationId: '1', kind: 'x' },
        'executeIntegration',
      );
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApplicationFailure);
    const failure = thrown as ApplicationFailure;
    expect(failure.type).toBe('InvalidPayload');
    expect(failure.nonRetryable).toBe(true);
    expect(failure.message).toMatch(/^executeIntegration: the payload does not match/);
    expect(failure.message).toContain('kind');
  });
});
