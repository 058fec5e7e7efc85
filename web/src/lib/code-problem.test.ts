import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { codeProblemPosition } from './code-problem.ts';

describe('codeProblemPosition', () => {
  it('reads the line and column of a refused deploy', () => {
    const body = JSON.stringify({
      code: 'CODE_NOT_RUNNABLE',
      message: 'The code cannot run: Unexpected token (line 2, column 13)',
    });
    expect(codeProblemPosition(new ApiError(422, 'Unprocessable', body))).toEqual({
      line: 2,
      column: 13,
    });
  });

  it('is null for other errors', () => {
    expect(codeProblemPosition(new ApiError(409, 'Conflict', '{"code":"NO_CODE"}'))).toBeNull();
    expect(codeProblemPosition(new ApiError(422, 'Unprocessable', 'not json'))).toBeNull();
    expect(codeProblemPosition(new Error('boom'))).toBeNull();
  });
});
