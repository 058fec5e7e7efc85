import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';
import { itemsPerRun } from './plan-types.ts';

// A field of another record the records read name by id ("the customer's email" on a charge).

describe('a related record the prompt reads a field of', () => {
  it('is fetched by its id when the plan uses one of its fields', () => {
    const planned = plan(
      'For every refunded Stripe charge add a HubSpot contact, with the customer email as email.',
      'stripe',
      'hubspot',
    );
    expect(planned.source?.related?.map((r) => [r.field, r.operation.id])).toEqual([
      ['customer', 'getCustomer'],
    ]);
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'email', from: 'customer.email' }),
    );
    expect(planned.calls.map((c) => c.operationId)).toContain('getCustomer');
    // A request per record for the customer: half as many records a run.
    expect(itemsPerRun(planned.destination, planned.source)).toBe(25);
  });

  it('is not fetched when the prompt names no such record, or only a field named after it', () => {
    for (const prompt of [
      'For every refunded Stripe charge add a HubSpot contact with receipt_email as email.',
      'Each Stripe invoice becomes a HubSpot contact, customer_email to email.',
    ]) {
      const planned = plan(prompt, 'stripe', 'hubspot');
      expect(planned.source?.related, prompt).toBeUndefined();
      expect(
        planned.calls.map((c) => c.operationId),
        prompt,
      ).not.toContain('getCustomer');
    }
  });

  it('fills only the fields the prompt reads from it', () => {
    const planned = plan(
      'For each failed Stripe charge, open a Zendesk ticket with the failure message as the subject and the customer email as the requester email.',
      'stripe',
      'zendesk',
    );
    const rules = planned.destination?.rules.map((r) => `${r.to} ← ${r.from}`);
    expect(rules).toContain('requester.email ← customer.email');
    expect(rules).toContain('subject ← failure_message');
    expect(rules?.filter((r) => r.includes('customer.'))).toEqual([
      'requester.email ← customer.email',
    ]);
    expect(planned.understood.join(' ')).not.toContain('customer.name');
  });
});

// A record that names another by a small object holding its id (Xero's `Contact: {ContactID,
// Name}`): the object is filled in from the other record's own get.
describe('a reference object the prompt reads past', () => {
  const chaser =
    'Once a day, for Xero tenant 0b7c2f44-1111-4a2b-9c3d-5e6f7a8b9c0d, mail a payment nudge to the contact’s email address for each AUTHORISED invoice, from ar@ledgerly.example, subject "Friendly reminder".';

  it('is filled from the other record’s get when a field it lacks is used', () => {
    const planned = plan(chaser, 'xero', 'postmark');
    expect(
      planned.source?.related?.map((r) => [r.field, r.idKey, r.operation.id, r.param]),
    ).toEqual([['Contact', 'ContactID', 'getContact', 'ContactID']]);
    expect(planned.destination?.message?.channel).toBe('{Contact.EmailAddress}');
    expect(planned.blocking).toEqual([]);
  });

  it('needs no get when the fields used are the ones it carries', () => {
    const planned = plan(
      'For Xero tenant 0b7c2f44-1111-4a2b-9c3d-5e6f7a8b9c0d, list each AUTHORISED invoice’s number and contact name in one Postmark email to books@ledgerly.example from ar@ledgerly.example.',
      'xero',
      'postmark',
    );
    expect(planned.source?.related).toBeUndefined();
    expect(planned.calls.map((c) => c.operationId)).not.toContain('getContact');
  });

  it('takes a condition on the other record’s field, checked after the record’s own', () => {
    const planned = plan(
      `${chaser} Invoices whose contact has no email address are left alone.`,
      'xero',
      'postmark',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'Contact.EmailAddress', op: 'truthy' }),
    );
    expect(planned.source?.related?.map((r) => r.field)).toEqual(['Contact']);
    expect(planned.blocking).toEqual([]);
  });
});
