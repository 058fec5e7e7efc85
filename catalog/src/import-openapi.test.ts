import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZApiDescription, type TApiDescription, type TOperation } from '@patchbay/schema';
import {
  importOpenApi,
  MAX_DOCUMENT_BYTES,
  OpenApiImportError,
  type ImportOptions,
} from './import-openapi.ts';

// OpenAPI import (issue 14 §3): two realistic documents checked field by field, small documents
// for each rule (kinds, pagination, items, schemas, auth, servers), and every kind of bad document.

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, 'test-fixtures', name), 'utf8');
const TODAY = { today: '2025-06-01' };

function op(description: TApiDescription, id: string): TOperation {
  const found = description.resources.flatMap((r) => r.operations).find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

/** A minimal OpenAPI 3.0 document around some paths. */
function doc(paths: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    openapi: '3.0.3',
    info: { title: 'Tiny API', version: '1' },
    servers: [{ url: 'https://api.tiny.test' }],
    paths,
    ...extra,
  };
}

/** A GET whose 200 answers `schema` (and the given response headers). */
function getReturning(schema: unknown, parameters: unknown[] = [], headers?: unknown) {
  return {
    get: {
      parameters,
      responses: {
        '200': {
          description: 'ok',
          ...(headers ? { headers } : {}),
          content: { 'application/json': { schema } },
        },
      },
    },
  };
}

const query = (name: string, schema: unknown = { type: 'string' }) => ({
  name,
  in: 'query',
  schema,
});
const record = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };

async function importError(input: string | object, options: ImportOptions = {}) {
  try {
    await importOpenApi(input, options);
  } catch (error) {
    if (error instanceof OpenApiImportError) return error;
    throw error;
  }
  throw new Error('expected an OpenApiImportError');
}

