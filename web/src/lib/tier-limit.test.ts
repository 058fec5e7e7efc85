import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { isTierLimitError } from './tier-limit.ts';

describe('isTierLimitError', () => {
  it('recognises the API answer by its message or its code', () => {
    expect(
      isTierLimitError(
        new ApiError(
          403,
          'Forbidden',
          '{"message":"Integration limit reached","code":"TIER_LIMIT_REACHED"}',
        ),
      ),
    ).toBe(true);
    expect(isTierLimitError(new Error('403: {"code":"TIER_LIMIT_REACHED"}'))).toBe(true);
    expect(isTierLimitError(new Error('Integration limit reached'))).toBe(true);
  });

  it('ignores other errors and non-errors', () => {
    expect(isTierLimitError(new ApiError(403, 'Forbidden', '{"message":"Forbidden"}'))).toBe(false);
    expect(isTierLimitError('Integration limit reached')).toBe(false);
  });
});
