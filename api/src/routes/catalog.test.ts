// The catalog and OpenAPI import endpoints through the real app, with a real
// worker on the test Temporal for imports by URL; the documents are served on loopback.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '@patchbay/catalog';
import {
  ZApiDescription,
  ZCatalogListResponse,
  ZCatalogVersionsResponse,
  ZImportResponse,
} from '@patchbay/schema';
import {
  createTestApp,
  createTestUser,
  postJson,
  type TestApp,
  type TestUser,
} from '../../../scripts/test-support/test-app.ts';
import { startTestWorker, type TestWorker } from '../../../scripts/test-support/test-worker.ts';

const fixtures = join(import.meta.dirname, '..', '..', '..', 'catalog', 'src', 'test-fixtures');
const PETSTORE_YAML = readFileSync(join(fixtures, 'petstore-3.0.yaml'), 'utf8');
const SWAGGER_JSON = readFileSync(join(fixtures, 'swagger-2.0.json'), 'utf8');

/** Documents on loopback, by path: [content type, body]. */
async function startDocumentServer(files: Record<string, [string, string | Buffer]>) {
  const server = http.createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let worker: TestWorker;
let user: TestUser;
let docs: Awaited<ReturnType<typeof startDocumentServer>>;

beforeAll(async () => {
  const taskQueue = `test-${randomUUID()}`;
  t = await createTestApp({ taskQueue, workflowWaitMs: 45_000 });
  worker = await startTestWorker({ databaseUrl: t.db.url, vault: t.deps.vault, taskQueue });
  user = await createTestUser(t);
  docs = await startDocumentServer({
    '/petstore.yaml': ['application/yaml', PETSTORE_YAML],
    '/swagger.json': ['application/json', SWAGGER_JSON],
    '/not-openapi.json': ['application/json', '{"name": "my api"}'],
    '/huge.yaml': ['application/yaml', `openapi: 3.0.0\n#${'x'.repeat(6 * 1024 * 1024)}\n`],
  });
});
afterAll(async () => {
  await docs?.close();
  await worker?.stop();
  await t?.close();
});

async function body<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

describe('GET /api/catalog', () => {
  it('lists every entry without signing in', async () => {
    const response = await t.app.request('/api/catalog');
    expect(response.status).toBe(200);
    const { entries } = ZCatalogListResponse.parse(await response.json());
    expect(entries.map((e) => e.id)).toEqual(loadCatalog().map((e) => e.id));
    expect(entries.find((e) => e.id === 'stripe')).toMatchObject({
      name: 'Stripe',
      category: 'payments',
      baseUrl: 'https://api.stripe.com',
      defaultAuthType: 'bearer',
    });
  });

  it('searches by name, host and category', async () => {
    const ids = async (q: string) =>
      ZCatalogListResponse.parse(
        await (await t.app.request(`/api/catalog?q=${encodeURIComponent(q)}`)).json(),
      ).entries.map((e) => e.id);
    expect((await ids('stripe'))[0]).toBe('stripe');
    expect((await ids('api.stripe.com'))[0]).toBe('stripe');
    expect(await ids('payments')).toContain('stripe');
    expect(await ids('no such api at all')).toEqual([]);
  });

  it('searches the directory behind the curated entries, saying which tier each result is from', async () => {
    const search = async (q: string) =>
      ZCatalogListResponse.parse(
        await (await t.app.request(`/api/catalog?q=${encodeURIComponent(q)}`)).json(),
      ).entries;
    const stripe = await search('stripe');
    expect(stripe[0]).toMatchObject({ id: 'stripe', tier: 'curated' });
    expect(stripe.some((e) => e.tier === 'directory')).toBe(true);
    // Curated results come before any directory one.
    const tiers = stripe.map((e) => e.tier);
    expect(tiers.lastIndexOf('curated')).toBeLessThan(tiers.indexOf('directory'));
    expect((await search('orbit'))[0]).toMatchObject({
      id: 'orbit-love',
      tier: 'directory',
      provider: 'orbit.love',
      baseUrl: 'https://app.orbit.love/api/v1',
    });
    expect((await search('https://api.up.com.au/api/v1'))[0]).toMatchObject({ id: 'up-com-au' });
    // Without a query, the curated catalog only.
    expect((await search('')).every((e) => e.tier === 'curated')).toBe(true);
  });

  it('refuses a query that is too long', async () => {
    const response = await t.app.request(`/api/catalog?q=${'a'.repeat(201)}`);
    expect(response.status).toBe(400);
    expect(await body(response)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('GET /api/catalog/:id', () => {
  it('answers the full description', async () => {
    const response = await t.app.request('/api/catalog/stripe');
    expect(response.status).toBe(200);
    const description = ZApiDescription.parse(await response.json());
    expect(description.id).toBe('stripe');
    expect(description.resources.length).toBeGreaterThan(0);
  });

  it('answers 404 with a clear message for an unknown id', async () => {
    const response = await t.app.request('/api/catalog/not-an-api');
    expect(response.status).toBe(404);
    expect(await body(response)).toEqual({
      code: 'NOT_FOUND',
      message: 'No API "not-an-api" in the catalog; GET /api/catalog lists them',
    });
  });
});

describe('GET /api/catalog/:id for a directory API', () => {
  it('answers its distilled description', async () => {
    const response = await t.app.request('/api/catalog/orbit-love');
    expect(response.status).toBe(200);
    const description = ZApiDescription.parse(await response.json());
    expect(description).toMatchObject({ id: 'orbit-love', source: { kind: 'openapi' } });
  });
});

describe('GET /api/catalog/:id/versions', () => {
  it('lists the versions of a directory API, the newest stable first', async () => {
    const response = await t.app.request('/api/catalog/adyen-com-checkoutservice/versions');
    expect(response.status).toBe(200);
    const { versions } = ZCatalogVersionsResponse.parse(await response.json());
    expect(versions).toEqual([
      { id: 'adyen-com-checkoutservice-v71', label: 'v71', default: true },
      { id: 'adyen-com-checkoutservice', label: 'v70', default: false },
    ]);
  });

  it('answers an empty list for an API with one version, and 404 for an unknown id', async () => {
    for (const id of ['stripe', 'orbit-love']) {
      const response = await t.app.request(`/api/catalog/${id}/versions`);
      expect(ZCatalogVersionsResponse.parse(await response.json()).versions).toEqual([]);
    }
    const unknown = await t.app.request('/api/catalog/no-such-api/versions');
    expect(unknown.status).toBe(404);
    expect(await body(unknown)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /api/catalog/match', () => {
  const match = async (query: string) => {
    const response = await t.app.request(`/api/catalog/match?${query}`);
    expect(response.status).toBe(200);
    return (await body<{ entry: { id: string } | null }>(response)).entry;
  };

  it('matches "Stripe", "stripe payments" and https://api.stripe.com to Stripe', async () => {
    expect(await match('name=Stripe')).toMatchObject({ id: 'stripe', name: 'Stripe' });
    expect(await match('name=stripe%20payments')).toMatchObject({ id: 'stripe' });
    expect(await match(`url=${encodeURIComponent('https://api.stripe.com')}`)).toMatchObject({
      id: 'stripe',
    });
    expect(
      await match(`name=My%20billing&url=${encodeURIComponent('https://api.stripe.com/v1')}`),
    ).toMatchObject({ id: 'stripe' });
  });

  it('matches a name or base URL no curated entry knows against the directory', async () => {
    expect(await match('name=Orbit')).toMatchObject({ id: 'orbit-love', tier: 'directory' });
    expect(await match(`url=${encodeURIComponent('https://api.up.com.au/api/v1')}`)).toMatchObject({
      id: 'up-com-au',
      tier: 'directory',
    });
    // A URL decides in the directory: "Orbit" served from loopback is not Orbit's API.
    expect(await match(`name=Orbit&url=${encodeURIComponent('http://127.0.0.1:9999')}`)).toBeNull();
  });

  it('answers null when nothing matches', async () => {
    expect(
      await match('name=Our%20internal%20thing&url=https%3A%2F%2Finternal.example'),
    ).toBeNull();
    expect(await match('')).toBeNull();
  });
});

describe('POST /api/catalog/import', () => {
  it('needs a signed-in user', async () => {
    const response = await postJson(t.app, '/api/catalog/import', { document: SWAGGER_JSON });
    expect(response.status).toBe(401);
  });

  it('imports a document by URL, fetched by the worker from loopback', async () => {
    const url = docs.url('/petstore.yaml');
    const response = await user.request('POST', '/api/catalog/import', { url });
    expect(response.status).toBe(200);
    const { description, warnings } = ZImportResponse.parse(await response.json());
    expect(warnings).toEqual([]);
    expect(description).toMatchObject({
      id: 'petstore-api',
      name: 'Petstore API',
      baseUrl: 'https://api.petstore.test/v1',
      source: { kind: 'imported', url },
    });
    expect(description.resources.map((r) => r.name)).toEqual(['pet', 'owner']);
  });

  it('imports a pasted document, JSON or YAML', async () => {
    const json = await user.request('POST', '/api/catalog/import', { document: SWAGGER_JSON });
    expect(json.status).toBe(200);
    const fromJson = ZImportResponse.parse(await json.json()).description;
    expect(fromJson).toMatchObject({
      id: 'shop-orders',
      source: { kind: 'imported', url: 'pasted' },
    });
    expect(fromJson.auth.schemes[0]).toEqual({ type: 'basic' });

    const yaml = await user.request('POST', '/api/catalog/import', { document: PETSTORE_YAML });
    expect(yaml.status).toBe(200);
    expect(ZImportResponse.parse(await yaml.json()).description.name).toBe('Petstore API');
  });

  it('uses the given base URL for a pasted document without servers', async () => {
    const document = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Internal', version: '1' },
      paths: { '/things': { get: { responses: { '200': { description: 'ok' } } } } },
    });
    const response = await user.request('POST', '/api/catalog/import', {
      document,
      baseUrl: 'https://internal.example.com/api',
    });
    expect(response.status).toBe(200);
    expect(ZImportResponse.parse(await response.json()).description.baseUrl).toBe(
      'https://internal.example.com/api',
    );
  });

  const pasted = async (document: unknown) => {
    const response = await user.request('POST', '/api/catalog/import', { document });
    return {
      status: response.status,
      body: await body<{ code: string; message: string }>(response),
    };
  };

  it('answers 400 for text that is not JSON or YAML, naming the line', async () => {
    expect(await pasted('{\n  "openapi": "3.0.0",\n  "info": }')).toEqual({
      status: 400,
      body: {
        code: 'NOT_JSON_OR_YAML',
        message: "Not valid JSON: Unexpected token '}' (at line 3, column 11)",
      },
    });
    const yaml = await pasted('openapi: 3.0.0\ninfo:\n  title: x\n   bad: [\n');
    expect(yaml.status).toBe(400);
    expect(yaml.body.message).toMatch(/^Not valid YAML: .*\(at line 3, column 10\)$/);
  });

  it('answers 422 for a wrong version, an unresolvable $ref or no operations, saying where', async () => {
    expect(await pasted('swaggerVersion: "1.2"\napis: []\n')).toEqual({
      status: 422,
      body: {
        code: 'UNSUPPORTED_VERSION',
        message:
          'Swagger 1.2 is not supported: convert the document to OpenAPI 3 or Swagger 2.0 (at /swaggerVersion)',
      },
    });
    const ref = await pasted({
      openapi: '3.0.3',
      info: { title: 'x', version: '1' },
      servers: [{ url: 'https://x.example.com' }],
      paths: {
        '/a': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Gone' } } },
              },
            },
          },
        },
      },
    });
    expect(ref).toEqual({
      status: 422,
      body: {
        code: 'UNRESOLVED_REFERENCE',
        message:
          'The $ref "#/components/schemas/Gone" points at nothing in the document (at /paths/~1a/get/responses/200/content/application~1json/schema/$ref)',
      },
    });
    expect(
      await pasted('openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths: {}\n'),
    ).toMatchObject({
      status: 422,
      body: { code: 'NO_OPERATIONS' },
    });
  });

  it('answers 400 when the request gives both or neither of url and document', async () => {
    for (const request of [{}, { url: docs.url('/swagger.json'), document: SWAGGER_JSON }]) {
      const response = await user.request('POST', '/api/catalog/import', request);
      expect(response.status).toBe(400);
      expect(await body(response)).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Give either url or document (one of them)',
      });
    }
    const ftp = await user.request('POST', '/api/catalog/import', { url: 'ftp://example.com/x' });
    expect(ftp.status).toBe(400);
  });

  const byUrl = async (url: string) => {
    const response = await user.request('POST', '/api/catalog/import', { url });
    return {
      status: response.status,
      body: await body<{ code: string; message: string }>(response),
    };
  };

  it('answers 422 for a URL that is not there or not OpenAPI, through the workflow', async () => {
    expect(await byUrl(docs.url('/missing.json'))).toEqual({
      status: 422,
      body: {
        code: 'FETCH_FAILED',
        message: `Could not fetch ${docs.url('/missing.json')}: the server answered 404`,
      },
    });
    expect(await byUrl(docs.url('/not-openapi.json'))).toEqual({
      status: 422,
      body: {
        code: 'NOT_OPENAPI',
        message: 'Not an OpenAPI document: it has no "openapi" or "swagger" field (at /)',
      },
    });
  });

  it('answers 413 for a document over the size cap', async () => {
    expect(await byUrl(docs.url('/huge.yaml'))).toEqual({
      status: 413,
      body: {
        code: 'DOCUMENT_TOO_LARGE',
        message: `The document at ${docs.url('/huge.yaml')} is larger than 5 MiB (at the whole document)`,
      },
    });
  });

  it('refuses an address the network guard blocks', async () => {
    const result = await byUrl('http://169.254.169.254/openapi.json');
    expect(result.status).toBe(422);
    expect(result.body.code).toBe('FETCH_FAILED');
    expect(result.body.message).toContain('blocked by the network guard');
  });
});

describe('GET /api/openapi.json', () => {
  it('lists the catalog endpoints', async () => {
    const response = await t.app.request('/api/openapi.json');
    const doc = await body<{ paths: Record<string, Record<string, unknown>> }>(response);
    expect(Object.keys(doc.paths['/api/catalog'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/catalog/match'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/catalog/{id}'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/catalog/{id}/versions'] ?? {})).toContain('get');
    const importRoute = doc.paths['/api/catalog/import']?.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      security: unknown[];
    };
    expect(
      Object.keys(importRoute.requestBody.content['application/json']!.schema.properties),
    ).toEqual(['url', 'document', 'baseUrl']);
    expect(importRoute.security).toEqual([{ session: [] }, { bearer: [] }]);
    const listRoute = doc.paths['/api/catalog']?.get as { parameters: { name: string }[] };
    expect(listRoute.parameters.map((p) => p.name)).toEqual(['q']);
  });
});