describe('importOpenApi: a petstore-like OpenAPI 3.0 document (YAML)', async () => {
  const { description: d, warnings } = await importOpenApi(fixture('petstore-3.0.yaml'), TODAY);

  it('reads the API itself: name, id, hosts, base URL, docs and source', () => {
    expect(d).toMatchObject({
      id: 'petstore-api',
      name: 'Petstore API',
      aliases: [],
      category: 'other',
      hosts: ['api.petstore.test'],
      baseUrl: 'https://api.petstore.test/v1',
      docsUrl: 'https://docs.petstore.test/reference',
      source: { kind: 'imported', url: 'pasted', retrieved: '2025-06-01' },
    });
    expect(warnings).toEqual([]);
  });

  it('reads auth: the default scheme first, OAuth URLs and the scopes operations use', () => {
    expect(d.auth).toEqual({
      schemes: [
        { type: 'api-key', in: 'header', name: 'X-Api-Key' },
        {
          type: 'oauth',
          grants: ['authorization_code'],
          authorizeUrl: 'https://auth.petstore.test/authorize',
          tokenUrl: 'https://auth.petstore.test/token',
          scopes: ['pets:write'],
        },
        { type: 'bearer' },
      ],
      keyHelp: 'Create a key under Settings → API keys.',
    });
  });

  it('reads rate-limit headers, Retry-After on 429 and the idempotency header', () => {
    expect(d.rateLimit).toEqual({
      limitHeader: 'X-RateLimit-Limit',
      remainingHeader: 'X-RateLimit-Remaining',
      retryAfter: true,
    });
    expect(d.idempotencyHeader).toBe('Idempotency-Key');
  });

  it('groups operations by tag into resources with kinds', () => {
    expect(
      d.resources.map((r) => [
        r.name,
        r.plural,
        r.operations.map((o) => `${o.kind} ${o.method} ${o.path}`),
      ]),
    ).toEqual([
      [
        'pet',
        'pets',
        [
          'list GET /pets',
          'create POST /pets',
          'get GET /pets/{petId}',
          'update PATCH /pets/{petId}',
          'delete DELETE /pets/{petId}',
          'search POST /pets/search',
        ],
      ],
      ['owner', 'owners', ['list GET /owners']],
    ]);
    // The document's operationIds, and one made from kind and resource where it has none.
    expect(d.resources.flatMap((r) => r.operations.map((o) => o.id))).toEqual([
      'listPets',
      'createPet',
      'getPet',
      'updatePet',
      'deletePet',
      'searchPets',
      'listOwners',
    ]);
  });

  it('describes the record: allOf merged, read-only fields, a recursive $ref cut, the documented example', () => {
    const pet = d.resources[0]!;
    expect(pet.idField).toBe('id');
    expect(pet.createdField).toBe('created_at');
    expect(pet.updatedField).toBe('updated_at');
    expect(pet.schema.required).toEqual(['name', 'id']);
    expect(pet.schema.properties?.id).toEqual({ type: 'string', readOnly: true });
    expect(pet.schema.properties?.status).toEqual({
      type: 'string',
      enum: ['available', 'pending', 'sold'],
    });
    expect(pet.schema.properties?.name).toEqual({ type: 'string', description: "The pet's name" });
    // Pet → owner → pets → Pet: the cycle ends in a bare object.
    expect(pet.schema.properties?.owner?.properties?.pets).toEqual({
      type: 'array',
      items: { type: 'object' },
    });
    expect(pet.example).toEqual({
      id: 'pet_1',
      name: 'Rex',
      status: 'available',
      tags: ['dog'],
      created_at: '2025-03-01T10:00:00Z',
      updated_at: '2025-03-02T10:00:00Z',
    });
  });

  it('reads list pagination, items, limits and the "since" parameter', () => {
    const list = op(d, 'listPets');
    expect(list.itemsPath).toBe('data');
    expect(list.pagination).toEqual({
      style: 'cursor',
      cursorParam: 'cursor',
      nextCursorPath: 'next_cursor',
      limitParam: 'limit',
      maxLimit: 100,
    });
    expect(list.since).toEqual({
      param: 'updated_since',
      format: 'date-time',
      field: 'updated_at',
    });
    expect(list.params.map((p) => [p.name, p.in, p.required])).toEqual([
      ['limit', 'query', false],
      ['cursor', 'query', false],
      ['updated_since', 'query', false],
    ]);
    expect(op(d, 'listOwners').pagination).toEqual({
      style: 'page',
      pageParam: 'page',
      firstPage: 1,
      sizeParam: 'per_page',
      maxSize: 50,
    });
    expect(op(d, 'listOwners').itemsPath).toBe('');
  });

  it('reads bodies, path parameters declared at the path level, and marks a POST search safe', () => {
    expect(op(d, 'createPet').body).toEqual({
      contentType: 'json',
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: "The pet's name" },
          status: { type: 'string', enum: ['available', 'pending', 'sold'] },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['name'],
      },
    });
    expect(op(d, 'getPet').params).toEqual([
      { name: 'petId', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    expect(op(d, 'searchPets')).toMatchObject({
      kind: 'search',
      safe: true,
      itemsPath: 'results',
      pagination: { style: 'none' },
    });
    expect(op(d, 'deletePet').response).toBeUndefined();
  });

  it('synthesizes an example from the schema where the document has none', () => {
    const owner = d.resources[1]!;
    expect(owner.example).toMatchObject({ id: 1, email: 'jane@example.com' });
  });

  it('is a valid, stable, plain-JSON description', async () => {
    expect(ZApiDescription.parse(d)).toEqual(d);
    expect(JSON.parse(JSON.stringify(d))).toEqual(d);
    const again = await importOpenApi(fixture('petstore-3.0.yaml'), TODAY);
    expect(again.description).toEqual(d);
  });
});

describe('importOpenApi: a Swagger 2.0 document (JSON), upgraded by the parser', async () => {
  const { description: d, warnings } = await importOpenApi(fixture('swagger-2.0.json'), {
    ...TODAY,
    sourceUrl: 'https://orders.shop.test/swagger.json',
  });

  it('reads host, basePath and schemes as the base URL; the source URL as docs', () => {
    expect(d).toMatchObject({
      id: 'shop-orders',
      name: 'Shop Orders',
      hosts: ['orders.shop.test'],
      baseUrl: 'https://orders.shop.test/api',
      docsUrl: 'https://orders.shop.test/swagger.json',
      source: {
        kind: 'imported',
        url: 'https://orders.shop.test/swagger.json',
        retrieved: '2025-06-01',
      },
    });
    expect(warnings).toEqual([]);
  });

  it('reads basic, a query API key and the OAuth application flow', () => {
    expect(d.auth.schemes).toEqual([
      { type: 'basic' },
      { type: 'api-key', in: 'query', name: 'access_token' },
      {
        type: 'oauth',
        grants: ['client_credentials'],
        tokenUrl: 'https://orders.shop.test/oauth/token',
        scopes: ['orders'],
      },
    ]);
  });

  it('groups by path segment, reads definitions, body parameters and offset paging', () => {
    expect(d.resources).toHaveLength(1);
    const order = d.resources[0]!;
    expect(order).toMatchObject({ name: 'order', plural: 'orders', idField: 'order_id' });
    expect(order.schema).toEqual({
      type: 'object',
      properties: {
        order_id: { type: 'integer', readOnly: true },
        total: { type: 'number' },
        currency: { type: 'string', enum: ['EUR', 'USD'] },
        placed_at: { type: 'string', format: 'date-time' },
        note: { type: 'string', nullable: true },
      },
      required: ['total'],
    });
    expect(order.example).toMatchObject({
      order_id: 1,
      total: 42.5,
      currency: 'EUR',
      placed_at: '2025-01-15T09:30:00Z',
    });
    expect(order.operations.map((o) => [o.id, o.kind, o.method, o.path])).toEqual([
      ['orders.list', 'list', 'GET', '/orders'],
      ['orders.create', 'create', 'POST', '/orders'],
      ['orders.replace', 'update', 'PUT', '/orders/{id}'],
    ]);
    expect(op(d, 'orders.list')).toMatchObject({
      itemsPath: 'items',
      pagination: { style: 'offset', offsetParam: 'offset', limitParam: 'limit', maxLimit: 250 },
    });
    expect(op(d, 'orders.create').body?.contentType).toBe('json');
    expect(op(d, 'orders.create').body?.schema.properties?.total).toEqual({ type: 'number' });
    expect(op(d, 'orders.replace').params).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
    ]);
  });

  it('takes an already-parsed object as well as text', async () => {
    const fromObject = await importOpenApi(JSON.parse(fixture('swagger-2.0.json')) as object, {
      ...TODAY,
      sourceUrl: 'https://orders.shop.test/swagger.json',
    });
    expect(fromObject.description).toEqual(d);
  });
});

