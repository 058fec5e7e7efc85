import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../import-openapi.ts';
import {
  doc,
  getReturning,
  importError,
  op,
  query,
  record,
} from '../import-openapi.test-support.ts';

// The import's build stage, one small document per rule: operation kinds, resources, pagination
// and items, schemas, bodies and webhooks, and how a large API is cut down to fit.

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
