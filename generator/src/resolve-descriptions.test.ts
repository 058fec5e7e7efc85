import { getCatalogEntry } from '@patchbay/catalog';
import type { TApiDescription, TGenerateRequest } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { resolveDescriptions } from './resolve-descriptions.ts';

// Which description a generation uses (ADR 015): the integration's choice, else the match.

const input: TGenerateRequest = {
  sourceApiName: 'Our billing',
  sourceApiUrl: 'https://api.stripe.com',
  sourceAuthType: 'bearer',
  destApiName: 'In-house CRM',
  destApiUrl: 'https://crm.internal.test',
  destAuthType: 'api-key',
  userPrompt: 'copy customers into the crm as contacts',
};

describe('resolveDescriptions', () => {
  it('matches by host and name when the integration made no choice', () => {
    const { source, destination } = resolveDescriptions(input);
    expect(source?.id).toBe('stripe');
    expect(destination).toBeUndefined();
  });

  it('honours a catalog choice, an imported document, and "none"', () => {
    const imported = { ...getCatalogEntry('hubspot'), id: 'in-house-crm' } as TApiDescription;
    const chosen = resolveDescriptions(input, {
      sourceDescription: { kind: 'none' },
      destDescription: { kind: 'imported', description: imported },
    });
    expect(chosen.source).toBeUndefined();
    expect(chosen.destination?.id).toBe('in-house-crm');
    expect(
      resolveDescriptions(input, { destDescription: { kind: 'catalog', id: 'hubspot' } })
        .destination?.id,
    ).toBe('hubspot');
  });
});
