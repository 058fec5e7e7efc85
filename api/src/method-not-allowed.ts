// A path the API has, asked with a method it lacks, answers 405 with `Allow` (RFC 9110 §15.5.6),
// not 404: the path exists, and a client should learn which methods it takes (ADR 038).
import type { Context, MiddlewareHandler } from 'hono';
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
  let table: { method: string; pattern: RegExp; params: number }[] | undefined;
  return {
    allowed(path) {
      table ??= routes()
        // Middleware (ALL) and wildcard fallbacks are not resources of their own.
        .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
        .map((route) => ({
          method: route.method,
          pattern: pathPattern(route.path),
          params: route.path.split('/').filter((segment) => segment.startsWith(':')).length,
        }));
      const matching = table.filter(({ pattern }) => pattern.test(path));
      // /api/integrations/generate is its own resource, not the integration "generate" that
      // /api/integrations/:id would also match: the most literal paths decide.
      const fewest = Math.min(...matching.map(({ params }) => params));
      const methods = new Set(
        matching.filter(({ params }) => params === fewest).map(({ method }) => method),
      );
      if (methods.has('GET')) methods.add('HEAD');
      return [...methods].sort();
    },
  };
}

/** 405 `METHOD_NOT_ALLOWED` when the path has other methods, else null. */
export function methodNotAllowed(c: Context, methods: RouteMethods): Response | null {
  const allowed = methods.allowed(c.req.path);
  if (allowed.length === 0 || allowed.includes(c.req.method)) return null;
  return c.json(
    {
      message: `${c.req.method} is not allowed on ${c.req.path}; it takes ${allowed.join(', ')}`,
      code: 'METHOD_NOT_ALLOWED',
    },
    405,
    { Allow: allowed.join(', ') },
  );
}

/**
 * Answers 405 before routing: a literal path's missing method would otherwise reach a
 * parameter route that also matches it (GET /api/catalog/import → the entry "import", 404).
 */
export function rejectMissingMethods(methods: RouteMethods): MiddlewareHandler {
  return async (c, next) => {
    // A CORS preflight belongs to the route's own CORS handling (the Temporal UI's codec server).
    if (c.req.method === 'OPTIONS') return next();
    const refused = methodNotAllowed(c, methods);
    if (refused) return refused;
    await next();
  };
}
