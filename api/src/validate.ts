import type { MiddlewareHandler } from 'hono';
import { resolver, uniqueSymbol, validator } from 'hono-openapi';
import type { z } from 'zod';
import { ApiError } from './errors.ts';
import { VALIDATION_FAILED_RESPONSE } from './route-docs.ts';

// PostgreSQL text cannot hold U+0000: a NUL that reached a query would fail it with a 500.
// Every JSON body and query string is checked here (that answer comes before any schema
// error), and every URL by rejectNulInUrl, so no route needs its own check (ADR 028).
const NUL = '\u0000';

/** The path of the first string (value or object key) in `value` holding a NUL, or null. */
export function findNul(value: unknown): (string | number)[] | null {
  // Iterative, each entry pointing at its parent: a deeply nested body must neither
  // overflow the stack nor copy its path at every level.
  interface Entry {
    value: unknown;
    key: string | number | null;
    parent: Entry | null;
  }
  const pathOf = (entry: Entry | null, last?: string): (string | number)[] => {
    const reversed: (string | number)[] = last === undefined ? [] : [last];
    for (let at = entry; at && at.key !== null; at = at.parent) reversed.push(at.key);
    return reversed.reverse();
  };
  const pending: Entry[] = [{ value, key: null, parent: null }];
  for (let entry = pending.pop(); entry; entry = pending.pop()) {
    const current = entry.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return pathOf(entry);
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, key: index, parent: entry }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        if (key.includes(NUL)) return pathOf(entry, key);
        pending.push({ value: item, key, parent: entry });
      }
    }
  }
  return null;
}

function nulError(where: string, path: (string | number)[]): ApiError {
  const name = path.length > 0 ? path.join('.') : where;
  const message = `${name}: must not contain the NUL character (\\u0000)`;
  return new ApiError(400, 'VALIDATION_FAILED', message, [{ path, message }]);
}

/** 400 for a NUL anywhere in the URL: path parameters and query strings, for every route. */
export const rejectNulInUrl: MiddlewareHandler = async (c, next) => {
  if (/%00/i.test(c.req.url)) {
    throw new ApiError(
      400,
      'VALIDATION_FAILED',
      'The URL must not contain the NUL character (%00)',
    );
  }
  await next();
};

/**
 * How request schemas become JSON Schema. zod states a URL's format but not the protocols its
 * `protocol` option allows; the override adds them as a pattern (`^(?:https?):`), read from the
 * schema itself, so the document refuses what the server refuses (ADR 038).
 */
const INPUT = {
  options: {
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
      const protocol = urlProtocol(zodSchema as ZodNode);
      const anchored = protocol && /^\^(.*)\$$/.exec(protocol.source);
      if (anchored) jsonSchema.pattern = `^(?:${anchored[1]}):`;
    },
  },
} as const;
type JsonSchema = Record<string, unknown>;
interface ZodNode {
  _zod?: { def?: { format?: string; protocol?: unknown; checks?: ZodNode[] } };
}

/** The protocol pattern of a z.url() schema, or of a z.url() check on a string. */
function urlProtocol(node: ZodNode): RegExp | undefined {
  const def = node._zod?.def;
  for (const candidate of [def, ...(def?.checks ?? []).map((check) => check._zod?.def)]) {
    if (candidate?.format === 'url' && candidate.protocol instanceof RegExp)
      return candidate.protocol;
  }
  return undefined;
}

/**
 * Validates a request part with a shared zod schema. A bad one gets 400
 * `{message, code: 'VALIDATION_FAILED', issues}` and nothing is written.
 * hono-openapi's validator also puts the schema into GET /api/openapi.json (ADR 018).
 */
function validated<T extends z.ZodType, Target extends 'json' | 'query' | 'param'>(
  target: Target,
  schema: T,
) {
  return validator(
    target,
    schema,
    (result) => {
      const nulAt = findNul(result.data);
      if (nulAt) throw nulError(target === 'json' ? 'body' : target, nulAt);
      if (result.success) return;
      const issues = result.error.map((issue) => ({
        path: (issue.path ?? [])
          .map((part) => (typeof part === 'object' ? part.key : part))
          .filter((part): part is string | number => typeof part !== 'symbol'),
        message: issue.message,
      }));
      const first = issues[0];
      const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
      throw new ApiError(
        400,
        'VALIDATION_FAILED',
        `${where}${first?.message ?? 'Invalid request'}`,
        issues,
      );
    },
    INPUT,
  );
}

/**
 * A JSON body. Without a JSON Content-Type Hono's validator checks `{}`, so the document marks
 * the body required exactly when the schema refuses `{}`: the two agree.
 */
export function jsonBody<T extends z.ZodType>(schema: T) {
  const middleware = validated('json', schema);
  const requestBody = {
    required: !schema.safeParse({}).success,
    content: { 'application/json': { schema: resolver(schema, INPUT) } },
  };
  // The shape describeRoute() gives its middleware: hono-openapi reads the body from it.
  return Object.assign(middleware, {
    [uniqueSymbol]: { spec: { requestBody, responses: { 400: VALIDATION_FAILED_RESPONSE } } },
  });
}

export function queryParams<T extends z.ZodType>(schema: T) {
  return validated('query', schema);
}

/** Path parameters, for those the document should constrain (an enum, a format). */
export function pathParams<T extends z.ZodType>(schema: T) {
  return validated('param', schema);
}
