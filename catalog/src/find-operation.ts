import type { TOperation, TResource } from '@patchbay/schema';
import { operationsAt, type CheckSide } from './check-calls.ts';
import { graphqlRootField, sameGraphqlDocument } from './graphql-document.ts';

// Which described operation a request that really happened is (ADR 017): the dry run asks
// it for every call, to decide whether the call only reads and to validate what it writes. The
// path matching is the static check's (check-calls.ts), so the two never disagree.

export interface FoundOperation {
  operation: TOperation;
  resource: TResource;
}

/**
 * The operation `method path` calls on `side`, or undefined when the description has none.
 * `path` is relative to the connection's base URL, without its query string. Several GraphQL
 * operations share one endpoint: the body's document (else its root field) tells them apart.
 */
export function findOperation(
  side: CheckSide,
  method: string,
  path: string,
  body?: unknown,
): FoundOperation | undefined {
  const candidates = operationsAt(side, path).filter((op) => op.method === method.toUpperCase());
  if (candidates.length === 0) return undefined;
  let operation = candidates[0] as TOperation;
  const document = (body as { query?: unknown } | null | undefined)?.query;
  if (candidates.some((op) => op.graphql) && typeof document === 'string') {
    const graphql = candidates.filter((op) => op.graphql);
    const found =
      graphql.find((op) => sameGraphqlDocument(op.graphql?.document, document)) ??
      graphql.find(
        (op) => graphqlRootField(op.graphql?.document ?? '') === graphqlRootField(document),
      );
    if (!found) return undefined;
    operation = found;
  }
  const resource = side.description.resources.find((r) => r.operations.includes(operation));
  return resource ? { operation, resource } : undefined;
}
