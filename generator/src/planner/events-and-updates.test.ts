import { describe, expect, it } from 'vitest';
import { generateTemplateCode } from '../template-generator.ts';
import { entry, plan } from './catalog-plan.test-support.ts';

// What a record went through ("paid", "completed") picks its state filter and the time field
// of that event; "update it if it exists" updates a match in place instead of skipping it.
// Worded unlike any benchmark task.

describe('events a prompt names after the noun', () => {
  it('reads a state after the noun as a filter', () => {
    const read = plan('Mirror Asana tasks that have been completed to Todoist', 'asana', 'todoist');
    expect(read.filters).toContainEqual(
      expect.objectContaining({ field: 'completed', op: 'truthy' }),
    );
  });

  it("uses the event's own time for the cursor and for a window", () => {
    const cursor = plan(
      'Each evening, log Asana tasks finished since the previous run into Todoist',
      'asana',
      'todoist',
    );
    expect(cursor.cursor?.field).toBe('created_at');
    const completed = plan(
      'Each evening, log Asana tasks completed since the previous run into Todoist',
      'asana',
      'todoist',
    );
    expect(completed.cursor?.field).toBe('completed_at');
    const window = plan(
      'Tell #money about Stripe invoices paid in the past 3 days',
      'stripe',
      'slack',
    );
    expect(window.filters).toContainEqual(
      expect.objectContaining({ field: 'status_transitions.paid_at', op: 'within' }),
    );
    expect(window.filters).toContainEqual(
      expect.objectContaining({ field: 'status', op: 'eq', value: 'paid' }),
    );
  });
});

describe('updating a record the destination has already', () => {
  it('updates a match through the update operation, by the field the prompt compares', () => {
    const upsert = plan(
      'Push Stripe customers into Pipedrive as persons; create or update, matching on email.',
      'stripe',
      'pipedrive',
    );
    expect(upsert.unresolved).toEqual([]);
    expect(upsert.dedupe).toMatchObject({
      sourceField: 'email',
      update: { idParam: 'id', idField: 'id', operation: { method: 'PATCH' } },
    });
  });

  it('updates only the ones there when the prompt says nothing about creating', () => {
    const only = plan(
      'Refresh the existing Pipedrive persons from Stripe customers, matched on email',
      'stripe',
      'pipedrive',
    );
    expect(only.dedupe?.update?.onlyExisting).toBe(true);
    const both = plan(
      'Refresh the existing Pipedrive persons from Stripe customers and add the new ones',
      'stripe',
      'pipedrive',
    );
    expect(both.dedupe?.update?.onlyExisting).toBeUndefined();
  });

  it('skips a match, and says so, when the destination cannot update one record', () => {
    const rows = plan(
      'Append Stripe customers to spreadsheet 1AbCdEfGh in batches; update the row if it already exists',
      'stripe',
      'google-sheets',
    );
    expect(rows.dedupe?.update).toBeUndefined();
    expect(rows.dedupe?.sourceField).toBeDefined();
    expect(rows.unresolved.join(' ')).toMatch(/no update operation.*skipped/);
  });

  it('uses a batch upsert whose body says what to match on, and tells it the key', () => {
    const rows = plan(
      "Append Stripe customers to the Airtable base 'CRM', table 'People' in batches; update the row if it already exists",
      'stripe',
      'airtable',
    );
    expect(rows.destination?.operation.kind).toBe('batch-upsert');
    expect(rows.dedupe).toBeUndefined();
    expect(rows.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'performUpsert.fieldsToMergeOn', value: 'Email', top: true }),
    );
  });

  it('says so when the destination has no update operation, and writes nothing', () => {
    const none = plan(
      'Send GitHub issues in octo/app to Discord webhook channel; if it already exists, overwrite it',
      'github',
      'discord',
    );
    expect(none.dedupe).toBeUndefined();
  });

  it('compares orders by their own number, not the customer email many orders share', () => {
    const rows = plan(
      "Copy Shopify orders to the Airtable base 'Ops', table 'Orders', columns order number, email and total; leave out ones already there",
      'shopify',
      'airtable',
    );
    expect(rows.dedupe?.sourceField).toBe('order_number');
    const people = plan(
      'Sync Stripe customers to Intercom contacts and skip any that already exist',
      'stripe',
      'intercom',
    );
    expect(people.dedupe?.sourceField).toBe('email');
  });
});

