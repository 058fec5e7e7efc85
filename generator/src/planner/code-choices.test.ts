import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// A field's documented choice written as the API's own code, without the field's name: Xero's
// invoice `Type` is ACCREC (sales) or ACCPAY (bills).

const tenant = 'For Xero tenant 0b7c2f44-1111-4a2b-9c3d-5e6f7a8b9c0d,';

describe('a choice written as its code', () => {
  it('keeps the records with that code', () => {
    const planned = plan(
      `${tenant} post every bill (ACCPAY) to #payables in Slack.`,
      'xero',
      'slack',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'Type', op: 'eq', value: 'ACCPAY' }),
    );
  });

  it('leaves out the records whose code the sentence rules out, before or after it', () => {
    for (const prompt of [
      `${tenant} post invoices to #ar in Slack. ACCPAY documents are out of scope.`,
      `${tenant} post invoices to #ar in Slack, but skip any ACCPAY ones.`,
    ]) {
      const planned = plan(prompt, 'xero', 'slack');
      expect(planned.filters, prompt).toContainEqual(
        expect.objectContaining({ field: 'Type', op: 'ne', value: 'ACCPAY' }),
      );
    }
  });

  it('is no condition inside a value table or a template', () => {
    for (const prompt of [
      `${tenant} post invoices to #ar in Slack as "<InvoiceNumber> (<Type>)". Kinds:\n  ACCREC → sale\n  ACCPAY → bill`,
      `${tenant} post invoices to #ar in Slack as "{InvoiceNumber}: {Type}".`,
    ]) {
      const planned = plan(prompt, 'xero', 'slack');
      expect(
        planned.filters.filter((f) => f.field === 'Type'),
        prompt,
      ).toEqual([]);
    }
  });
});

describe('a comparison with a number written as a word', () => {
  it('reads "above zero" as 0', () => {
    const owing = plan(
      `${tenant} post every invoice that has an amount due above zero to #ar in Slack.`,
      'xero',
      'slack',
    );
    expect(owing.filters).toContainEqual(
      expect.objectContaining({ field: 'AmountDue', op: 'gt', value: 0 }),
    );
  });
});

describe('a sentence that rules records out after naming them', () => {
  it('leaves out those it describes, whatever the closing words', () => {
    for (const ending of ['are ignored', 'stay out', 'are left alone', 'do not count']) {
      const prompt = `Text each Stripe customer from +15550001111. Customers without a phone number ${ending}.`;
      const planned = plan(prompt, 'stripe', 'twilio');
      expect(planned.filters, prompt).toContainEqual(
        expect.objectContaining({ field: 'phone', op: 'truthy' }),
      );
    }
  });
});

describe('sentences that widen or narrow by a value named before the noun', () => {
  it('"… too" adds records: no condition', () => {
    for (const prompt of [
      `${tenant} post invoices to #ar in Slack. Include VOIDED invoices too.`,
      `${tenant} post invoices to #ar in Slack, voided ones included as well.`,
    ]) {
      const planned = plan(prompt, 'xero', 'slack');
      expect(
        planned.filters.filter((f) => f.field === 'Status'),
        prompt,
      ).toEqual([]);
    }
  });

  it('"<value> <field> <records> are ignored" leaves that value out', () => {
    const planned = plan(
      'Each hour, raise a Jira issue in project OPS for every new Zendesk ticket. Urgent priority tickets are ignored, we phone those.',
      'zendesk',
      'jira',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'priority', op: 'ne', value: 'urgent' }),
    );
  });

  it('a label or a state the sentence ends by leaving out ("… please ignore them") is left out', () => {
    const labelled = plan(
      'Copy every GitHub issue of octo/site to Linear team WEB. Issues carrying the "duplicate" label, please ignore those.',
      'github',
      'linear',
    );
    expect(labelled.filters).toContainEqual(
      expect.objectContaining({ op: 'lacks', value: 'duplicate' }),
    );
    const solved = plan(
      'Each morning, list the Zendesk tickets in #helpdesk. Solved tickets we do not need.',
      'zendesk',
      'slack',
    );
    expect(solved.filters).toContainEqual(
      expect.objectContaining({ field: 'status', op: 'ne', value: 'solved' }),
    );
  });

  it('"<records>: skip" after a colon leaves the records named before it out', () => {
    const planned = plan(
      'Send a Slack message to #billing for every Xero invoice. Voided and deleted invoices: skip.',
      'xero',
      'slack',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ op: 'not-in', value: ['VOIDED', 'DELETED'] }),
    );
  });

  it('closing words about something else later in the sentence leave the records alone', () => {
    const paid = plan(
      "Add paid Stripe invoices to spreadsheet 1AbCdEfGh, we don't need the line items.",
      'stripe',
      'google-sheets',
    );
    expect(paid.filters).toContainEqual(
      expect.objectContaining({ field: 'status', op: 'eq', value: 'paid' }),
    );
    const bugs = plan(
      'Post open GitHub issues of acme/web labeled bug to #bugs, if the body is empty please ignore it.',
      'github',
      'slack',
    );
    expect(bugs.filters).toContainEqual(expect.objectContaining({ op: 'contains', value: 'bug' }));
  });
});
