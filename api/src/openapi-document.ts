// GET /api/openapi.json: hono-openapi builds each operation from its route's
// describeRoute and validators. The middleware in front of every route (app.ts) answers on its
// own too: those answers are added here, once, to every operation it covers, so no route repeats
// them and none can leave one out (ADR 038).
import type { Hono, MiddlewareHandler } from 'hono';
import { generateSpecs } from 'hono-openapi';
import { errorResponse, openApiOptions } from './route-docs.ts';

interface Operation {
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
type Paths = Record<string, Record<string, Operation | undefined> | undefined>;

const MUTATING = new Set(['post', 'put', 'patch', 'delete']);
const underApi = (path: string) => path.startsWith('/api/');

/** What the app-wide middleware answers, and on which operations (app.ts, in its order). */
export const APP_WIDE_ANSWERS: {
  status: number;
  description: string;
  covers(path: string, method: string, operation: Operation): boolean;
  /** Answered by Node's HTTP parser before the app sees the request: no JSON error body. */
  bodyless?: boolean;
}[] = [
  {
    status: 400,
    description: 'VALIDATION_FAILED: the URL holds a NUL character (%00)',
    covers: underApi,
  },
  {
    status: 401,
    description: 'UNAUTHENTICATED: the Authorization header is malformed, or its token invalid',
    covers: underApi,
  },
  {
    status: 403,
    description:
      'ORIGIN_MISMATCH: a request without an Authorization header must send this app’s Origin',
    covers: (path, method) => underApi(path) && MUTATING.has(method),
  },
  {
    status: 413,
    description: 'PAYLOAD_TOO_LARGE: the body is over this route’s limit',
    covers: (_path, _method, operation) => operation.requestBody !== undefined,
  },
  {
    status: 503,
    description: 'DATABASE_UNAVAILABLE: PostgreSQL is unreachable; try again in a moment',
    covers: () => true,
  },
  {
    status: 431,
    description: 'The request line and headers together are over 16 KiB (Node’s limit), empty body',
    covers: () => true,
    bodyless: true,
  },
];

/** Adds the app-wide answers to the generated paths; a route's own entry for a status wins. */
export function addAppWideAnswers(paths: Paths): void {
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations ?? {})) {
      if (!operation) continue;
      const responses = (operation.responses ??= {});
      for (const answer of APP_WIDE_ANSWERS) {
        const key = String(answer.status);
        if (responses[key] || !answer.covers(path, method, operation)) continue;
        responses[key] = answer.bodyless
          ? { description: answer.description }
          : errorResponse(answer.description);
      }
    }
  }
}

/** The handler of GET /api/openapi.json: generated on its first request, then kept. */
export function openApiDocument(app: Hono): MiddlewareHandler {
  let document: Promise<unknown> | undefined;
  return async (c) => {
    document ??= generateSpecs(app, openApiOptions()).then((spec) => {
      addAppWideAnswers(spec.paths as Paths);
      return spec;
    });
    return c.json(await document);
  };
}