describe('importOpenApi: operation kinds', () => {
  it('classifies by method and path shape, and by what a GET answers', async () => {
    const { description } = await importOpenApi(
      doc({
        '/things': {
          ...getReturning({ type: 'array', items: record }),
          put: { responses: { '200': { description: 'ok' } } },
        },
        '/things/{id}': {
          post: { responses: { '200': { description: 'ok' } } },
          delete: { responses: { '204': { description: 'gone' } } },
        },
        '/me': getReturning(record),
        '/things/search': getReturning(
          { type: 'object', properties: { hits: { type: 'array', items: record } } },
          [query('q')],
        ),
        '/things/batch': {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { things: { type: 'array', maxItems: 50, items: record } },
                  },
                },
              },
            },
            responses: { '200': { description: 'ok' } },
          },
        },
      }),
    );
    const kinds = description.resources.flatMap((r) =>
      r.operations.map((o) => `${o.id}: ${o.kind} ${o.method} ${o.path}`),
    );
    expect(kinds).toEqual([
      'listThings: list GET /things',
      'updateThing: update PUT /things',
      'updateThing_2: update POST /things/{id}',
      'deleteThing: delete DELETE /things/{id}',
      'searchThings: search GET /things/search',
      'batchCreateThing: batch-create POST /things/batch',
      'getMe: get GET /me',
    ]);
    expect(op(description, 'searchThings').itemsPath).toBe('hits');
    expect(op(description, 'batchCreateThing').batch).toEqual({
      itemsField: 'things',
      maxItems: 50,
    });
  });
});

