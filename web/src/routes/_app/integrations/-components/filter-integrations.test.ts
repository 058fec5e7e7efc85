import { describe, expect, it } from 'vitest';
import { filterIntegrations } from './filter-integrations.ts';

const items = [
  {
    name: 'Stripe to HubSpot',
    sourceApiName: 'Stripe',
    destApiName: 'HubSpot',
    userPrompt: 'Sync customers',
    status: 'active' as const,
  },
  {
    name: 'Tickets',
    sourceApiName: 'Zendesk',
    destApiName: 'Linear',
    userPrompt: 'Copy billing tickets',
    status: 'paused' as const,
  },
  {
    name: 'Orders',
    sourceApiName: 'Shopify',
    destApiName: 'Sheets',
    userPrompt: 'Append orders',
    status: 'draft' as const,
  },
];

const names = (
  search: string,
  status: Parameters<typeof filterIntegrations>[1]['status'] = 'all',
) => filterIntegrations(items, { search, status }).map((item) => item.name);

describe('filterIntegrations', () => {
  it('keeps everything with no search and All', () => {
    expect(names('')).toEqual(['Stripe to HubSpot', 'Tickets', 'Orders']);
  });

  it('searches names, API names and prompts, ignoring case and spaces', () => {
    expect(names('  ZENDESK ')).toEqual(['Tickets']);
    expect(names('hubspot')).toEqual(['Stripe to HubSpot']);
    expect(names('billing')).toEqual(['Tickets']);
  });

  it('filters by status and combines with the search', () => {
    expect(names('', 'draft')).toEqual(['Orders']);
    expect(names('tickets', 'active')).toEqual([]);
    expect(names('', 'failed')).toEqual([]);
  });
});
