import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Lists that return only the fields asked for: the destination's, read to find what it holds, and
// the source's, read for what the write uses.

describe('a de-duplication list that needs its fields named', () => {
  it('asks for the compared field and the id', () => {
    const planned = plan(
      'Put new Stripe customers into Zoho CRM as contacts, leaving out anyone whose Email is already there.',
      'stripe',
      'zoho-crm',
    );
    expect(planned.dedupe?.operation.path).toBe('/Contacts');
    expect(planned.dedupe?.query).toEqual({ fields: 'Email,id' });
    // "whose Email is already there" says where the email is, not which one.
    expect(planned.filters.filter((f) => f.field.toLowerCase() === 'email')).toEqual([]);
  });
});

describe('a read that returns only the fields asked for', () => {
  it('asks for the fields a message takes its address and subject from', () => {
    const planned = plan(
      'Email each Zoho CRM contact via Postmark from hi@corp.example, subject "Hello <First Name>", body "Your owner is <Owner name>"',
      'zoho-crm',
      'postmark',
    );
    expect(planned.destination?.message?.channel).toBe('{Email}');
    expect(String(planned.source?.query.fields).split(',').sort()).toEqual([
      'Email',
      'First_Name',
      'Owner.name',
      'id',
    ]);
  });
});
