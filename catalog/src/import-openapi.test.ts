import { describe, expect, it } from 'vitest';
import { ZApiDescription } from '@patchbay/schema';
import { importOpenApi } from './import-openapi.ts';
import { fixture, op, TODAY } from './import-openapi.test-support.ts';

// OpenAPI import end to end: two realistic documents, an OpenAPI 3.0 one in YAML and a Swagger 2.0
// one in JSON, checked field by field. Each stage's rules have their own tests in import-openapi/.

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