describe('importOpenApi: resources', () => {
  const list = getReturning({ type: 'array', items: record });

  it('groups untagged operations by the collection their path is about', async () => {
    const { description } = await importOpenApi(
      doc({
        '/v1/customers': list,
        '/v1/customers/{id}': getReturning(record, [{ name: 'id', in: 'path', required: true }]),
        '/v1/customers/{id}/sources': list,
        '/v1/customers/{id}/pause': { post: { responses: { '200': { description: 'ok' } } } },
      }),
    );
    expect(description.resources.map((r) => [r.name, r.operations.map((o) => o.path)])).toEqual([
      ['customer', ['/v1/customers', '/v1/customers/{id}', '/v1/customers/{id}/pause']],
      ['source', ['/v1/customers/{id}/sources']],
    ]);
  });

  it('describes the record inside a one-record envelope (JSON:API `data`), as its list items are', async () => {
    const resource = {
      type: 'object',
      properties: {
        type: { type: 'string' },
        id: { type: 'string' },
        attributes: { type: 'object', properties: { description: { type: 'string' } } },
      },
    };
    const { description } = await importOpenApi(
      doc({
        '/transactions': getReturning({
          type: 'object',
          properties: { data: { type: 'array', items: resource }, links: { type: 'object' } },
        }),
        // The record as allOf of one $ref, as documents often write it.
        '/transactions/{id}': getReturning(
          {
            type: 'object',
            properties: { data: { allOf: [resource] }, links: { type: 'object' } },
          },
          [{ name: 'id', in: 'path', required: true }],
        ),
        // A body that holds more than a record and its links is not an envelope.
        '/reports/{id}': getReturning(
          {
            type: 'object',
            properties: { data: resource, total: { type: 'integer' } },
          },
          [{ name: 'id', in: 'path', required: true }],
        ),
      }),
    );
    const byName = new Map(description.resources.map((r) => [r.name, r]));
    expect(Object.keys(byName.get('transaction')?.schema.properties ?? {})).toEqual([
      'type',
      'id',
      'attributes',
    ]);
    expect(Object.keys(byName.get('report')?.schema.properties ?? {})).toEqual(['data', 'total']);
  });

  it("splits a tag that spans many collections (a gRPC gateway's one tag per service)", async () => {
    const nouns = [
      'namespaces',
      'workflows',
      'schedules',
      'activities',
      'deployments',
      'workers',
      'batches',
    ];
    const paths = Object.fromEntries(
      nouns.map((noun) => [`/api/v1/${noun}`, { get: { ...list.get, tags: ['WorkflowService'] } }]),
    );
    const { description } = await importOpenApi(doc(paths));
    expect(description.resources.map((r) => r.name)).toEqual([
      'namespace',
      'workflow',
      'schedule',
      'activity',
      'deployment',
      'worker',
      'batch',
    ]);
  });
});

