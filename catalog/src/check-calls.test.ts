import { describe, expect, it } from 'vitest';
import { checkCalls, type CheckTarget } from './check-calls.ts';
import { getCatalogEntry } from './load-catalog.ts';

const stripe = getCatalogEntry('stripe')!;
const target: CheckTarget = {
  source: { description: stripe, baseUrl: 'https://api.stripe.com' },
};

function check(body: string, t: CheckTarget = target) {
  return checkCalls(`export default async function run(ctx) {\n${body}\n}`, t);
}

describe('checkCalls', () => {
  it('accepts described calls and names the operation each one uses', () => {
    const { calls, warnings } = check(
      `const page = await ctx.source.get('/v1/customers', { query: { limit: 100 } });
       const one = await ctx.source.get(\`/v1/customers/\${page.data[0].id}\`);
       await ctx.source.request('GET', '/v1/customers/search', { query: { query: "email:'a@b.c'" } });`,
    );
    expect(warnings).toEqual([]);
    expect(calls.map((c) => c.operationId)).toEqual([
      'listCustomers',
      'getCustomer',
      'searchCustomers',
    ]);
    expect(calls[0]?.docsUrl).toBe('https://docs.stripe.com/api/customers/list');
  });

  it('reports an unknown path with its line and column, and suggests the nearest one', () => {
    const { warnings } = check(`  const page = await ctx.source.get('/v1/clients');`);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      code: 'UNKNOWN_PATH',
      side: 'source',
      line: 2,
      column: 37,
    });
    expect(warnings[0]?.message).toMatch(/Stripe has no GET \/v1\/clients/);
  });

  it('reports a method the path does not take', () => {
    const { warnings } = check(`await ctx.source.put('/v1/customers/cus_1', { json: {} });`);
    expect(warnings[0]).toMatchObject({ code: 'UNKNOWN_METHOD' });
    expect(warnings[0]?.message).toMatch(/takes GET, POST/);
  });

  it('reports a missing required query parameter, in the query object or the path', () => {
    expect(
      check(`await ctx.source.get('/v1/customers/search', { query: { limit: 5 } });`).warnings[0],
    ).toMatchObject({
      code: 'MISSING_PARAMETER',
    });
    expect(check(`await ctx.source.get('/v1/customers/search?query=x');`).warnings).toEqual([]);
    // A query built elsewhere cannot be read, so nothing is said.
    expect(
      check(`const q = {}; await ctx.source.get('/v1/customers/search', { query: q });`).warnings,
    ).toEqual([]);
  });

  it('reports unknown and read-only body fields, but not when the body is built elsewhere', () => {
    const { warnings } = check(
      `await ctx.source.post('/v1/customers', { json: { email: 'a@b.c', nickname: 'x', created: 1 } });`,
    );
    expect(warnings.map((w) => w.code)).toEqual(['UNKNOWN_FIELD', 'READ_ONLY_FIELD']);
    expect(warnings[0]?.message).toMatch(/'nickname'/);
    expect(
      check(`const body = {}; await ctx.source.post('/v1/customers', { json: body });`).warnings,
    ).toEqual([]);
  });

  it('follows aliases of the clients and the base URL path the user typed', () => {
    const withPrefix: CheckTarget = {
      destination: { description: stripe, baseUrl: 'https://api.stripe.com/v1/' },
    };
    const { warnings, calls } = check(
      `const { destination } = ctx; const dest = ctx.destination;
       await destination.get('/customers'); await dest.get('/charges'); await dest.get('/nope');`,
      withPrefix,
    );
    expect(calls.map((c) => c.operationId)).toEqual(['listCustomers', 'listCharges', undefined]);
    expect(warnings.map((w) => w.code)).toEqual(['UNKNOWN_PATH']);
  });

  it('fits a base URL whose description path has a template part (QuickBooks realmId)', () => {
    const quickbooks = getCatalogEntry('quickbooks')!;
    expect(quickbooks.baseUrl).toContain('{realmId}');
    const connection: CheckTarget = {
      source: { description: quickbooks, baseUrl: 'http://127.0.0.1:4010/v3/company/9130' },
    };
    const { warnings, calls } = check(
      `await ctx.source.request('GET', '/query', { query: { query: 'select * from Invoice' } });
       await ctx.source.request('GET', '/nowhere');`,
      connection,
    );
    expect(calls[0]?.operationId).toBeDefined();
    expect(warnings.map((w) => [w.code, w.line])).toEqual([['UNKNOWN_PATH', 3]]);
  });

  it('says nothing about sides without a description, computed paths, or code that does not parse', () => {
    expect(check(`await ctx.destination.get('/anything');`).warnings).toEqual([]);
    expect(check(`const p = '/x'; await ctx.source.get(p);`).calls).toEqual([]);
    expect(checkCalls('export default async function run(ctx) {', target)).toEqual({
      calls: [],
      warnings: [],
    });
  });
});
