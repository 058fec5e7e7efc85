// A path the API has, asked with a method it lacks, answers 405 with `Allow` (RFC 9110 §15.5.6),
// not 404: the path exists, and a client should learn which methods it takes (ADR 034).
import type { Context } from 'hono';
import type { RouterRoute } from 'hono/types';

export interface RouteMethods {
  /** The methods some route has for `path`, HEAD with GET (Hono answers it); empty for none. */
  allowed(path: string): string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A Hono route path as a regular expression: `:name` and `:name{re}` are one segment. */
function pathPattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    const param = /^:\w+(?:\{(.+)\})?$/.exec(segment);
    if (param) return param[1] ?? '[^/]+';
    return escapeRegExp(segment);
  });
  return new RegExp(`^${segments.join('/')}$`);
}

/** Read once, on first use: every route is registered by then. */
export function routeMethods(routes: () => RouterRoute[]): RouteMethods {
  let table: { method: string; pattern: RegExp }[] | undefined;
  return {
    allowed(path) {
      table ??= routes()
        // Middleware (ALL) and wildcard fallbacks are not resources of their own.
        .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
        .map((route) => ({ method: route.method, pattern: pathPattern(route.path) }));
      const methods = new Set(
        table.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method),
      );
      if (methods.has('GET')) methods.add('HEAD');
      return [...methods].sort();
    },
  };
}

/** 405 `METHOD_NOT_ALLOWED` when the path has other methods, else null (then it is a 404). */
export function methodNotAllowed(c: Context, methods: RouteMethods): Response | null {
  const allowed = methods.allowed(c.req.path);
  if (allowed.length === 0) return null;
  return c.json(
    {
      message: `${c.req.method} is not allowed on ${c.req.path}; it takes ${allowed.join(', ')}`,
      code: 'METHOD_NOT_ALLOWED',
    },
    405,
    { Allow: allowed.join(', ') },
  );
}
