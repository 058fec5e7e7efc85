import { findOperation, urlPathSegments, type FoundOperation } from '@patchbay/catalog';
import type { TApiDescription } from '@patchbay/schema';
import type { EndpointReading, PromptContext, PromptReading } from '../reader/read-prompt.ts';

// "…with POST /enrolments": a call the prompt writes out. When the side's description has that
// operation, the grounded planner uses it (its body schema, paging and auth) instead of giving
// the whole prompt to the pattern template, which knows neither side and guesses the other's path.

export interface WrittenCall extends FoundOperation {
  /** Query parameters written after the path ('?status=open'), in order. */
  query: Array<[string, string]>;
}

export interface WrittenCalls {
  source?: WrittenCall | undefined;
  destination?: WrittenCall | undefined;
}

/**
 * The described operation each written call names, or undefined when a written call is not in
 * its side's description (the user knows a path we do not, so the pattern template keeps it).
 */
export function writtenCalls(
  reading: PromptReading,
  context: PromptContext,
  source: TApiDescription,
  destination: TApiDescription,
): WrittenCalls | undefined {
  const calls: WrittenCalls = {};
  const sides = [
    ['source', reading.source, source, context.sourceApiUrl || source.baseUrl],
    ['destination', reading.destination, destination, context.destApiUrl || destination.baseUrl],
  ] as const;
  for (const [role, endpoint, description, baseUrl] of sides) {
    if (!endpoint || endpoint.guessed) continue;
    const found = describedCall(endpoint, description, baseUrl);
    if (!found) return undefined;
    calls[role] = { ...found, query: endpoint.query };
  }
  return calls;
}

/**
 * The written path is relative to the typed base URL, or repeats the base URL's own path in
 * front ("/api/v1/enrolments" under …/api/v1): both name the same operation.
 */
function describedCall(
  endpoint: EndpointReading,
  description: TApiDescription,
  baseUrl: string,
): FoundOperation | undefined {
  const side = { description, baseUrl };
  const direct = findOperation(side, endpoint.method, endpoint.path);
  if (direct) return direct;
  const base = urlPathSegments(baseUrl);
  const written = urlPathSegments(endpoint.path);
  const repeatsBase =
    base.length > 0 &&
    written.length > base.length &&
    base.every((segment, i) => segment.toLowerCase() === written[i]?.toLowerCase());
  if (!repeatsBase) return undefined;
  return findOperation(side, endpoint.method, `/${written.slice(base.length).join('/')}`);
}
