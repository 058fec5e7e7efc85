import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';
import { respectivePairs } from './respective-pairs.ts';

// Two lists joined by one operator pair up in order, and a name the write's schema does not
// list goes inside its custom-fields object.

describe('fields paired in order across two lists', () => {
  it('maps each field of the left list to the one in the same place on the right', () => {
    const planned = plan(
      'Add each Stripe customer to Mailchimp audience 9f8e7d6c5b as subscribed; their name, phone and email should go to FULLNAME, MOBILE and EMAIL respectively.',
      'stripe',
      'mailchimp',
    );
    const rules = planned.destination?.rules ?? [];
    const pairs = rules.filter((r) => r.to.startsWith('merge_fields.')).map((r) => [r.to, r.from]);
    expect(pairs).toEqual([
      ['merge_fields.FULLNAME', 'name'],
      ['merge_fields.MOBILE', 'phone'],
      ['merge_fields.EMAIL', 'email'],
    ]);
  });

  it('keeps only the end of a left list that starts with the sentence’s own words', () => {
    const found = respectivePairs(
      'Create the task, with due date and owner as Deadline and Assignee respectively.',
      () => true,
    );
    expect(found.map((p) => [p.fromWords, p.to])).toEqual([
      ['due date', 'Deadline'],
      ['owner', 'Assignee'],
    ]);
  });

  it('pairs nothing when the left side is not fields of the records', () => {
    const isField = (words: string) => ['title', 'number'].includes(words);
    expect(
      respectivePairs('Copy issues and pull requests into Notion and Slack.', isField),
    ).toEqual([]);
    expect(respectivePairs('number and title → Key and Summary', isField)).toHaveLength(2);
  });

  it('pairs nothing when the two lists differ in length', () => {
    expect(respectivePairs('put a and b into X, Y and Z', () => true)).toEqual([]);
  });
});
