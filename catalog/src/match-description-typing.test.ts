import { describe, expect, it } from 'vitest';
import { matchDescription, searchCatalog } from './match-description.ts';

// Names and URLs as people type them in the Create form: spaces, plurals, a host
// without its scheme.

describe('matching what people type', () => {
  it.each([
    ['Sales force', '', 'salesforce'],
    ['Google Sheet', '', 'google-sheets'],
    ['google sheets', '', 'google-sheets'],
    ['Click up', '', 'clickup'],
    ['', 'api.github.com', 'github'],
    ['', 'api.stripe.com/v1', 'stripe'],
  ])('%s at %s is %s', (name, url, id) => {
    expect(matchDescription(name, url)?.id).toBe(id);
  });

  it('does not turn an unknown name or a bare word into a match', () => {
    expect(matchDescription('Our warehouse', 'warehouse')).toBeUndefined();
  });

  it('finds an API with a per-customer subdomain by its parent domain', () => {
    expect(searchCatalog('zendesk.com').map((e) => e.id)).toContain('zendesk');
  });
});
