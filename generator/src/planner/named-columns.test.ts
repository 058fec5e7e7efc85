import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Columns a prompt names in quotes for the records written, worded unlike any benchmark task.

describe('a quoted column nothing in the plan writes', () => {
  it('stops the write instead of leaving the column out', () => {
    const planned = plan(
      'Each open Zendesk ticket becomes an item on board 5544332211, named like its subject, with its priority in the column "Urgency"',
      'zendesk',
      'monday',
    );
    expect(planned.blocking.join(' ')).toMatch(/column "Urgency"/);
  });

  it('is no gap where a rule writes it', () => {
    const planned = plan(
      'Every paid Stripe invoice becomes a page in Notion database 0a1b2c3d4e5f60718293a4b5c6d7e8f9 with the properties: "Invoice number" (its number), Total (the amount due).',
      'stripe',
      'notion',
    );
    expect(planned.blocking.join(' ')).not.toMatch(/Invoice number/);
  });
});

describe('a quoted column with what fills it', () => {
  it('maps the words before "in the … column" and after "the … column holding"', () => {
    const planned = plan(
      'Each paid Stripe invoice lands in the Airtable table "Books" of base appQ1w2E3r4T5y6U7. Store the customer email in the "Billed to" column, and the "Ref" field holding its number.',
      'stripe',
      'airtable',
    );
    const rules = planned.destination?.rules ?? [];
    expect(rules.map((r) => [r.to, r.from])).toEqual(
      expect.arrayContaining([
        ['Billed to', 'customer_email'],
        ['Ref', 'number'],
      ]),
    );
    expect(planned.blocking).toEqual([]);
  });

  it('is no mapping where the columns are not the user’s own', () => {
    const planned = plan(
      'Each open Zendesk ticket becomes an item on board 5544332211, named like its subject; put its priority in the "Urgency" column',
      'zendesk',
      'monday',
    );
    expect(planned.blocking.join(' ')).toMatch(/column "Urgency"/);
  });
});
