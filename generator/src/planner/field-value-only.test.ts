import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// "Currency EUR only", "only currency CHF": a field named with a code-like value it must have.

describe('a field and the one value it must have', () => {
  it('reads the value after the field, with "only" before or after', () => {
    for (const [prompt, value] of [
      ['Send Shopify orders to Slack #eu-sales, currency EUR only.', 'EUR'],
      ['Send Shopify orders to Slack #eu-sales. Only currency GBP.', 'GBP'],
    ] as const) {
      expect(plan(prompt, 'shopify', 'slack').filters, prompt).toContainEqual(
        expect.objectContaining({ field: 'currency', op: 'eq', value }),
      );
    }
  });

  it('reads nothing from words that are not a field, or a plain word as the value', () => {
    const planned = plan(
      'Send Shopify orders to Slack #eu-sales only. Channel ops only.',
      'shopify',
      'slack',
    );
    expect(planned.filters).toEqual([]);
  });
});
