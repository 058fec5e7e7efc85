import { getCatalogEntry } from '@patchbay/catalog';
import { EXAMPLE_PROMPTS, type TApiDescription } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { generateTemplateCode } from './template-generator.ts';

// The landing page's example prompts are the first thing a new user tries. Over the catalog
// APIs they name, each must generate with every requirement done or assumed: a "missing" on
// the product's own example would tell the user the generator cannot read its own suggestion.

function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

describe('the example prompts', () => {
  for (const example of EXAMPLE_PROMPTS) {
    it(`${example.label}: nothing missing, nothing unresolved`, () => {
      const [source, destination] = example.apis.map(entry) as [TApiDescription, TApiDescription];
      const result = generateTemplateCode(
        {
          sourceApiName: source.name,
          sourceApiUrl: source.baseUrl,
          sourceAuthType: 'bearer',
          destApiName: destination.name,
          destApiUrl: destination.baseUrl,
          destAuthType: 'bearer',
          userPrompt: example.prompt,
        },
        { source, destination },
      );
      const notDone = result.requirements
        .filter((requirement) => requirement.status === 'missing')
        .map((requirement) => requirement.text);
      expect(notDone).toEqual([]);
      expect(result.unresolved).toEqual([]);
      expect(result.requirements.filter((r) => r.status === 'done').length).toBeGreaterThan(3);
    });
  }
});
