import { getCatalogEntry, importOpenApi } from '@patchbay/catalog';
import type { TApiDescription } from '@patchbay/schema';
import { planGrounded } from './grounded-plan.ts';

// The planner's tests read prompts over catalog entries at their own base URLs, or over an API
// known only by an OpenAPI document.

export function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

export function plan(prompt: string, source: string, destination: string) {
  return planGrounded(
    {
      sourceApiName: entry(source).name,
      sourceApiUrl: entry(source).baseUrl,
      destApiName: entry(destination).name,
      destApiUrl: entry(destination).baseUrl,
      userPrompt: prompt,
    },
    entry(source),
    entry(destination),
  );
}

/** The destination rule that writes `to`, if the plan has one. */
export function ruleTo(planned: ReturnType<typeof planGrounded>, to: string) {
  return planned.destination?.rules.find((r) => r.to === to);
}

/** The plan over two descriptions, each at its own base URL. */
export function planOver(prompt: string, source: TApiDescription, destination: TApiDescription) {
  return planGrounded(
    {
      sourceApiName: source.name,
      sourceApiUrl: source.baseUrl,
      destApiName: destination.name,
      destApiUrl: destination.baseUrl,
      userPrompt: prompt,
    },
    source,
    destination,
  );
}

/** An in-house API's description from a small OpenAPI document: one list of `item` records. */
export async function inHouseList(
  title: string,
  server: string,
  path: string,
  item: object,
  list: { operationId: string; description?: string; parameters?: object[] },
): Promise<TApiDescription> {
  const ok = {
    description: 'ok',
    content: { 'application/json': { schema: { type: 'array', items: item } } },
  };
  const doc = {
    openapi: '3.0.3',
    info: { title, version: '1' },
    servers: [{ url: server }],
    paths: { [path]: { get: { ...list, responses: { '200': ok } } } },
  };
  return (await importOpenApi(doc)).description;
}
