import type { TFieldSchema, TOperation } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { getCatalogEntry } from './load-catalog.ts';
import { findOperation } from './find-operation.ts';
import { parseFormBody, validateRequestBody, validateValue } from './validate-value.ts';

const contact: TFieldSchema = {
  type: 'object',
  required: ['email', 'status'],
  properties: {
    email: { type: 'string', format: 'email' },
    status: { type: 'string', enum: ['open', 'closed'] },
    due: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'date-time' },
    count: { type: 'integer' },
    id: { type: 'string', readOnly: true },
    custom: { type: 'object', additionalProperties: true, properties: { a: { type: 'string' } } },
    tags: { type: 'array', items: { type: 'string' } },
    note: { type: 'string', nullable: true },
  },
};

describe('validateValue', () => {
  it('accepts a value that fits', () => {
    expect(
      validateValue(contact, {
        email: 'ada@example.com',
        status: 'open',
        due: '2026-01-31',
        at: '2026-01-31T10:00:00Z',
        count: 3,
        custom: { a: 'x', anything: 1 },
        tags: ['a'],
        note: null,
      }),
    ).toEqual([]);
  });

  it('names each problem by its path', () => {
    expect(
      validateValue(contact, {
        email: 'not-an-address',
        due: '31/01/2026',
        at: 'yesterday',
        count: 1.5,
        id: 'x',
        colour: 'red',
        tags: ['a', 2],
      }),
    ).toEqual([
      { path: 'status', message: 'is required' },
      { path: 'email', message: 'must be an email address' },
      { path: 'due', message: 'must be a date (YYYY-MM-DD)' },
      { path: 'at', message: 'must be an ISO 8601 date-time' },
      { path: 'count', message: 'must be an integer' },
      { path: 'id', message: 'is read-only' },
      { path: 'colour', message: 'is not a known field' },
      { path: 'tags.1', message: 'must be a string' },
    ]);
    expect(validateValue(contact, { email: 'a@b.c', status: 'gone' })).toEqual([
      { path: 'status', message: 'must be one of open, closed' },
    ]);
    expect(validateValue(contact, null)).toEqual([{ path: '(body)', message: 'must not be null' }]);
  });

  it('leaves out required fields for a partial update, and types for form text', () => {
    expect(validateValue(contact, { status: 'closed' }, { partial: true })).toEqual([]);
    expect(
      validateValue(contact, { email: 'a@b.c', status: 'open', count: '3' }, { form: true }),
    ).toEqual([]);
  });
});

describe('validateRequestBody and findOperation', () => {
  const mailchimp = getCatalogEntry('mailchimp');
  if (!mailchimp) throw new Error('the catalog has no mailchimp');
  const side = { description: mailchimp, baseUrl: 'https://us6.api.mailchimp.com/3.0' };

  it('relates a concrete request to its operation, as the static check does', () => {
    expect(findOperation(side, 'POST', '/lists/aud1/members')?.operation.id).toBe('addMember');
    expect(findOperation(side, 'patch', '/lists/aud1/members/abc')?.operation.id).toBe(
      'updateMember',
    );
    expect(findOperation(side, 'PUT', '/lists/aud1/webhooks')).toBeUndefined();
  });

  it('wants a body where the operation takes one, and keeps batches within their limit', () => {
    const add = findOperation(side, 'POST', '/lists/aud1/members')?.operation as TOperation;
    expect(validateRequestBody(add, null)).toEqual([
      { path: '(body)', message: 'a request body is required' },
    ]);
    const batch = findOperation(side, 'POST', '/lists/aud1')?.operation as TOperation;
    const limit = batch.batch?.maxItems ?? 0;
    const members = Array.from({ length: limit + 1 }, (_, i) => ({
      email_address: `m${i}@example.com`,
      status: 'subscribed',
    }));
    expect(validateRequestBody(batch, { [batch.batch?.itemsField ?? '']: members }).at(-1)).toEqual(
      {
        path: batch.batch?.itemsField,
        message: `at most ${limit} items per request`,
      },
    );
  });

  it('tells GraphQL operations on one endpoint apart by their document', () => {
    const linear = getCatalogEntry('linear');
    if (!linear) throw new Error('the catalog has no linear');
    const create = linear.resources
      .flatMap((r) => r.operations)
      .find((op) => op.id === 'createIssue');
    const found = findOperation(
      { description: linear, baseUrl: 'https://api.linear.app' },
      'POST',
      '/graphql',
      { query: create?.graphql?.document, variables: {} },
    );
    expect(found?.operation.id).toBe('createIssue');
  });
});

describe('parseFormBody', () => {
  it('reads bracketed names as nesting, as Stripe sends them', () => {
    expect(parseFormBody('email=a%40b.c&metadata[plan]=pro&items[0][price]=p1')).toEqual({
      email: 'a@b.c',
      metadata: { plan: 'pro' },
      items: [{ price: 'p1' }],
    });
  });
});
