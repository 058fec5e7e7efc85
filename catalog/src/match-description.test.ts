import { describe, expect, it } from 'vitest';
import { matchDescription, searchCatalog } from './match-description.ts';

describe('matching a connection to its catalog entry', () => {
  it.each([
    ['Stripe', 'https://api.stripe.com', 'stripe'],
    ['stripe payments', '', 'stripe'],
    ['Our billing', 'https://api.stripe.com/v1', 'stripe'],
    ['Google Drive', 'https://www.googleapis.com/drive/v3', 'google-drive'],
    ['Calendar', 'https://www.googleapis.com/calendar/v3', 'google-calendar'],
    ['Google Drive', 'https://www.googleapis.com', 'google-drive'],
    ['Zendesk', 'https://acme.zendesk.com/api/v2', 'zendesk'],
    ['HubSpot CRM', 'https://example.invalid', 'hubspot'],
  ])('%s at %s is %s', (name, url, id) => {
    expect(matchDescription(name, url)?.id).toBe(id);
  });

  it('matches nothing for an unknown API', () => {
    expect(matchDescription('Our warehouse API', 'https://wms.internal.example.com')).toBe(
      undefined,
    );
  });

  it('searches by name prefix, alias and host', () => {
    expect(searchCatalog('stri')[0]?.id).toBe('stripe');
    expect(searchCatalog('api.stripe.com')[0]?.id).toBe('stripe');
    expect(searchCatalog('zzzz')).toEqual([]);
  });
});