describe('importOpenApi: pagination and items', () => {
  async function listOf(schema: unknown, parameters: unknown[] = [], headers?: unknown) {
    const { description } = await importOpenApi(
      doc({ '/items': getReturning(schema, parameters, headers) }),
    );
    return op(description, 'listItems');
  }
  const page = (fields: Record<string, unknown>, items = 'data') => ({
    type: 'object',
    properties: { [items]: { type: 'array', items: record }, ...fields },
  });

  it('starting_after with has_more (Stripe style)', async () => {
    const list = await listOf(page({ has_more: { type: 'boolean' } }), [
      query('starting_after'),
      query('limit', { type: 'integer', maximum: 100 }),
    ]);
    expect(list.pagination).toEqual({
      style: 'starting-after',
      cursorParam: 'starting_after',
      hasMorePath: 'has_more',
      idField: 'id',
      limitParam: 'limit',
      maxLimit: 100,
    });
  });

  it('an opaque cursor read from a nested response field', async () => {
    const list = await listOf(
      page(
        { meta: { type: 'object', properties: { nextPageToken: { type: 'string' } } } },
        'items',
      ),
      [query('pageToken'), query('pageSize', { type: 'integer' })],
    );
    expect(list.itemsPath).toBe('items');
    expect(list.pagination).toEqual({
      style: 'cursor',
      cursorParam: 'pageToken',
      nextCursorPath: 'meta.nextPageToken',
      limitParam: 'pageSize',
    });
  });

  it('a next URL in the body', async () => {
    const list = await listOf(page({ next: { type: 'string', format: 'uri' } }, 'results'));
    expect(list).toMatchObject({
      itemsPath: 'results',
      pagination: { style: 'next-url', nextPath: 'next' },
    });
  });

  it('a Link header declared on the response', async () => {
    const list = await listOf(
      { type: 'array', items: record },
      [query('per_page', { type: 'integer' }), query('page', { type: 'integer' })],
      {
        Link: { schema: { type: 'string' } },
      },
    );
    expect(list).toMatchObject({
      itemsPath: '',
      pagination: { style: 'link-header', limitParam: 'per_page' },
    });
  });

  it('zero-based pages with a total page count', async () => {
    const list = await listOf(page({ totalPages: { type: 'integer' } }, 'records'), [
      query('page', { type: 'integer', minimum: 0 }),
      query('size', { type: 'integer' }),
    ]);
    expect(list).toMatchObject({
      itemsPath: 'records',
      pagination: {
        style: 'page',
        pageParam: 'page',
        firstPage: 0,
        sizeParam: 'size',
        totalPagesPath: 'totalPages',
      },
    });
  });

  it('HAL: records one level into _embedded', async () => {
    const list = await listOf({
      type: 'object',
      properties: {
        _embedded: { type: 'object', properties: { widgets: { type: 'array', items: record } } },
      },
    });
    expect(list.itemsPath).toBe('_embedded.widgets');
  });

  it('none when nothing hints at paging', async () => {
    const list = await listOf(page({}), [query('limit', { type: 'integer' })]);
    expect(list.pagination).toEqual({ style: 'none' });
  });
});

