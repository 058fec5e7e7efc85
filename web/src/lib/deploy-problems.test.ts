import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { codeProblemPosition, deployProblems } from './deploy-problems.ts';

const refusal = (issues: object[]) =>
  new ApiError(
    409,
    'Conflict',
    JSON.stringify({ code: 'CREDENTIAL_MISSING', message: 'several', issues }),
  );

describe('deployProblems', () => {
  it('reads each issue of a refused deploy with the side to edit or the line to show', () => {
    const err = refusal([
      { code: 'CREDENTIAL_MISSING', path: ['destApiKeyEncrypted'], message: 'no key' },
      { code: 'URL_PLACEHOLDER', path: ['sourceAuthConfig', 'tokenUrl'], message: '{tenant}' },
      {
        code: 'CODE_NOT_RUNNABLE',
        path: ['generatedCode'],
        message: 'The code cannot run: Unexpected token (line 2, column 13)',
      },
    ]);
    expect(deployProblems(err)).toEqual([
      { code: 'CREDENTIAL_MISSING', message: 'no key', side: 'destination', at: null },
      { code: 'URL_PLACEHOLDER', message: '{tenant}', side: 'source', at: null },
      {
        code: 'CODE_NOT_RUNNABLE',
        message: 'The code cannot run: Unexpected token (line 2, column 13)',
        side: null,
        at: { line: 2, column: 13 },
      },
    ]);
    expect(codeProblemPosition(err)).toEqual({ line: 2, column: 13 });
  });

  it('is null for other errors', () => {
    expect(deployProblems(new ApiError(409, 'Conflict', '{"code":"NO_CODE","message":"x"}'))).toBe(
      null,
    );
    expect(deployProblems(new ApiError(409, 'Conflict', 'not json'))).toBeNull();
    expect(deployProblems(new ApiError(400, 'Bad', '{"code":"CREDENTIAL_MISSING"}'))).toBeNull();
    expect(codeProblemPosition(new Error('boom'))).toBeNull();
  });
});
