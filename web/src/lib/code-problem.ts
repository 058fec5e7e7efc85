import { ApiError } from './api-client.ts';

// Issue 18 §1: the API refuses to deploy code that cannot run with 422 CODE_NOT_RUNNABLE and a
// message ending "(line L, column C)"; the review page moves the editor there.

const POSITION = /\(line (\d+), column (\d+)\)\s*$/;

/** Where a refused deploy says the problem is, or null for any other error. */
export function codeProblemPosition(err: unknown): { line: number; column: number } | null {
  if (!(err instanceof ApiError) || err.status !== 422) return null;
  try {
    const body = JSON.parse(err.body) as { code?: unknown; message?: unknown };
    if (body.code !== 'CODE_NOT_RUNNABLE' || typeof body.message !== 'string') return null;
    const match = POSITION.exec(body.message);
    return match ? { line: Number(match[1]), column: Number(match[2]) } : null;
  } catch {
    return null;
  }
}
