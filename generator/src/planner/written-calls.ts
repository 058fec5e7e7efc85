import {
  callPathFor,
  findOperation,
  urlPathSegments,
  type FoundOperation,
} from '@patchbay/catalog';
import type { TApiDescription } from '@patchbay/schema';
import type { PromptContext, PromptReading } from '../reader/read-prompt.ts';

// "…then POST /signups": a call the prompt writes out. When the side's description has that
// operation, the grounded planner uses it (its body schema, paging and auth) instead of giving
// the whole prompt to the pattern template, which knows neither side and guesses the other's path.

export interface WrittenCall extends FoundOperation {
  /** Query parameters written after the path ('?status=open'), in order. */
  query: Array<[string, string]>;
  /** Path parameters the written path fills ("/repos/acme/web/issues": owner and repo). */
  params: Record<string, string>;
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
    // The reader took off a front that repeats the base URL's own path ("/api/v2/signups").
    const found = findOperation({ description, baseUrl }, endpoint.method, endpoint.path);
    // The records are read from a list: a written call that gets one record is not one.
    if (!found || (role === 'source' && !['list', 'search'].includes(found.operation.kind)))
      return undefined;
    calls[role] = {
      ...found,
      query: endpoint.query,
      params: writtenParams(endpoint.path, callPathFor(baseUrl, description, found.operation).path),
    };
  }
  return calls;
}

/** The values a written path gives the operation's `{parameters}`, segment by segment from the end. */
function writtenParams(written: string, template: string): Record<string, string> {
  const values = urlPathSegments(written);
  const names = urlPathSegments(template);
  const params: Record<string, string> = {};
  for (let i = 1; i <= Math.min(values.length, names.length); i += 1) {
    const name = /^\{([^}]+)\}$/.exec(names[names.length - i] ?? '')?.[1];
    const value = values[values.length - i];
    if (name && value && !/^\{.*\}$/.test(value)) params[name] = decodeURIComponent(value);
  }
  return params;
}
