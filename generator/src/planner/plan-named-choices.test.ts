import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// A field named by its own name and then one of its choices ("state enabled or invited"), values
// written with "=" and no spaces, and the clause that leaves them out.

describe('a field followed by its choices', () => {
  it('filters on the choices listed after the field name, as a list', () => {
    const planned = plan(
      'Mirror Shopify customers in state enabled or invited into HubSpot contacts.',
      'shopify',
      'hubspot',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'state', op: 'in', value: ['enabled', 'invited'] }),
    );
  });

  it('leaves the choices out when the sentence drops them', () => {
    const planned = plan(
      'Mirror Shopify customers into HubSpot contacts. Ignore customers having state declined, and also those whose state is disabled.',
      'shopify',
      'hubspot',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'state', op: 'ne', value: 'declined' }),
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'state', op: 'ne', value: 'disabled' }),
    );
  });

  it('reads nothing from the left side of a value table', () => {
    const planned = plan(
      'Mirror Shopify customers into HubSpot contacts, lifecycle from the state: enabled → customer, invited → lead.',
      'shopify',
      'hubspot',
    );
    expect(planned.filters.filter((f) => f.field === 'state')).toEqual([]);
  });

  it('reads nothing from a word that is not one of the field’s choices', () => {
    const planned = plan(
      'Mirror Shopify customers into HubSpot contacts; state management is up to HubSpot.',
      'shopify',
      'hubspot',
    );
    expect(planned.filters.filter((f) => f.field === 'state')).toEqual([]);
  });
});

describe('equality written tightly', () => {
  it('reads field=value without spaces, and the sentence’s full stop is not the value', () => {
    const planned = plan(
      'Mirror Shopify customers into HubSpot contacts, only those with currency=CAD.',
      'shopify',
      'hubspot',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'currency', op: 'eq', value: 'CAD' }),
    );
  });

  it('takes "exactly" as how to compare, not as the value', () => {
    const planned = plan(
      'Mirror Shopify customers into HubSpot contacts where the note is exactly "vip".',
      'shopify',
      'hubspot',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'note', op: 'eq', value: 'vip' }),
    );
    expect(planned.filters.some((f) => f.value === 'exactly')).toBe(false);
  });
});

describe('a quoted text of field names', () => {
  it('is a template of those fields, not a fixed value', () => {
    const planned = plan(
      'Mirror Shopify customers into HubSpot contacts. Set lastname to "last_name (first_name)".',
      'shopify',
      'hubspot',
    );
    const rule = planned.destination?.rules.find((r) => r.to === 'lastname');
    expect(rule?.template).toBe('{last_name} ({first_name})');
    expect(rule?.value).toBeUndefined();
  });

  it('keeps a quoted plain word as a value', () => {
    const planned = plan(
      'Mirror Shopify customers into HubSpot contacts with lastname "note".',
      'shopify',
      'hubspot',
    );
    expect(planned.destination?.rules.find((r) => r.to === 'lastname')?.template).toBeUndefined();
  });
});

describe('"new" for what the code itself creates', () => {
  it('is not a cursor on the records read', () => {
    const planned = plan(
      'Mirror Shopify customers into HubSpot contacts and keep the new id in the log.',
      'shopify',
      'hubspot',
    );
    expect(planned.cursor?.kind).not.toBe('new');
  });
});
