import { findOperation, getCatalogEntry } from '@patchbay/catalog';
import type { TApiDescription } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { isRead, synthesizeResponse, valueFromSchema, WriteCapture } from './dry-run.ts';
import { countItems } from './response-body.ts';

// The write capture's rules (ADR 017) on catalog descriptions; the whole dry run through the
// API and the sandbox is api/src/routes/dry-run.test.ts.

function entry(id: string): TApiDescription {
  const found = getCatalogEntry(id);
  if (!found) throw new Error(`catalog entry ${id} is missing`);
  return found;
}

const notion = entry('notion');
const linear = entry('linear');
const NOTION = 'https://api.notion.com';
const LINEAR = 'https://api.linear.app';

function capture(source: TApiDescription, destination: TApiDescription, mode = 'dry-run') {
  return new WriteCapture(
    { mode: mode as 'dry-run' | 'live', source, destination },
    {
      source: { baseUrl: source === notion ? NOTION : LINEAR },
      destination: { baseUrl: destination === notion ? NOTION : LINEAR },
    },
    3,
  );
}

const json = (value: unknown) => JSON.stringify(value);
const documentOf = (id: string) =>
  linear.resources.flatMap((r) => r.operations).find((op) => op.id === id)?.graphql?.document ?? '';

describe('what counts as a read', () => {
  it('GET, HEAD and OPTIONS; a POST the description marks safe; a GraphQL query', () => {
    const notionSide = { description: notion, baseUrl: NOTION };
    expect(isRead('GET', undefined, null)).toBe(true);
    expect(isRead('HEAD', undefined, null)).toBe(true);
    expect(isRead('DELETE', undefined, null)).toBe(false);
    const query = findOperation(notionSide, 'POST', '/v1/databases/db1/query');
    expect(isRead('POST', query, {})).toBe(true);
    const create = findOperation(notionSide, 'POST', '/v1/pages');
    expect(isRead('POST', create, {})).toBe(false);
    // GraphQL: a query no operation matches still only reads; a mutation never does.
    expect(isRead('POST', undefined, { query: 'query { viewer { id } }' })).toBe(true);
    expect(isRead('POST', undefined, { query: 'mutation { issueDelete(id: "1") }' })).toBe(false);
    expect(isRead('POST', undefined, { name: 'x' })).toBe(false);
  });
});

describe('the capture', () => {
  it('sends reads and answers writes from the description, with schema errors', () => {
    const dry = capture(linear, notion);
    const list = { query: documentOf('listIssues'), variables: { first: 10 } };
    expect(
      dry.intercept('source', 'POST', new URL(`${LINEAR}/graphql`), json(list), 'application/json'),
    ).toBeUndefined();
    // The response thread counts a list read's items where the capture says they are.
    const itemsPath = dry.readItemsPath(
      'source',
      'POST',
      new URL(`${LINEAR}/graphql`),
      json(list),
      'application/json',
    );
    expect(itemsPath).toBe('data.issues.nodes');
    const answer = { data: { issues: { nodes: [{ id: 'a' }, { id: 'b' }] } } };
    dry.observe(
      'source',
      'POST',
      new URL(`${LINEAR}/graphql`),
      json(list),
      'application/json',
      countItems(answer, itemsPath ?? ''),
    );

    const page = { parent: { database_id: 'db1' }, properties: { Name: { title: [] } } };
    const first = dry.intercept(
      'destination',
      'POST',
      new URL(`${NOTION}/v1/pages`),
      json(page),
      'application/json',
    );
    expect(first?.response).toMatchObject({
      object: 'page',
      id: 'dry-run-1',
      parent: { database_id: 'db1' },
    });
    dry.intercept('destination', 'POST', new URL(`${NOTION}/v1/pages`), json({}), undefined);

    const report = dry.report({ text: (t) => t, value: (v) => v });
    expect(report.captured.map((c) => [c.operationId, c.schemaErrors])).toEqual([
      ['createPage', []],
      ['createPage', ['parent: is required', 'properties: is required']],
    ]);
    expect(report.summary).toBe(
      `read 2 ${linear.resources[0]?.plural} from Linear; would create 2 Notion pages; 2 schema errors`,
    );
  });

  it('answers a GraphQL mutation under data.<root field>, with the input echoed', () => {
    const found = findOperation({ description: linear, baseUrl: LINEAR }, 'POST', '/graphql', {
      query: documentOf('createIssue'),
    });
    if (!found) throw new Error('createIssue not found');
    const response = synthesizeResponse(
      found,
      { query: documentOf('createIssue'), variables: { input: { teamId: 't', title: 'Hi' } } },
      new URL(`${LINEAR}/graphql`),
      4,
    ) as { data: Record<string, Record<string, unknown>> };
    const [field] = Object.keys(response.data);
    expect(response.data[field as string]).toMatchObject({ id: 'dry-run-4', title: 'Hi' });
  });

  it('stops a run that captures more writes than it may make requests', () => {
    const dry = capture(linear, notion);
    const write = () =>
      dry.intercept('destination', 'DELETE', new URL(`${NOTION}/v1/blocks/b1`), null, undefined);
    write();
    write();
    write();
    expect(write).toThrow('request limit reached: a run may make at most 3 requests');
  });

  it('in a live run, only tallies what went out', () => {
    const live = capture(linear, notion, 'live');
    const body = json({ parent: { database_id: 'db1' }, properties: {} });
    expect(
      live.intercept('destination', 'POST', new URL(`${NOTION}/v1/pages`), body, undefined),
    ).toBeUndefined();
    live.observe('destination', 'POST', new URL(`${NOTION}/v1/pages`), body, undefined, 1);
    live.observe(null, 'POST', new URL('https://hooks.example.com/x'), null, undefined, 1);
    const report = live.report({ text: (t) => t, value: (v) => v });
    expect(report.captured).toEqual([]);
    expect(report.summary).toBe('no reads; created 1 Notion page; sent 1 other write to ctx.fetch');
  });
});

describe('valueFromSchema', () => {
  it('builds a value of the right shape and formats', () => {
    expect(
      valueFromSchema({
        type: 'object',
        properties: {
          ok: { type: 'boolean' },
          at: { type: 'string', format: 'date-time' },
          kind: { type: 'string', enum: ['a', 'b'] },
          items: { type: 'array', items: { type: 'string' } },
        },
      }),
    ).toEqual({ ok: true, at: '2026-01-01T00:00:00.000Z', kind: 'a', items: [] });
  });
});
