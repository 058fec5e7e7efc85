import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Reading what the destination holds, from a list that returns only the fields asked for.

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
