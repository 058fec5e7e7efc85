import { describe, expect, it } from 'vitest';
import { getCatalogEntry } from './load-catalog.ts';
import { resolveDescription } from './resolve-description.ts';

describe('resolving a side’s description', () => {
  it('matches the catalog from the name and URL by default', () => {
    const resolved = resolveDescription({ kind: 'auto' }, 'Stripe', 'https://api.stripe.com');
    expect(resolved.inUse).toEqual({
      kind: 'catalog',
      id: 'stripe',
      name: 'Stripe',
      docsUrl: 'https://docs.stripe.com/api',
      how: 'matched',
      tier: 'curated',
    });
    expect(resolveDescription(undefined, 'stripe payments', '').description?.id).toBe('stripe');
  });

  it('takes a chosen entry over the match, and none means none', () => {
    expect(
      resolveDescription({ kind: 'catalog', id: 'hubspot' }, 'Stripe', 'https://api.stripe.com')
        .inUse,
    ).toMatchObject({ id: 'hubspot', how: 'chosen' });
    expect(resolveDescription({ kind: 'none' }, 'Stripe', 'https://api.stripe.com')).toEqual({
      description: null,
      inUse: null,
    });
  });

  it('uses an imported document as it was stored', () => {
    const description = { ...getCatalogEntry('stripe')!, id: 'our-billing', name: 'Our billing' };
    const resolved = resolveDescription({ kind: 'imported', description }, 'x', 'https://x.test');
    expect(resolved.description).toBe(description);
    expect(resolved.inUse).toMatchObject({ kind: 'imported', id: null, name: 'Our billing' });
  });

  it('finds nothing for an unknown API or a catalog id that no longer exists', () => {
    expect(resolveDescription({ kind: 'auto' }, 'Warehouse', 'https://wms.example.com').inUse).toBe(
      null,
    );
    expect(resolveDescription({ kind: 'catalog', id: 'gone' }, 'x', 'https://x.test').inUse).toBe(
      null,
    );
  });
});
