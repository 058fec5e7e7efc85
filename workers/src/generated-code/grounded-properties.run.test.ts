import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// A database's own properties, named by the prompt (generator/src/planner/open-properties.ts),
// in the generated code: chosen and mapped by their plain values, whatever their Notion type.

useSandbox();

describe('a Notion page’s own properties', () => {
  it('are filtered and mapped by the plain values their typed values hold', async () => {
    const page = (id: string, client: string, stage: string, value: number) => ({
      object: 'page',
      id,
      created_time: '2025-05-01T00:00:00.000Z',
      last_edited_time: '2025-05-01T00:00:00.000Z',
      url: `https://www.notion.so/${id}`,
      properties: {
        Client: { id: 'a', type: 'title', title: [{ plain_text: client }] },
        Stage: { id: 'b', type: 'status', status: { name: stage } },
        Value: { id: 'c', type: 'number', number: value },
      },
    });
    const notion = await mock(
      entry('notion'),
      {
        page: [
          page('p1', 'Acme', 'Signed', 1200),
          page('p2', 'Globex', 'Draft', 900),
          page('p3', 'Initech', 'Signed', 300),
        ],
      },
      // One page of results: this mock does not read a cursor sent in a POST body.
      10,
    );
    const airtable = await mock(entry('airtable'));
    const generated = generate(
      'Copy every page of Notion database 0a1b2c3d4e5f60718293a4b5c6d7e8f9 whose Stage is "Signed" into the Airtable table "Deals" of base appQ1w2E3r4T5y6U7. Mapping: Client -> Customer, Value -> Amount.',
      notion,
      airtable,
    );
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, notion, airtable));
    expect(airtable.written().map((r) => r.fields)).toEqual([
      { Customer: 'Acme', Amount: 1200 },
      { Customer: 'Initech', Amount: 300 },
    ]);
  });

  it('keeps the values a column takes and turns any other into the one the prompt names', async () => {
    const page = (id: string, region: string) => ({
      object: 'page',
      id,
      created_time: '2025-05-01T00:00:00.000Z',
      last_edited_time: '2025-05-01T00:00:00.000Z',
      url: `https://www.notion.so/${id}`,
      properties: {
        Client: { id: 'a', type: 'title', title: [{ plain_text: `Client ${id}` }] },
        Region: { id: 'b', type: 'select', select: { name: region } },
      },
    });
    const notion = await mock(
      entry('notion'),
      { page: [page('p1', 'emea'), page('p2', 'LATAM'), page('p3', 'AMER')] },
      10,
    );
    const airtable = await mock(entry('airtable'));
    const generated = generate(
      'Copy every Notion page of database 0a1b2c3d4e5f60718293a4b5c6d7e8f9 into the Airtable table "Deals" of base appQ1w2E3r4T5y6U7. Mapping: Client -> Customer, Region -> Territory. Territory accepts only EMEA, APAC and AMER; all other values become Rest of world.',
      notion,
      airtable,
    );
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, notion, airtable));
    expect(airtable.written().map((r) => (r.fields as Record<string, unknown>).Territory)).toEqual([
      'EMEA',
      'Rest of world',
      'AMER',
    ]);
  });
});
