import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// How the rest of a sentence changes a filter: a day that bounds another comparison, a sentence
// that ends by leaving its subject out, and words that narrow a state to other records.

describe('a day used as a bound', () => {
  it('is not a window on when the records were made', () => {
    const planned = plan(
      'Send GitHub issues to Slack #triage if their milestone is due by today.',
      'github',
      'slack',
    );
    expect(planned.filters.some((f) => f.op === 'within')).toBe(false);
  });

  it('still reads "today" on its own as the day the records were made', () => {
    const planned = plan('Send today’s GitHub issues to Slack #triage.', 'github', 'slack');
    expect(planned.filters).toContainEqual(expect.objectContaining({ op: 'within' }));
  });
});

describe('a sentence that leaves its subject out at the end', () => {
  it('negates the state it names', () => {
    const planned = plan(
      'Send GitHub issues to Slack #triage. Issues that were closed must not go in.',
      'github',
      'slack',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'state', op: 'ne', value: 'closed' }),
    );
  });

  it('reads no state when the words narrow it to some records in it', () => {
    const planned = plan(
      'Send GitHub issues to Slack #triage. Issues that were closed without a fix, or reopened twice, should not be posted.',
      'github',
      'slack',
    );
    expect(planned.filters.some((f) => f.field === 'state')).toBe(false);
  });
});

describe('a negated state followed by other records', () => {
  it('is not a filter on the state', () => {
    const planned = plan(
      'Send open GitHub issues to Slack #triage, not closed from earlier sprints.',
      'github',
      'slack',
    );
    expect(planned.filters.some((f) => f.field === 'state' && f.op === 'ne')).toBe(false);
  });
});

describe('a span said twice', () => {
  it('is one period, on the field the words name', () => {
    const planned = plan(
      'For our review of March 2025, post Stripe invoices with a due date between 1 March and 31 March 2025 to Slack #finance.',
      'stripe',
      'slack',
    );
    const periods = planned.filters.filter((f) => f.op === 'gte' || f.op === 'lt');
    expect(periods.map((f) => f.field)).toEqual(['due_date', 'due_date']);
  });
});

describe('a condition that says what to write', () => {
  it('is no filter, while one that drops the records still is', () => {
    const planned = plan(
      'Post new HubSpot contacts to Slack #leads. If a contact has no phone, just write "n/a" there. Contacts with no email are no use, drop them.',
      'hubspot',
      'slack',
    );
    expect(planned.filters.map((f) => [f.field, f.op])).toEqual([['properties.email', 'truthy']]);
  });
});

describe('a value that a list continues', () => {
  it('shows the whole list on the plan, as the code compares it', () => {
    const planned = plan(
      'Open a GitHub issue in octo/tools for each Zendesk ticket whose status is open, pending or hold.',
      'zendesk',
      'github',
    );
    const line = planned.understood.find((l) => l.startsWith('Only tickets where status'));
    expect(line).toContain('is one of ["open","pending","hold"]');
    expect(planned.understood.join('\n')).not.toContain('status is "open"');
  });
});

describe('words that set records apart', () => {
  it.each([
    ['gitlab', 'Post GitLab issues of project 31 to Slack #eng, other than the closed ones.'],
    ['gitlab', 'Post GitLab issues of project 31 to Slack #eng, apart from closed issues.'],
  ])('"%s": %s', (source, prompt) => {
    expect(plan(prompt, source, 'slack').filters).toEqual([
      expect.objectContaining({ field: 'state', op: 'ne', value: 'closed' }),
    ]);
  });

  it('leaves out a label named after "aside from"', () => {
    expect(
      plan(
        'Post GitHub issues of acme/app to Slack #eng, aside from anything labelled wontfix.',
        'github',
        'slack',
      ).filters,
    ).toContainEqual(expect.objectContaining({ field: 'labels', op: 'lacks', value: 'wontfix' }));
  });

  it('reads "either a or b" as either label', () => {
    expect(
      plan(
        'Post GitHub issues of acme/app labelled either bug or urgent to Slack #eng.',
        'github',
        'slack',
      ).filters,
    ).toContainEqual(
      expect.objectContaining({ field: 'labels', op: 'contains', value: ['bug', 'urgent'] }),
    );
  });
});

