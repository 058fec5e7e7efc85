import {
  graphqlRootField as rootField,
  sameGraphqlDocument as sameDocument,
} from '@patchbay/catalog';
import type { TApiDescription, TOperation, TResource } from '@patchbay/schema';

// The description mock's route table: each operation's path as a pattern, and which operation a
// request means when several share a method and path (GraphQL documents, query languages).

export interface Route {
  operation: TOperation;
  resource: TResource;
  pattern: RegExp;
  names: string[];
}

/** What matching reads of a request. */
interface RouteRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** One route per operation of the description. */
export function buildRoutes(description: TApiDescription): Route[] {
  return description.resources.flatMap((resource) =>
    resource.operations.map((operation) => {
      const names: string[] = [];
      const source = operation.path
        .split(/(\{[^}]+\})/)
        .map((part) => {
          const m = /^\{([^}]+)\}$/.exec(part);
          if (m) {
            names.push(m[1] as string);
            return '([^/]+)';
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      return { operation, resource, pattern: new RegExp(`^${source}$`), names };
    }),
  );
}

/**
 * The description's base path (`/admin/api/2025-01`, `{realmId}` filled): the mock's `url` ends
 * in it and incoming paths are matched after it, as on the real host.
 */
export function basePathOf(description: TApiDescription): string {
  return description.baseUrl
    .replace(/^[a-z]+:\/\/[^/]+/i, '')
    .replace(/\{[^}]+\}/g, 'test')
    .replace(/\/+$/, '');
}

/** The route a request matches, and its path parameters. */
export function matchRoute(
  routes: Route[],
  request: RouteRequest,
): { route: Route; params: Record<string, string> } | undefined {
  const matches = routes.filter(
    (r) => r.operation.method === request.method && r.pattern.test(request.path),
  );
  if (matches.length === 0) return undefined;
  let route = matches[0] as Route;
  if (matches.length > 1) {
    const body = request.body as { query?: unknown } | undefined;
    const graphql = typeof body?.query === 'string' ? body.query : undefined;
    const language =
      request.query.q ?? request.query.query ?? pageToken(request.query.__page)?.resource;
    if (graphql && matches.every((r) => r.operation.graphql)) {
      // GraphQL: the same document, else the same root field (`issueCreate`), else unknown.
      const found =
        matches.find((r) => sameDocument(r.operation.graphql?.document, graphql)) ??
        matches.find((r) => rootField(r.operation.graphql?.document ?? '') === rootField(graphql));
      if (!found) return undefined;
      route = found;
    }
    route =
      (graphql && matches.find((r) => sameDocument(r.operation.graphql?.document, graphql))) ||
      (language &&
        matches.find((r) => {
          const from = /\bfrom\s+(\w+)/i.exec(language)?.[1]?.toLowerCase();
          return from === r.resource.name.toLowerCase() || language === r.resource.name;
        })) ||
      matches.find((r) => r.operation.kind === 'list') ||
      route;
  }
  const m = route.pattern.exec(request.path) as RegExpExecArray;
  const params = Object.fromEntries(
    route.names.map((name, i) => [name, decodeURIComponent(m[i + 1] ?? '')]),
  );
  return { route, params };
}

/** A next-url page token, `<resource>:<offset>`. */
export function pageToken(
  token: string | undefined,
): { resource: string; offset: number } | undefined {
  if (!token) return undefined;
  const [resource = '', offset = '0'] = token.split(':');
  return { resource, offset: Number(offset) };
}