describe('whether a field has a value at all', () => {
  // GitHub's issue list leaves its pull requests out by default (plan-mixed.test.ts).
  const filterOf = (prompt: string) =>
    plan(prompt, 'github', 'slack')
      .filters.filter((f) => f.field !== 'pull_request')
      .map((f) => [f.field, f.op]);

  it('keeps the records that have it when the prompt leaves the others out', () => {
    expect(
      filterOf(
        'Post GitHub issues in octo/app to #dev. Issues with no body are noise to us, drop them.',
      ),
    ).toEqual([['body', 'truthy']]);
    expect(
      filterOf('Post GitHub issues in octo/app to #dev; never post ones lacking a milestone'),
    ).toEqual([['milestone', 'truthy']]);
  });

  it('keeps the records without it when that is what the prompt asks for', () => {
    expect(filterOf('Post GitHub issues in octo/app without an assignee to #dev')).toEqual([
      ['assignees', 'falsy'],
    ]);
    expect(filterOf('Post GitHub issues in octo/app which have a milestone to #dev')).toEqual([
      ['milestone', 'truthy'],
    ]);
  });

  it('does not read the records’ own noun as a state to leave out', () => {
    const read = plan(
      'Copy Stripe customers to HubSpot contacts, skipping customers without a phone',
      'stripe',
      'hubspot',
    );
    expect(read.filters.map((f) => [f.field, f.op])).toEqual([['phone', 'truthy']]);
  });
});

describe('which resource a prompt is about', () => {
  it('is the one it names first, not the first the description lists', () => {
    const read = plan(
      'Weekly, text me the Shopify products with no stock left, sorted in the order the catalogue uses, on Slack #buying',
      'shopify',
      'slack',
    );
    expect(read.source?.resource.name).toBe('product');
    const hires = plan(
      'Greenhouse ⇒ BambooHR. Applications with status = hired become employees (first name and last name from the candidate).',
      'greenhouse',
      'bamboohr',
    );
    expect(hires.source?.resource.name).toBe('application');
  });
});

describe('a tag that leaves records out', () => {
  it('keeps the records without it', () => {
    const read = plan(
      'Post GitHub issues in octo/app to #dev, but ignore anything labelled wontfix or duplicate',
      'github',
      'slack',
    );
    expect(read.filters).toContainEqual(
      expect.objectContaining({ field: 'labels', op: 'lacks', value: ['wontfix', 'duplicate'] }),
    );
  });
});

describe('what does not ask for an update', () => {
  it('reads "do not overwrite existing ones" as a skip', () => {
    const read = plan(
      'Every hour, add new Stripe customers to Intercom as contacts. Do not overwrite existing contacts.',
      'stripe',
      'intercom',
    );
    expect(read.dedupe?.update).toBeUndefined();
    expect(read.dedupe?.sourceField).toBe('email');
  });

  it('keeps "update only" when the prompt mentions an address', () => {
    const read = plan(
      'Each night, update the existing Intercom contacts with the phone and address of each Stripe customer',
      'stripe',
      'intercom',
    );
    expect(read.dedupe?.update?.onlyExisting).toBe(true);
  });

  it('never takes what an update changes as the key, nor a phone number as an order key', () => {
    const read = plan(
      'Copy Stripe customers to Pipedrive persons; update the phone if the person already exists',
      'stripe',
      'pipedrive',
    );
    expect(read.dedupe?.sourceField).toBe('email');
  });
});

describe('what is not a filter on the records', () => {
  it('leaves "without the body" after the destination to the message', () => {
    expect(
      plan(
        'Post each GitHub issue in octo/app to Slack #dev without the body',
        'github',
        'slack',
      ).filters.filter((f) => f.field !== 'pull_request'),
    ).toEqual([]);
  });

  it('does not turn a presence filter round for a skip aimed at something else', () => {
    const read = plan(
      'Add new Stripe customers with an email to Intercom contacts, skipping duplicates',
      'stripe',
      'intercom',
    );
    expect(read.filters.map((f) => [f.field, f.op])).toEqual([['email', 'truthy']]);
  });

  it('reads a tag as wanted unless the verb right before it leaves it out', () => {
    const keep = plan(
      'Skip duplicates and post every GitHub issue in octo/app labelled bug to Slack #dev',
      'github',
      'slack',
    );
    expect(keep.filters).toContainEqual(expect.objectContaining({ op: 'contains', value: 'bug' }));
  });
});

describe('the compiled update', () => {
  it('sends the update the way it sends the create (Stripe takes forms)', () => {
    const result = generateTemplateCode(
      {
        sourceApiName: 'HubSpot',
        sourceApiUrl: entry('hubspot').baseUrl,
        sourceAuthType: 'bearer',
        destApiName: 'Stripe',
        destApiUrl: entry('stripe').baseUrl,
        destAuthType: 'bearer',
        userPrompt:
          'Copy HubSpot contacts to Stripe customers; create or update the customer with the same email',
      },
      { source: entry('hubspot'), destination: entry('stripe') },
    );
    const update = result.code.slice(result.code.indexOf('async function updateBody'));
    expect(update).toContain('formEncode(payload)');
    // A second source record with the key of one already updated is skipped, not written twice.
    expect(result.code).toContain('existing.set(key, null);');
  });
});
