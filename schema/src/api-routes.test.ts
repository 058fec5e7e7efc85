import { describe, expect, it } from 'vitest';
import { apiPath } from './api-routes.ts';

describe('apiPath', () => {
  it('fills in the parameters, each URL-encoded', () => {
    expect(apiPath('run', { id: 'a b', runId: '7' })).toBe('/api/integrations/a%20b/runs/7');
    expect(apiPath('oauthConnect', { id: 'i1', side: 'source' })).toBe(
      '/api/integrations/i1/oauth/source/connect',
    );
    expect(apiPath('catalogEntry', { id: 'stripe/v1' })).toBe('/api/catalog/stripe%2Fv1');
    expect(apiPath('usage')).toBe('/api/usage');
  });

  it('takes only the names in the table, with every parameter', () => {
    // @ts-expect-error a route the table does not name
    expect(() => apiPath('integrationRunz', { id: 'i1' })).toThrow();
    // @ts-expect-error the run's id is missing
    expect(() => apiPath('run', { id: 'i1' })).toThrow(/no value for :runId/);
  });
});