describe('an amount followed by its bound', () => {
  it.each([
    ['Post Stripe charges of 500 USD or more to Slack #sales.', 'gte', 50000],
    ['Post Stripe charges of $2k+ to Slack #sales.', 'gte', 200000],
    ['Post Stripe charges of €50 or less to Slack #sales.', 'lte', 5000],
    ['Post Stripe charges of $100 and up to Slack #sales.', 'gte', 10000],
  ])('%s', (prompt, op, value) => {
    expect(plan(prompt, 'stripe', 'slack').filters).toEqual([
      expect.objectContaining({ field: 'amount', op, value }),
    ]);
  });

  it('is no filter inside a quoted example', () => {
    expect(
      plan('Post Stripe charges to Slack #sales like "Charge: $120 or more".', 'stripe', 'slack')
        .filters,
    ).toEqual([]);
  });
});

describe('a rolling window counted in words', () => {
  it.each([
    ['Post Stripe charges created in the last two weeks to Slack #sales.', -14 * 86_400_000],
    ['Post Stripe charges made during the past three days to Slack #sales.', -3 * 86_400_000],
    ['Post Stripe charges from the past 24 hours to Slack #sales.', -86_400_000],
    ['Post Stripe charges from the last week to Slack #sales.', -7 * 86_400_000],
  ])('%s', (prompt, from) => {
    expect(plan(prompt, 'stripe', 'slack').filters).toEqual([
      expect.objectContaining({ field: 'created', op: 'within', value: [from, 1] }),
    ]);
  });
});

describe('a bare amount after "worth"', () => {
  it('compares the records’ amount', () => {
    expect(
      plan('Post new Pipedrive deals worth over 5000 to Slack #sales.', 'pipedrive', 'slack')
        .filters,
    ).toContainEqual(expect.objectContaining({ field: 'value', op: 'gt', value: 5000 }));
  });

  it('reads no state from "haven’t been updated in …", which says when', () => {
    const planned = plan(
      'Post Zendesk tickets that haven’t been updated in 3 days to Slack #support.',
      'zendesk',
      'slack',
    );
    expect(planned.filters.some((f) => f.field === 'updated_at' && f.op === 'falsy')).toBe(false);
  });
});

describe('amounts and windows that are not about which records', () => {
  it.each([
    'Post Stripe charges to Slack #billing. Ignore the fee, it is usually $2 or less.',
    'Post every Stripe charge to Slack #billing. Charges of $500 or more should also mention @finance.',
    'Post every Stripe charge to Slack #billing, and a discount of $50 or more goes in bold.',
  ])('%s', (prompt) => {
    expect(plan(prompt, 'stripe', 'slack').filters).toEqual([]);
  });

  it('keeps records set apart by "apart from" when the sentence adds others', () => {
    const planned = plan(
      'Apart from open issues of acme/app, also send the ones closed this week to Slack #eng.',
      'github',
      'slack',
    );
    expect(planned.filters.some((f) => f.field === 'state' && f.op === 'ne')).toBe(false);
  });

  it('reads no exclusion from what is not needed on some records', () => {
    const planned = plan(
      'Post GitLab issues of project 31 to Slack #eng. No need for labels on closed issues.',
      'gitlab',
      'slack',
    );
    expect(planned.filters).not.toContainEqual(
      expect.objectContaining({ field: 'state', op: 'ne', value: 'closed' }),
    );
  });

  it('reads no state from "weren’t paid on time"', () => {
    expect(
      plan(
        'Post Stripe invoices to Slack #billing. Invoices that weren’t paid on time need a :warning:.',
        'stripe',
        'slack',
      ).filters,
    ).toEqual([]);
  });
});
