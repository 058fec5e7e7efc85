import { ZApiError } from '@patchbay/schema';
import { ApiError } from './api-client.ts';

// ADR 031: the API refuses to deploy, resume or run an integration that cannot get past its
// first request with 409 and an issue per problem (code, message, the request field to change).
// The review page lists them, each with the way to fix it: a side's Edit connection panel, or
// the line of the code.

const READINESS_CODES = new Set(['CREDENTIAL_MISSING', 'URL_PLACEHOLDER', 'CODE_NOT_RUNNABLE']);
const POSITION = /\(line (\d+), column (\d+)\)\.?\s*$/;

export interface DeployProblem {
  code: string;
  message: string;
  /** The connection to edit, when the problem is one side's. */
  side: 'source' | 'destination' | null;
  /** Where the code stops, when the problem is the code. */
  at: { line: number; column: number } | null;
}

/** The problems of a refused deploy or run, or null for any other error. */
export function deployProblems(err: unknown): DeployProblem[] | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  let json: unknown;
  try {
    json = JSON.parse(err.body);
  } catch {
    return null;
  }
  const body = ZApiError.safeParse(json);
  if (!body.success || !READINESS_CODES.has(body.data.code)) return null;
  return (body.data.issues ?? []).map((issue) => {
    const field = String(issue.path[0] ?? '');
    const match = issue.code === 'CODE_NOT_RUNNABLE' ? POSITION.exec(issue.message) : null;
    return {
      code: issue.code ?? body.data.code,
      message: issue.message,
      side: field.startsWith('source') ? 'source' : field.startsWith('dest') ? 'destination' : null,
      at: match ? { line: Number(match[1]), column: Number(match[2]) } : null,
    };
  });
}

/** Where a refused deploy says the code stops, or null. */
export function codeProblemPosition(err: unknown): { line: number; column: number } | null {
  return deployProblems(err)?.find((problem) => problem.at)?.at ?? null;
}
