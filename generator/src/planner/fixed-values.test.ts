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

  it('leaves a field the records have to the conditions', () => {
    const planned = plan(
      'Copy Zendesk tickets with priority Urgent into Linear issues for team 7c1e.',
      'zendesk',
      'linear',
    );
    expect(planned.destination?.rules.some((rule) => rule.value === 'Urgent')).toBe(false);
  });
});