describe('importOpenApi: schemas', () => {
  async function recordSchema(schema: unknown) {
    const { description } = await importOpenApi(
      doc({
        '/items/{id}': getReturning(schema, [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        ]),
      }),
    );
    return description.resources[0]!.schema;
  }

  it('reads OpenAPI 3.1 type lists, oneOf with null, const and formats', async () => {
    const schema = await recordSchema({
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        note: { type: ['string', 'null'] },
        owner: {
          oneOf: [{ type: 'object', properties: { id: { type: 'integer' } } }, { type: 'null' }],
        },
        kind: { const: 'widget' },
        mixed: { type: ['string', 'integer'] },
        seen: { type: 'integer', format: 'unix-time' },
        site: { type: 'string', format: 'url' },
      },
    });
    expect(schema.properties).toEqual({
      id: { type: 'string', format: 'id' },
      note: { type: 'string', nullable: true },
      owner: { type: 'object', nullable: true, properties: { id: { type: 'integer' } } },
      kind: { type: 'any', enum: ['widget'] },
      mixed: { type: 'any' },
      seen: { type: 'integer', format: 'unix-time' },
      site: { type: 'string', format: 'uri' },
    });
  });

  it('cuts cycles through allOf and oneOf', async () => {
    const withSchemas = (schemas: Record<string, unknown>) =>
      importOpenApi(
        doc(
          { '/a': getReturning({ $ref: '#/components/schemas/A' }) },
          { components: { schemas } },
        ),
      );
    const allOf = await withSchemas({
      A: {
        allOf: [
          { $ref: '#/components/schemas/B' },
          { type: 'object', properties: { id: { type: 'string' } } },
        ],
      },
      B: { allOf: [{ $ref: '#/components/schemas/A' }] },
    });
    expect(allOf.description.resources[0]!.schema).toEqual({
      type: 'object',
      properties: { id: { type: 'string' } },
    });
    const oneOf = await withSchemas({
      A: { oneOf: [{ $ref: '#/components/schemas/B' }] },
      B: { oneOf: [{ $ref: '#/components/schemas/A' }, { type: 'null' }] },
    });
    expect(oneOf.description.resources[0]!.schema).toEqual({ type: 'object' });
  });

  it('cuts deep nesting at the depth limit and drops enums too long to keep', async () => {
    const deep = {
      type: 'object',
      properties: {
        a: {
          type: 'object',
          properties: {
            b: {
              type: 'object',
              properties: { c: { type: 'object', properties: { d: { type: 'string' } } } },
            },
          },
        },
      },
    };
    const schema = await recordSchema({
      type: 'object',
      properties: {
        id: { type: 'string' },
        deep,
        code: { type: 'string', enum: Array.from({ length: 300 }, (_, i) => `c${i}`) },
      },
    });
    expect(schema.properties?.deep?.properties?.a?.properties?.b).toEqual({ type: 'object' });
    expect(schema.properties?.code).toEqual({ type: 'string' });
  });
});

describe('importOpenApi: bodies and webhooks', () => {
  it('reads form bodies, leaves out multipart and webhooks with a warning naming where', async () => {
    const body = (type: string) => ({
      post: {
        requestBody: {
          content: {
            [type]: { schema: { type: 'object', properties: { name: { type: 'string' } } } },
          },
        },
        responses: { '201': { description: 'ok' } },
      },
    });
    const { description, warnings } = await importOpenApi({
      ...doc({
        '/forms': body('application/x-www-form-urlencoded'),
        '/files': body('multipart/form-data'),
      }),
      openapi: '3.1.0',
      webhooks: { newThing: { post: { responses: { '200': { description: 'ok' } } } } },
    });
    expect(op(description, 'createForm').body).toEqual({
      contentType: 'form',
      schema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    expect(op(description, 'createFile').body).toBeUndefined();
    expect(warnings).toEqual([
      '/paths/~1files/post/requestBody: only JSON and form bodies are described; multipart/form-data left out',
      'resource "form": its records have no id field; "id" assumed',
      'resource "file": its records have no id field; "id" assumed',
      '/webhooks: webhook events are not imported (OpenAPI does not say how they are signed)',
    ]);
  });
});

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

describe('importOpenApi: large APIs', () => {
  /** `count` resources, each listed, created and read, all sharing one wide record schema. */
  function wideApi(count: number) {
    const field = {
      type: 'object',
      description: 'A field with a long description. '.repeat(5),
      properties: { a: { type: 'object', properties: { b: { type: 'string' } } } },
    };
    const properties = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`field_${i}`, field]),
    );
    const schema = { $ref: '#/components/schemas/Wide' };
    const paths: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      paths[`/things${i}`] = {
        ...getReturning({ type: 'object', properties: { data: { type: 'array', items: schema } } }),
        post: {
          requestBody: { content: { 'application/json': { schema } } },
          responses: { '201': { description: 'ok', content: { 'application/json': { schema } } } },
        },
      };
    }
    return doc(paths, {
      components: {
        schemas: {
          Wide: { type: 'object', properties: { id: { type: 'string' }, ...properties } },
        },
      },
    });
  }

  it('keeps every operation of a large API, with less detail, and says so', async () => {
    const { description, warnings } = await importOpenApi(wideApi(100));
    expect(description.resources).toHaveLength(100);
    expect(description.resources.flatMap((r) => r.operations)).toHaveLength(200);
    expect(warnings).toEqual([
      '/paths: the API is large; field descriptions and response schemas are left out and fields are kept 3 levels deep',
    ]);
    const thing = description.resources[0]!;
    expect(thing.schema.properties?.field_0).toEqual({
      type: 'object',
      properties: { a: { type: 'object' } },
    });
    expect(thing.operations.every((o) => o.response === undefined)).toBe(true);
    expect(thing.operations[0]).toMatchObject({ kind: 'list', itemsPath: 'data' });
  });

  it('refuses a document whose distilled description would still be too large', async () => {
    // Shared parameters with long enums: a small document, a huge description.
    const parameters = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [
        `P${i}`,
        {
          name: `p${i}`,
          in: 'query',
          schema: {
            type: 'string',
            enum: Array.from({ length: 200 }, (_, j) => `value-${j}-${'v'.repeat(20)}`),
          },
        },
      ]),
    );
    const refs = Object.keys(parameters).map((name) => ({
      $ref: `#/components/parameters/${name}`,
    }));
    const paths = Object.fromEntries(
      Array.from({ length: 100 }, (_, i) => [
        `/r${i}`,
        getReturning({ type: 'array', items: record }, refs),
      ]),
    );
    const error = await importError(doc(paths, { components: { parameters } }));
    expect(error).toMatchObject({ code: 'DESCRIPTION_TOO_LARGE', status: 422, where: '/paths' });
    expect(error.message).toMatch(
      /^The document describes 100 operations, too many to keep \([\d.]+ MiB distilled, at most 1.5 MiB\)/,
    );
  });
});

