import { getCatalogEntry } from '@patchbay/catalog';
import type { TApiDescription } from '@patchbay/schema';
import { planGrounded } from './grounded-plan.ts';

// The planner's tests read prompts over catalog entries at their own base URLs.

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
