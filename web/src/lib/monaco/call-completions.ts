import { callPathFor } from '@patchbay/catalog/check-calls';
import type { TApiDescription, TIntegrationDescriptions } from '@patchbay/schema';

// What the editor offers inside `ctx.source.*(...)` / `ctx.destination.*(...)` string
// arguments: the described paths for the method being called, or the methods
// for `request('…')`. Plain functions over the text before the cursor, so they are unit-tested
// without Monaco; description-completion.ts turns them into Monaco completion items.

export type Side = 'source' | 'destination';

const METHODS: Record<string, string> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
};

/** Where the cursor is: in a call's method string, or in its path string. */
export type CallContext =
  | { kind: 'method'; side: Side; typed: string }
  | { kind: 'path'; side: Side; method: string; typed: string };

// `ctx.source.get('/cu`, `destination.post("/`, `ctx.source.request('GET', '/x`, and
// `ctx.destination.request('PO`: a client (`<anything>.source`, or `source` itself after
// `const { source } = ctx`), a method, an open string as the last thing before the cursor.
const PATH_CALL =
  /(?:^|[^\w$])(source|destination)\s*\.\s*(get|post|put|patch|delete)\s*\(\s*(['"`])([^'"`]*)$/;
const REQUEST_PATH =
  /(?:^|[^\w$])(source|destination)\s*\.\s*request\s*\(\s*(['"`])([A-Za-z]+)\2\s*,\s*(['"`])([^'"`]*)$/;
const REQUEST_METHOD = /(?:^|[^\w$])(source|destination)\s*\.\s*request\s*\(\s*(['"`])([A-Za-z]*)$/;

/** The call context of the text before the cursor on its line, or null outside one. */
export function callContext(beforeCursor: string): CallContext | null {
  const path = PATH_CALL.exec(beforeCursor);
  if (path) {
    return {
      kind: 'path',
      side: path[1] as Side,
      method: METHODS[path[2] ?? ''] ?? 'GET',
      typed: path[4] ?? '',
    };
  }
  const requestPath = REQUEST_PATH.exec(beforeCursor);
  if (requestPath) {
    return {
      kind: 'path',
      side: requestPath[1] as Side,
      method: (requestPath[3] ?? '').toUpperCase(),
      typed: requestPath[5] ?? '',
    };
  }
  const requestMethod = REQUEST_METHOD.exec(beforeCursor);
  if (requestMethod) {
    return { kind: 'method', side: requestMethod[1] as Side, typed: requestMethod[3] ?? '' };
  }
  return null;
}

export interface PathSuggestion {
  /** The path as the code should write it, `{name}` marking a parameter. */
  path: string;
  method: string;
  operationId: string;
  summary: string;
  docsUrl?: string | undefined;
}

/** Every described operation for `method` on one side, in the description's order. */
export function pathSuggestions(
  description: TApiDescription,
  connectionBaseUrl: string,
  method: string,
): PathSuggestion[] {
  const suggestions: PathSuggestion[] = [];
  for (const resource of description.resources) {
    for (const operation of resource.operations) {
      if (operation.method !== method) continue;
      suggestions.push({
        // The generated code's own reconciliation of the typed base URL and the description.
        path: callPathFor(connectionBaseUrl, description, operation).path,
        method: operation.method,
        operationId: operation.id,
        summary: operation.summary,
        docsUrl: operation.docsUrl,
      });
    }
  }
  return suggestions;
}

/** The methods a side's description uses, for `request('…')`. */
export function methodSuggestions(description: TApiDescription): string[] {
  const methods = new Set<string>();
  for (const resource of description.resources) {
    for (const operation of resource.operations) methods.add(operation.method);
  }
  return [...methods];
}

/** What the editor knows about both sides: each description and the connection's Base URL. */
export interface CompletionSources {
  descriptions: TIntegrationDescriptions;
  baseUrls: Record<Side, string>;
}
