import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TApiDescription, TFieldSchema, TOperation } from '@patchbay/schema';
import { ENTRIES_DIR, loadCatalog, parseEntryFile } from './load-catalog.ts';
import {
  CHOSEN,
  distillGithub,
  distillOperation,
  toFieldSchema,
  type ChosenOperation,
  type OpenApiDocument,
} from '../scripts/distill-github.ts';

// The catalog's own checks: every entry parses, its paths are well
// formed, every list operation pages, and what `messaging` and `webhooks` point at exists.
// The zod schema checks each field alone; these check the facts that span fields.

/** Problems with one operation's path and its path parameters; empty when it is well formed. */
function pathProblems(op: TOperation): string[] {
  const problems: string[] = [];
  if (!op.path.startsWith('/')) problems.push(`${op.id}: path must start with /`);
  // Balanced, unnested braces: once every `{name}` is taken out, no brace may be left.
  if (/[{}]/.test(op.path.replace(/\{[^{}/]+\}/g, '')))
    problems.push(`${op.id}: unbalanced {} in ${op.path}`);
  const inPath = new Set([...op.path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!));
  const declared = new Set(op.params.filter((p) => p.in === 'path').map((p) => p.name));
  for (const name of inPath)
    if (!declared.has(name)) problems.push(`${op.id}: {${name}} has no in:"path" parameter`);
  for (const name of declared)
    if (!inPath.has(name)) problems.push(`${op.id}: path parameter ${name} is not in ${op.path}`);
  for (const p of op.params.filter((q) => q.in === 'path'))
    if (!p.required) problems.push(`${op.id}: path parameter ${p.name} must be required`);
  return problems;
}

/** The schema at a dotted path inside an object schema (`body.content`), or undefined. */
function fieldAt(schema: TFieldSchema | undefined, dotted: string): TFieldSchema | undefined {
  let current = schema;
  for (const part of dotted.split('.')) {
    current = current?.type === 'array' ? current.items : current;
    // `content.0.value`: a numeric part is an item of the array already stepped into.
    if (!/^\d+$/.test(part)) current = current?.properties?.[part];
  }
  return current;
}

