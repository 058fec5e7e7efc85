import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../import-openapi.ts';
import { doc, getReturning, record } from '../import-openapi.test-support.ts';

// The import's servers and auth: base URLs and hosts from the servers a document lists, and
// security schemes turned into ours.

describe('importOpenApi: auth and servers', () => {
  it('leaves out schemes we cannot use, with a warning naming each', async () => {
    const { description, warnings } = await importOpenApi(
      doc(
        { '/items': getReturning({ type: 'array', items: record }) },
        {
          components: {
            securitySchemes: {
              digest: { type: 'http', scheme: 'digest' },
              oidc: {
                type: 'openIdConnect',
                openIdConnectUrl: 'https://id.tiny.test/.well-known/openid-configuration',
              },
              cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
            },
          },
        },
      ),
    );
    expect(description.auth.schemes).toEqual([{ type: 'none' }]);
    expect(warnings).toEqual([
      '/components/securitySchemes/digest: http digest auth is not supported; left out',
      '/components/securitySchemes/oidc: openidconnect auth is not supported; left out',
      '/components/securitySchemes/cookie: apikey in cookie auth is not supported; left out',
    ]);
  });

  it('resolves a relative server against the document URL, and keeps a host variable for the user', async () => {
    const relative = await importOpenApi(
      doc(
        { '/items': getReturning({ type: 'array', items: record }) },
        { servers: [{ url: '/api/v2' }] },
      ),
      {
        sourceUrl: 'https://docs.tiny.test/openapi.json',
      },
    );
    expect(relative.description).toMatchObject({
      baseUrl: 'https://docs.tiny.test/api/v2',
      hosts: ['docs.tiny.test'],
    });

    const templated = await importOpenApi(
      doc(
        { '/items': getReturning({ type: 'array', items: record }) },
        {
          servers: [
            {
              url: 'https://{subdomain}.tiny.test/{version}',
              variables: { subdomain: { default: 'acme' }, version: { default: 'v3' } },
            },
          ],
        },
      ),
    );
    expect(templated.description).toMatchObject({
      baseUrl: 'https://{subdomain}.tiny.test/v3',
      hosts: ['{subdomain}.tiny.test'],
      docsUrl: 'https://acme.tiny.test/v3',
    });
  });

  it('uses the given base URL when the document names no server', async () => {
    const { description } = await importOpenApi(
      doc({ '/items': getReturning({ type: 'array', items: record }) }, { servers: undefined }),
      {
        baseUrl: 'https://internal.tiny.test/api',
      },
    );
    expect(description).toMatchObject({
      baseUrl: 'https://internal.tiny.test/api',
      hosts: ['internal.tiny.test'],
    });
  });

  it('imports a document with schema slips, naming each as a warning', async () => {
    const { description, warnings } = await importOpenApi(
      doc({
        '/items': getReturning({ type: 'array', items: record }),
        '/other': { get: { responses: 5 } },
      }),
    );
    expect(description.resources.flatMap((r) => r.operations.map((o) => o.path))).toContain(
      '/items',
    );
    expect(warnings).toContain('/paths/~1other/get/responses: type must be object');
  });
});
