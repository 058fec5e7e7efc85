import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Names the prompt gives for a database's own columns, on records that keep them in one open
// object (a Notion page's properties, an Airtable record's fields).

describe('a property the description cannot list', () => {
  it('is the name as the prompt capitalises or quotes it, in the record’s own object', () => {
    const notion = plan(
      'Post each page of Notion database 0a1b2c3d4e5f60718293a4b5c6d7e8f9 whose Stage is "Signed" to Slack #deals.',
      'notion',
      'slack',
    );
    expect(notion.filters).toContainEqual(
      expect.objectContaining({ field: 'properties.Stage', op: 'eq', value: 'Signed' }),
    );
    const airtable = plan(
      'Post each record of Airtable base appQ1w2E3r4T5y6U7 table "Leads" whose Channel is "Webinar" to Slack #growth.',
      'airtable',
      'slack',
    );
    expect(airtable.filters).toContainEqual(
      expect.objectContaining({ field: 'fields.Channel', value: 'Webinar' }),
    );
  });

  it('is not read from lower-case words, which may mean anything', () => {
    const notion = plan(
      'Post each page of Notion database 0a1b2c3d4e5f60718293a4b5c6d7e8f9 whose stage is signed to Slack #deals.',
      'notion',
      'slack',
    );
    expect(notion.filters.some((f) => f.field.startsWith('properties.'))).toBe(false);
  });
});

describe('a mapping between columns of several words', () => {
  it('maps each whole name, and makes no value table of their words', () => {
    const planned = plan(
      'Copy every Notion page of database 0a1b2c3d4e5f60718293a4b5c6d7e8f9 into the Airtable table "Deals" of base appQ1w2E3r4T5y6U7. Mapping: Client name -> Customer, Close date -> Closed On, P1 -> Urgent.',
      'notion',
      'airtable',
    );
    const rules = planned.destination?.rules ?? [];
    expect(rules).toContainEqual(
      expect.objectContaining({ to: 'Customer', from: 'properties.Client name' }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ to: 'Closed On', from: 'properties.Close date' }),
    );
    // A code is a value of a table, never a column.
    expect(rules.some((r) => r.from === 'properties.P1')).toBe(false);
    expect(planned.unresolved.join('\n')).not.toMatch(/date → Close|name → Customer/);
  });
});

describe('a value set on a column of the destination’s own', () => {
  it('is fixed for every record, unless it names a field of the source', () => {
    const planned = plan(
      'Copy every GitHub issue of octo/app into the Airtable table "Bugs" of base appQ1w2E3r4T5y6U7, set Triage to Pending on each one and set "Found in" to title.',
      'github',
      'airtable',
    );
    const rules = planned.destination?.rules ?? [];
    expect(rules).toContainEqual(expect.objectContaining({ to: 'Triage', value: 'Pending' }));
    expect(rules.some((r) => r.to === 'Found in' && r.value !== undefined)).toBe(false);
  });
});

describe('a mapping qualified in brackets', () => {
  it('is read without the bracket, and "only the date" writes the day', () => {
    const planned = plan(
      'Copy every Notion page of database 0a1b2c3d4e5f60718293a4b5c6d7e8f9 into the Airtable table "Deals" of base appQ1w2E3r4T5y6U7. Mapping: Client -> Customer, Close date -> Closed On (only the date, please), Owner -> Rep.',
      'notion',
      'airtable',
    );
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'Closed On', from: 'properties.Close date', format: 'date' }),
    );
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'Rep', from: 'properties.Owner' }),
    );
  });
});

describe('what a reviewer found misread', () => {
  it('reads "set Name to the deal name" as no value, and a placeholder as a property', () => {
    const set = plan(
      'Copy new HubSpot deals into Notion database 1a2b3c4d5e6f, set Title to the deal name and set Stage to New.',
      'hubspot',
      'notion',
    );
    const rules = set.destination?.rules ?? [];
    expect(rules.some((r) => r.value === 'the')).toBe(false);
    expect(rules).toContainEqual(expect.objectContaining({ to: 'Stage', value: 'New' }));
    const posted = plan(
      'For each Notion page of database 0a1b2c3d4e5f60718293a4b5c6d7e8f9, post "{Title} is now {Phase}" to Slack #launches.',
      'notion',
      'slack',
    );
    expect(posted.destination?.message?.template).toBe(
      '{properties.Title} is now {properties.Phase}',
    );
  });

  it('keeps cents the prompt says to keep', () => {
    const kept = plan(
      'Each succeeded Stripe charge goes into the Airtable table "Payments" of base appQ1w2E3r4T5y6U7. amount -> Total (keep it in cents, please).',
      'stripe',
      'airtable',
    );
    const total = kept.destination?.rules.find((r) => r.to === 'Total');
    expect(total?.from).toBe('amount');
    expect(total?.units).toBeUndefined();
  });
});

describe('a table’s own columns written into a list’s members', () => {
  it('maps a column to a merge tag, and leaves the member’s fixed-choice status to its choices', () => {
    const planned = plan(
      'Subscribers come from the Airtable base appQ1w2E3r4T5y6U7, table Signups; add them to Mailchimp list 5a6b7c8d9e. map Mail to email_address and Given to FNAME. Only where Status is Confirmed.',
      'airtable',
      'mailchimp',
    );
    const rules = planned.destination?.rules ?? [];
    expect(rules.find((r) => r.to === 'merge_fields.FNAME')?.from).toBe('fields.Given');
    expect(rules.find((r) => r.to === 'status')).toMatchObject({ value: 'subscribed' });
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'fields.Status', op: 'eq', value: 'Confirmed' }),
    );
  });
});