/** The value at a dotted path inside a JSON value, or undefined. */
function valueAt(value: unknown, dotted: string): unknown {
  let current = value;
  for (const part of dotted.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The request parameters a list's paging sends: cursor, page, offset and limit names. */
function pagingParams(op: TOperation): string[] {
  const p = op.pagination;
  if (!p) return [];
  const named = [
    'cursorParam' in p ? p.cursorParam : undefined,
    'pageParam' in p ? p.pageParam : undefined,
    'offsetParam' in p ? p.offsetParam : undefined,
    'limitParam' in p ? p.limitParam : undefined,
    'sizeParam' in p ? p.sizeParam : undefined,
  ];
  return named.filter((name): name is string => name !== undefined);
}

/** Whether an operation takes `name`: a parameter, a body field, or a GraphQL variable. */
function acceptsParam(op: TOperation, name: string, graphql: boolean): boolean {
  if (op.params.some((p) => p.name === name)) return true;
  return fieldAt(op.body?.schema, graphql ? `variables.${name}` : name) !== undefined;
}

/** Every cross-field problem in one entry; empty when the entry is sound. */
function entryProblems(entry: TApiDescription): string[] {
  const problems: string[] = [];
  const operations = entry.resources.flatMap((r) => r.operations);
  const ids = operations.map((op) => op.id);
  for (const id of new Set(ids))
    if (ids.filter((x) => x === id).length > 1) problems.push(`operation id ${id} is repeated`);

  if (!entry.resources.some((r) => r.operations.some((op) => op.kind === 'list')))
    problems.push('no resource has a list operation');

  for (const url of [entry.docsUrl, entry.source.url, ...operations.map((op) => op.docsUrl)])
    if (url !== undefined && !url.startsWith('https://')) problems.push(`${url} is not https`);
  if (!entry.baseUrl.startsWith('https://')) problems.push(`baseUrl ${entry.baseUrl} is not https`);

  for (const resource of entry.resources) {
    if (valueAt(resource.example, resource.idField) === undefined)
      problems.push(`${resource.name}: example lacks its idField ${resource.idField}`);
    for (const op of resource.operations) {
      problems.push(...pathProblems(op));
      if (op.kind === 'list') {
        if (!op.pagination) problems.push(`${op.id}: a list operation needs pagination`);
        if (op.itemsPath === undefined) problems.push(`${op.id}: a list operation needs itemsPath`);
      }
      if (op.kind.startsWith('batch-') && !op.batch)
        problems.push(`${op.id}: a batch operation needs batch.itemsField`);
      for (const name of [op.since?.param, ...pagingParams(op)])
        if (name !== undefined && !acceptsParam(op, name, entry.graphqlEndpoint !== undefined))
          problems.push(`${op.id}: ${name} is neither a parameter nor a body field`);
      if (op.since && !fieldAt(resource.schema, op.since.field))
        problems.push(
          `${op.id}: since.field ${op.since.field} is not in the ${resource.name} schema`,
        );
      if (entry.graphqlEndpoint !== undefined && !op.graphql)
        problems.push(`${op.id}: a GraphQL API's operation needs graphql.document`);
    }
  }

  if (entry.messaging) {
    const { operationId, textField, channelField } = entry.messaging;
    const op = operations.find((o) => o.id === operationId);
    if (!op) problems.push(`messaging.operationId ${operationId} is not an operation`);
    else {
      const known = (field: string) =>
        fieldAt(op.body?.schema, field) !== undefined || op.params.some((p) => p.name === field);
      if (!known(textField)) problems.push(`messaging.textField ${textField} is not in ${op.id}`);
      if (channelField !== undefined && !known(channelField))
        problems.push(`messaging.channelField ${channelField} is not in ${op.id}`);
    }
  }

  if (entry.webhooks) {
    for (const event of entry.webhooks.events) {
      for (const path of [entry.webhooks.eventIdPath, entry.webhooks.eventTypePath]) {
        if (path === undefined || path.startsWith('header:')) continue;
        if (valueAt(event.example, path) === undefined)
          problems.push(`webhook ${event.name}: example has nothing at ${path}`);
      }
    }
    const { scheme, header } = entry.webhooks.signature;
    if (scheme === 'hmac-sha256' && !header)
      problems.push('an hmac-sha256 webhook signature needs its header');
  }
  return problems;
}

const files = readdirSync(ENTRIES_DIR).filter((f) => f.endsWith('.json'));

describe('the built-in catalog', () => {
  it('loads: every entry parses', () => {
    expect(loadCatalog().length).toBe(files.length);
  });

  it('holds at least 40 APIs', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
  });

  it('has unique ids, each equal to its file name', () => {
    const ids = files.map((file) => {
      const entry = parseEntryFile(join(ENTRIES_DIR, file));
      expect(entry.id, file).toBe(basename(file, '.json'));
      return entry.id;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  describe.each(files)('%s', (file) => {
    it('is sound: paths, pagination, ids, messaging, webhooks, examples', () => {
      expect(entryProblems(parseEntryFile(join(ENTRIES_DIR, file)))).toEqual([]);
    });
  });
});

// The checks above must catch what they claim to; each case breaks a sound entry one way.
describe('the catalog checks', () => {
  const stripe = parseEntryFile(join(ENTRIES_DIR, 'stripe.json'));
  const broken = (change: (entry: TApiDescription) => void) => {
    const copy = structuredClone(stripe) as TApiDescription;
    change(copy);
    return entryProblems(copy);
  };
  const op = (entry: TApiDescription, id: string) =>
    entry.resources.flatMap((r) => r.operations).find((o) => o.id === id)!;

  it('pass the Stripe entry', () => {
    expect(entryProblems(stripe)).toEqual([]);
  });

  it('catch unbalanced braces and path parameters missing on either side', () => {
    expect(broken((e) => void (op(e, 'getCustomer').path = '/v1/customers/{customer'))).toEqual(
      expect.arrayContaining([expect.stringContaining('unbalanced')]),
    );
    expect(broken((e) => void (op(e, 'getCustomer').path = '/v1/customers/{{customer}}'))).toEqual(
      expect.arrayContaining([expect.stringContaining('unbalanced')]),
    );
    expect(broken((e) => void (op(e, 'getCustomer').path = '/v1/customers/{id}'))).toEqual([
      'getCustomer: {id} has no in:"path" parameter',
      'getCustomer: path parameter customer is not in /v1/customers/{id}',
    ]);
  });

  it('catch a list without pagination or itemsPath, and repeated operation ids', () => {
    expect(
      broken((e) => {
        delete op(e, 'listCustomers').pagination;
        delete op(e, 'listInvoices').itemsPath;
        op(e, 'listCharges').id = 'listCustomers';
      }),
    ).toEqual([
      'operation id listCustomers is repeated',
      'listCustomers: a list operation needs pagination',
      'listInvoices: a list operation needs itemsPath',
    ]);
  });

  it('catch paging or since parameters the operation does not take', () => {
    expect(
      broken((e) => {
        op(e, 'listCustomers').pagination = {
          style: 'cursor',
          cursorParam: 'cursor',
          nextCursorPath: 'next',
        };
        op(e, 'listCharges').since = { param: 'since', format: 'unix-time', field: 'created' };
      }),
    ).toEqual([
      'listCustomers: cursor is neither a parameter nor a body field',
      'listCharges: since is neither a parameter nor a body field',
    ]);
  });

  it('catch an example without its id, an http URL, and a since field not in the schema', () => {
    expect(
      broken((e) => {
        delete e.resources[0]!.example['id'];
        e.docsUrl = 'http://docs.stripe.com/api';
        op(e, 'listInvoices').since = { param: 'created[gt]', format: 'unix-time', field: 'made' };
      }),
    ).toEqual([
      'http://docs.stripe.com/api is not https',
      'customer: example lacks its idField id',
      'listInvoices: since.field made is not in the invoice schema',
    ]);
  });

  it('catch messaging and webhooks that point at nothing', () => {
    expect(
      broken((e) => {
        e.messaging = { operationId: 'createCustomer', textField: 'text', channelField: 'name' };
        e.webhooks!.eventTypePath = 'kind';
      }),
    ).toEqual([
      'messaging.textField text is not in createCustomer',
      'webhook customer.subscription.deleted: example has nothing at kind',
      'webhook customer.created: example has nothing at kind',
      'webhook invoice.payment_failed: example has nothing at kind',
    ]);
    expect(
      broken((e) => void (e.messaging = { operationId: 'postMessage', textField: 't' })),
    ).toEqual(['messaging.operationId postMessage is not an operation']);
  });
});

// The GitHub entry's distiller (catalog/scripts/distill-github.ts) turns OpenAPI into our format;
// these cover the conversion on small documents, since the real one is fetched only when run.
describe('the GitHub distiller', () => {
  const document: OpenApiDocument = {
    paths: {
      '/repos/{owner}/{repo}/issues': {
        post: {
          operationId: 'issues/create',
          parameters: [
            { name: 'owner', in: 'path', schema: { type: 'string' } },
            { name: 'repo', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'old', in: 'query', deprecated: true, schema: { type: 'string' } },
            { name: 'session', in: 'cookie', schema: { type: 'string' } },
          ],
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['title', 'gone'],
                  properties: {
                    title: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
                    body: { type: 'string', nullable: true },
                    due: { type: 'string', format: 'date-time' },
                    count: { type: 'integer', format: 'int64' },
                    labels: {
                      type: 'array',
                      items: { anyOf: [{ type: 'string' }, { type: 'string' }] },
                    },
                    gone: { type: 'string', deprecated: true },
                    state: { type: 'string', enum: ['open', 'closed', null] },
                  },
                },
              },
            },
          },
          externalDocs: { url: 'https://docs.github.com/rest/issues/issues#create-an-issue' },
        },
      },
    },
  };
  const chosen: ChosenOperation = {
    resource: 'issue',
    operationId: 'issues/create',
    id: 'createIssue',
    kind: 'create',
    summary: 'Open an issue.',
  };

  it('takes method, path, parameters, body fields and the reference URL from the document', () => {
    expect(distillOperation(document, chosen)).toEqual({
      id: 'createIssue',
      kind: 'create',
      method: 'POST',
      path: '/repos/{owner}/{repo}/issues',
      summary: 'Open an issue.',
      params: [
        { name: 'owner', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'repo', in: 'path', required: true, schema: { type: 'string' } },
      ],
      body: {
        contentType: 'json',
        schema: {
          type: 'object',
          required: ['title'],
          properties: {
            title: { type: 'any' },
            body: { type: 'string', nullable: true },
            due: { type: 'string', format: 'date-time' },
            count: { type: 'integer' },
            labels: { type: 'array', items: { type: 'string' } },
            state: { type: 'string', enum: ['open', 'closed'] },
          },
        },
      },
      docsUrl: 'https://docs.github.com/rest/issues/issues#create-an-issue',
    });
  });

  it('merges allOf parts and stops describing objects past a few levels', () => {
    expect(
      toFieldSchema({
        allOf: [
          { properties: { a: { type: 'string' } }, required: ['a'] },
          {
            properties: {
              b: {
                type: 'object',
                properties: {
                  c: {
                    type: 'object',
                    properties: { d: { type: 'object', properties: { e: { type: 'string' } } } },
                  },
                },
              },
            },
          },
        ],
      }),
    ).toEqual({
      type: 'object',
      required: ['a'],
      properties: {
        a: { type: 'string' },
        b: {
          type: 'object',
          properties: { c: { type: 'object', properties: { d: { type: 'object' } } } },
        },
      },
    });
  });

  it('names an operation the document lacks, and a resource the entry lacks', () => {
    expect(() => distillOperation(document, { ...chosen, operationId: 'issues/nope' })).toThrow(
      'the OpenAPI document has no operation issues/nope',
    );
    const github = parseEntryFile(join(ENTRIES_DIR, 'github.json'));
    expect(() =>
      distillGithub(document, github, '2026-11-23', [{ ...chosen, resource: 'gist' }]),
    ).toThrow('issues/create: github.json has no resource "gist"');
  });

  it('validates what it distils: every resource keeps at least one operation', () => {
    const github = parseEntryFile(join(ENTRIES_DIR, 'github.json'));
    expect(() => distillGithub(document, github, '2026-11-23', [chosen])).toThrow(/operations/);
  });

  it('has a choice for every operation in github.json, so a re-run keeps them all', () => {
    const github = parseEntryFile(join(ENTRIES_DIR, 'github.json'));
    expect(CHOSEN.map((c) => c.id)).toEqual(
      github.resources.flatMap((r) => r.operations.map((op) => op.id)),
    );
  });
});
