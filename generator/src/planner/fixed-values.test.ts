import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// A value the prompt fixes for a destination field, for every record.

describe('fixed values for the destination', () => {
  const fixed = (prompt: string, source: string, destination: string) =>
    plan(prompt, source, destination)
      .destination?.rules.filter((rule) => rule.value !== undefined && rule.reason === 'the prompt')
      .map((rule) => [rule.to, rule.value]);

  it('reads a name of several words, "=" and ":", quoted or not', () => {
    expect(
      fixed(
        'Make a Salesforce lead of every new Stripe customer, lead source Trade Show.',
        'stripe',
        'salesforce',
      ),
    ).toContainEqual(['LeadSource', 'Trade Show']);
    expect(
      fixed(
        'New Stripe customers become Zoho CRM leads with Lead_Source = Partner.',
        'stripe',
        'zoho-crm',
      ),
    ).toContainEqual(['Lead_Source', 'Partner']);
    expect(
      fixed(
        'New Stripe customers become Zoho CRM leads; Lead Source: "Paid ads".',
        'stripe',
        'zoho-crm',
      ),
    ).toContainEqual(['Lead_Source', 'Paid ads']);
  });

  it('reads a lower-case member of the field’s choices right after its name', () => {
    expect(
      fixed(
        'Each Stripe charge that failed becomes a Zendesk ticket: type problem, priority urgent.',
        'stripe',
        'zendesk',
      ),
    ).toEqual(
      expect.arrayContaining([
        ['type', 'problem'],
        ['priority', 'urgent'],
      ]),
    );
    // Not a choice of the field, or a condition: no value.
    expect(
      fixed(
        'Each failed Stripe charge becomes a Zendesk ticket of type refund.',
        'stripe',
        'zendesk',
      ),
    ).not.toContainEqual(['type', 'refund']);
    expect(
      fixed(
        'Each Stripe charge becomes a Zendesk ticket, unless its priority is low.',
        'stripe',
        'zendesk',
      ),
    ).not.toContainEqual(['priority', 'low']);
  });

  it('leaves a field the records have to the conditions', () => {
    const planned = plan(
      'Copy Zendesk tickets with priority Urgent into Linear issues for team 7c1e.',
      'zendesk',
      'linear',
    );
    expect(planned.destination?.rules.some((rule) => rule.value === 'Urgent')).toBe(false);
  });
});
