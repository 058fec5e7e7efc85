import { describe, expect, it } from 'vitest';
import { callPathFor, placeholdersIn, urlPathSegments, versionNoteFor } from './base-path.ts';

const versionedServer = { baseUrl: 'https://api.widgets.test/v3' };
const bareServer = { baseUrl: 'https://api.widgets.test' };

describe('callPathFor: the path a call takes from the base URL the user typed', () => {
  it('adds the description’s server path to a bare origin', () => {
    expect(
      callPathFor('https://api.widgets.test', versionedServer, { path: '/gadgets' }).path,
    ).toBe('/v3/gadgets');
  });

  it('calls the typed URL itself when it already ends with a GraphQL endpoint, or is the call', () => {
    const graphql = { path: '/graphql', graphql: { document: 'mutation { a }' } };
    expect(callPathFor('https://api.widgets.test/graphql', bareServer, graphql).path).toBe('/');
    expect(callPathFor('https://api.widgets.test', bareServer, graphql).path).toBe('/graphql');
    // A REST path the URL ends with is still a path of its own (/v3/v3 is the API's to say).
    expect(
      callPathFor('https://api.widgets.test/gadgets', bareServer, { path: '/gadgets' }).path,
    ).toBe('/gadgets');
    const hook = { baseUrl: 'https://hooks.widgets.test/in/abc' };
    expect(callPathFor('https://hooks.widgets.test/in/abc', hook, { path: '/' }).path).toBe('/');
  });

  it('does not repeat a version the user typed and the server URL holds', () => {
    expect(
      callPathFor('https://api.widgets.test/v3/', versionedServer, { path: '/gadgets' }).path,
    ).toBe('/gadgets');
  });

  it('does not repeat a version the user typed and the operation paths hold', () => {
    const op = { path: '/v3/gadgets/{gadgetId}' };
    expect(callPathFor('https://api.widgets.test/v3', bareServer, op).path).toBe(
      '/gadgets/{gadgetId}',
    );
    expect(callPathFor('https://api.widgets.test', bareServer, op).path).toBe(
      '/v3/gadgets/{gadgetId}',
    );
  });

  it('takes a multi-segment prefix the user typed in part or in full', () => {
    const op = { path: '/rest/api/2/widgets.json' };
    expect(callPathFor('https://acme.widgets.test/rest/api/2', bareServer, op).path).toBe(
      '/widgets.json',
    );
    expect(callPathFor('https://acme.widgets.test/rest', bareServer, op).path).toBe(
      '/api/2/widgets.json',
    );
  });

  it('keeps a gateway prefix in front of the whole API', () => {
    expect(
      callPathFor('https://gw.corp.test/proxy/widgets/v3', versionedServer, { path: '/gadgets' })
        .path,
    ).toBe('/gadgets');
    expect(
      callPathFor('https://gw.corp.test/proxy/widgets', versionedServer, { path: '/gadgets' }).path,
    ).toBe('/v3/gadgets');
  });

  it('uses the typed version over the described one, and says so', () => {
    const result = callPathFor('https://api.widgets.test/v4', versionedServer, {
      path: '/gadgets',
    });
    expect(result.path).toBe('/gadgets');
    expect(result.versionNote).toMatch(/v4 .* v3/);
    const dated = callPathFor(
      'https://shop.widgets.test/admin/api/2025-07',
      { baseUrl: 'https://{store}.widgets.test/admin/api/2024-01' },
      { path: '/parcels.json' },
    );
    expect(dated.path).toBe('/parcels.json');
    expect(dated.versionNote).toMatch(/2025-07.*2024-01/);
  });

  it('takes a typed root that ends in its own version for the described one', () => {
    const result = callPathFor(
      'https://api.widgets.test/rest/v9',
      { baseUrl: 'https://api.widgets.test/api/v1' },
      { path: '/gadgets/{id}' },
    );
    expect(result.path).toBe('/gadgets/{id}');
    expect(result.versionNote).toMatch(/rest\/v9 .*\/api\/v1/);
    // An operation path that holds the root (no server path) is cut the same way.
    expect(
      callPathFor('https://api.widgets.test/rest/v9', bareServer, { path: '/api/v1/gadgets' }).path,
    ).toBe('/gadgets');
    // A typed path that is no versioned root keeps the whole described path behind it.
    expect(
      callPathFor(
        'https://gw.corp.test/team-a',
        { baseUrl: 'https://api.widgets.test/api/v1' },
        {
          path: '/gadgets',
        },
      ).path,
    ).toBe('/api/v1/gadgets');
  });

  it('fills a server path parameter from the typed URL', () => {
    const server = { baseUrl: 'https://books.widgets.test/v3/tenant/{tenantId}' };
    expect(
      callPathFor('https://books.widgets.test/v3/tenant/4471', server, { path: '/ledger' }).path,
    ).toBe('/ledger');
  });

  it('never lets the base URL swallow the whole call', () => {
    expect(
      callPathFor('https://api.widgets.test/gadgets', bareServer, { path: '/gadgets' }).path,
    ).toBe('/gadgets');
  });

  it('does not take an unrelated segment for a prefix', () => {
    expect(
      callPathFor('https://api.widgets.test/team-a', versionedServer, { path: '/gadgets' }).path,
    ).toBe('/v3/gadgets');
  });
});

describe('versionNoteFor and placeholdersIn', () => {
  it('reports the first version mismatch of a description', () => {
    const description = {
      baseUrl: 'https://api.widgets.test/v3',
      resources: [{ operations: [{ path: '/gadgets' }] }],
    } as Parameters<typeof versionNoteFor>[1];
    expect(versionNoteFor('https://api.widgets.test/v2', description)).toMatch(/v2/);
    expect(versionNoteFor('https://api.widgets.test/v3', description)).toBeUndefined();
  });

  it('lists the placeholders a base URL still holds', () => {
    expect(placeholdersIn('https://{store}.widgets.test/{region}/v1')).toEqual(['store', 'region']);
    expect(placeholdersIn('https://acme.widgets.test/v1')).toEqual([]);
  });

  it('reads a path with template parts that URL() would refuse', () => {
    expect(urlPathSegments('https://{sub}.widgets.test/api/v2/?x=1')).toEqual(['api', 'v2']);
  });
});
