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

describe('a quoted column that is left alone or is the records’ own', () => {
  it('neither maps nor stops the write', () => {
    for (const prompt of [
      'Each paid Stripe invoice lands in the Airtable table "Books" of base appQ1w2E3r4T5y6U7; never put the customer email in the "Memo" column.',
      'Each paid Stripe invoice lands in the Airtable table "Books" of base appQ1w2E3r4T5y6U7, where the "Memo" column holds its number only if it has one.',
    ]) {
      const planned = plan(prompt, 'stripe', 'airtable');
      expect(planned.destination?.rules.map((r) => r.to)).not.toContain('Memo');
      expect(planned.blocking.join(' ')).not.toMatch(/Memo/);
    }
  });

  it('counts a field written under another label as written', () => {
    const planned = plan(
      'Each new Shopify customer becomes a HubSpot contact; store their phone in the "Mobile no." property',
      'shopify',
      'hubspot',
    );
    expect(planned.blocking.join(' ')).not.toMatch(/Mobile/);
  });
});

describe('a container of the written records named with "in"', () => {
  it('is not one that chooses the records read, nor one that depends on the record', () => {
    for (const prompt of [
      'Each Zendesk ticket in the group "Tier 1" becomes an item on board 5544332211',
      'Each Zendesk ticket becomes an item on board 5544332211, in the group "Hot" if it is urgent and in the group "Cold" otherwise',
    ])
      expect(plan(prompt, 'zendesk', 'monday').lookups).toEqual([]);
  });
});

describe('a quoted column after "goes in" or "map … to"', () => {
  it('maps the words before it there', () => {
    const planned = plan(
      'Each paid Stripe invoice lands in the Airtable table "Books" of base appQ1w2E3r4T5y6U7. Its customer email goes into the "Payer" column; map the amount due to the "Owed" field.',
      'stripe',
      'airtable',
    );
    expect(planned.destination?.rules.map((r) => [r.to, r.from])).toEqual(
      expect.arrayContaining([
        ['Payer', 'customer_email'],
        ['Owed', 'amount_due'],
      ]),
    );
  });
});

describe('a quoted column given a value of its own', () => {
  it('is that value for every record, and no value inside a condition', () => {
    const planned = plan(
      'Each paid Stripe invoice lands in the Airtable table "Books" of base appQ1w2E3r4T5y6U7; the "Channel" field should be Online.',
      'stripe',
      'airtable',
    );
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'Channel', value: 'Online' }),
    );
    const conditional = plan(
      'Each Stripe invoice lands in the Airtable table "Books" of base appQ1w2E3r4T5y6U7 only when the "Channel" field is Online.',
      'stripe',
      'airtable',
    );
    expect(conditional.destination?.rules.map((r) => r.to)).not.toContain('Channel');
  });
});