describe('importOpenApi: bad documents', () => {
  it('not JSON: says so with the line and column', async () => {
    const error = await importError('{\n  "openapi": "3.0.0",\n  "info": }\n');
    expect(error).toMatchObject({
      code: 'NOT_JSON_OR_YAML',
      status: 400,
      where: 'line 3, column 11',
    });
    expect(error.message).toBe("Not valid JSON: Unexpected token '}' (at line 3, column 11)");
    const unclosed = await importError('{\n  "openapi": "3.0.0",\n  "info": {"title": "x"\n');
    expect(unclosed).toMatchObject({ where: 'line 4, column 1' });
    expect(unclosed.message).toMatch(/^Not valid JSON: /);
  });

  it('not YAML: says so with the line and column', async () => {
    const error = await importError('openapi: 3.0.0\ninfo:\n  title: x\n   bad: [\n');
    expect(error).toMatchObject({
      code: 'NOT_JSON_OR_YAML',
      status: 400,
      where: 'line 3, column 10',
    });
    expect(error.message).toContain(
      'Not valid YAML: Nested mappings are not allowed in compact mappings',
    );
  });

  it('plain text or an empty document', async () => {
    expect(await importError('just some words')).toMatchObject({
      code: 'NOT_JSON_OR_YAML',
      message: 'The document is neither JSON nor YAML (at line 1)',
    });
    expect(await importError('  \n')).toMatchObject({
      code: 'NOT_JSON_OR_YAML',
      message: 'The document is empty (at line 1)',
    });
  });

  it('not OpenAPI: a list, or an object with no version field', async () => {
    expect(await importError('[1, 2]')).toMatchObject({
      code: 'NOT_OPENAPI',
      status: 422,
      where: '/',
    });
    expect(await importError('name: my api\npaths: {}\n')).toMatchObject({
      code: 'NOT_OPENAPI',
      message: 'Not an OpenAPI document: it has no "openapi" or "swagger" field (at /)',
    });
  });

  it('wrong versions: Swagger 1.2, Swagger 3.0, OpenAPI 4.0', async () => {
    expect(await importError({ swaggerVersion: '1.2', apis: [] })).toMatchObject({
      code: 'UNSUPPORTED_VERSION',
      status: 422,
      where: '/swaggerVersion',
      message:
        'Swagger 1.2 is not supported: convert the document to OpenAPI 3 or Swagger 2.0 (at /swaggerVersion)',
    });
    expect(await importError({ swagger: '3.0', paths: {} })).toMatchObject({
      code: 'UNSUPPORTED_VERSION',
      where: '/swagger',
    });
    expect(await importError(doc({}, { openapi: '4.0.0' }))).toMatchObject({
      code: 'UNSUPPORTED_VERSION',
      where: '/openapi',
    });
  });

  it('an unresolvable $ref, with the pointer of the $ref', async () => {
    const error = await importError(
      doc({ '/items': getReturning({ $ref: '#/components/schemas/Nope' }) }),
    );
    expect(error).toMatchObject({
      code: 'UNRESOLVED_REFERENCE',
      status: 422,
      where: '/paths/~1items/get/responses/200/content/application~1json/schema/$ref',
    });
    expect(error.message).toContain(
      'The $ref "#/components/schemas/Nope" points at nothing in the document',
    );
  });

  it('an unresolvable Swagger 2.0 $ref, pointed at in the document as written', async () => {
    const error = await importError({
      swagger: '2.0',
      info: { title: 'x', version: '1' },
      host: 'x.test',
      paths: {
        '/a': {
          get: {
            responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Gone' } } },
          },
        },
      },
    });
    expect(error).toMatchObject({
      code: 'UNRESOLVED_REFERENCE',
      where: '/paths/~1a/get/responses/200/schema/$ref',
      message:
        'The $ref "#/definitions/Gone" points at nothing in the document (at /paths/~1a/get/responses/200/schema/$ref)',
    });
  });

  it('a $ref to another file', async () => {
    const error = await importError(doc({ '/items': getReturning({ $ref: 'models.yaml#/Item' }) }));
    expect(error.code).toBe('UNRESOLVED_REFERENCE');
    expect(error.message).toContain('bundle the document into one file');
    expect(error.where).toBe(
      '/paths/~1items/get/responses/200/content/application~1json/schema/$ref',
    );
  });

  it('too large, before any parsing', async () => {
    const text = `openapi: 3.0.0\n#${'x'.repeat(MAX_DOCUMENT_BYTES)}\n`;
    expect(await importError(text)).toMatchObject({
      code: 'DOCUMENT_TOO_LARGE',
      status: 413,
      message: 'The document is 5 MiB; at most 5 MiB is accepted (at the whole document)',
    });
  });

  it('no operations', async () => {
    expect(await importError(doc({}))).toMatchObject({
      code: 'NO_OPERATIONS',
      status: 422,
      where: '/paths',
    });
    expect(await importError(doc({ '/a': { parameters: [] } }))).toMatchObject({
      code: 'NO_OPERATIONS',
    });
  });

  it('nesting too deep to read, found without overflowing the stack', async () => {
    const levels = 5000;
    const schema =
      '{"type":"object","properties":{"a":'.repeat(levels) +
      '{"type":"string"}' +
      '}}'.repeat(levels);
    const text = JSON.stringify(doc({ '/a': getReturning('SCHEMA') })).replace('"SCHEMA"', schema);
    const error = await importError(text);
    expect(error).toMatchObject({ code: 'TOO_DEEPLY_NESTED', status: 422 });
    expect(error.where).toMatch(
      /^\/paths\/~1a\/get\/responses\/200\/content\/application~1json\/schema\/properties\/a\//,
    );
    expect(await importError('['.repeat(200_000))).toMatchObject({
      code: 'NOT_JSON_OR_YAML',
      where: 'the whole document',
    });
  });

  it('no server and no base URL to fall back on', async () => {
    const error = await importError(
      doc({ '/items': getReturning({ type: 'array', items: record }) }, { servers: undefined }),
    );
    expect(error).toMatchObject({ code: 'NO_SERVER', status: 422, where: '/servers' });
  });
});
