import type { TCapturedWrite, TPlanWrite } from '@patchbay/schema';
import { describe, expect, it } from 'vitest';
import { dryRunRecords, valueAt } from './dry-run-records.ts';

const captured = (body: unknown, side: TCapturedWrite['side'] = 'destination'): TCapturedWrite => ({
  side,
  method: 'POST',
  path: '/x',
  url: 'http://127.0.0.1/x',
  body,
  schemaErrors: [],
  response: null,
});

const write = (extra: Partial<TPlanWrite>): TPlanWrite =>
  ({
    resource: 'contact',
    operation: { operationId: 'createContact', method: 'POST', path: '/contacts' },
    kind: 'record',
    pathParams: {},
    query: {},
    headers: {},
    form: false,
    mapping: [
      { to: 'email', from: 'email', type: 'string', reason: 'same name' },
      { to: 'emails.0.value', from: 'email', type: 'string', reason: 'synonym' },
      { to: 'idList', value: 'list-1', type: 'string', reason: 'the plan' },
    ],
    ...extra,
  }) as TPlanWrite;

describe('dryRunRecords', () => {
  it('reads each mapped field from the record inside the container, destination writes only', () => {
    const records = dryRunRecords(
      [
        captured({ q: 1 }, 'source'),
        captured({ properties: { email: 'ada@example.com', emails: [{ value: 'a@x.org' }] } }),
        captured({ properties: { email: 'grace@example.com' } }),
      ],
      write({ container: { field: 'properties', kind: 'object' } }),
    );
    expect(records).toEqual([
      {
        fields: [
          { name: 'email', value: 'ada@example.com' },
          { name: 'emails.0.value', value: 'a@x.org' },
          { name: 'idList', value: '—' },
        ],
      },
      {
        fields: [
          { name: 'email', value: 'grace@example.com' },
          { name: 'emails.0.value', value: '—' },
          { name: 'idList', value: '—' },
        ],
      },
    ]);
  });

  it('splits a batch into its records and stops at the limit', () => {
    const batch = { itemsField: 'records', maxItems: 10 };
    const body = { records: [1, 2, 3].map((n) => ({ email: `${n}@x.org`, idList: 'l' })) };
    const records = dryRunRecords(
      [captured(body), captured(body)],
      write({ kind: 'batch', batch }),
      4,
    );
    expect(records).toHaveLength(4);
    expect(records[3]?.fields[0]).toEqual({ name: 'email', value: '1@x.org' });
  });

  it('reads a sheet row by its columns', () => {
    const records = dryRunRecords(
      [captured({ values: [['ada@example.com', 12]] })],
      write({ container: { field: 'values', kind: 'values-array' }, columns: ['email', 'total'] }),
    );
    expect(records).toEqual([
      {
        fields: [
          { name: 'email', value: 'ada@example.com' },
          { name: 'total', value: '12' },
        ],
      },
    ]);
  });

  it('shows a message as its channel and text', () => {
    const records = dryRunRecords(
      [captured({ channel: '#sales', text: 'New customer Ada' })],
      write({
        kind: 'message',
        mapping: [],
        message: { textField: 'text', channelField: 'channel', channel: '#sales', summary: false },
      }),
    );
    expect(records).toEqual([
      {
        fields: [
          { name: 'channel', value: '#sales' },
          { name: 'text', value: 'New customer Ada' },
        ],
      },
    ]);
  });

  it('reaches into arrays by index', () => {
    expect(valueAt({ a: [{ b: 1 }] }, 'a.0.b')).toBe(1);
    expect(valueAt({ a: 'text' }, 'a.b')).toBeUndefined();
  });
});
