import { describe, expect, it } from 'vitest';
import type { VendorInstance } from './contract.ts';
import { applyMutation, fillPlaceholders } from './mock-data.ts';

// Clock placeholders and the three mutation kinds, on a bare instance's live collections.

const now = new Date('2026-03-01T12:00:00.000Z');

function instance(records: Record<string, unknown>[]): VendorInstance {
  return { handle: () => ({ status: 404 }), collections: () => ({ deals: records }) };
}

describe('clock placeholders', () => {
  it('fills exact placeholder strings only, with minute offsets', () => {
    expect(
      fillPlaceholders(
        {
          at: '{NOW}',
          before: '{NOW-90}',
          unix: '{NOW_UNIX+1}',
          ms: ['{NOW_MS}'],
          text: 'due {NOW}',
          other: '{LATER}',
        },
        now,
      ),
    ).toEqual({
      at: '2026-03-01T12:00:00.000Z',
      before: '2026-03-01T10:30:00.000Z',
      unix: 1772366460,
      ms: [1772366400000],
      text: 'due {NOW}',
      other: '{LATER}',
    });
  });
});

describe('mutations', () => {
  it('adds, merges nested fields on update, and removes by key', () => {
    const records: Record<string, unknown>[] = [
      { id: 1, stage: 'open', props: { owner: 'ada', amount: 5 } },
      { id: 2, stage: 'open', props: { owner: 'bob' } },
    ];
    const target = instance(records);
    const mutate = (op: 'add' | 'update' | 'remove', changes: Record<string, unknown>[]) =>
      applyMutation(
        target,
        { side: 'source', collection: 'deals', op, key: 'id', records: changes },
        now,
      );
    mutate('update', [{ id: 1, stage: 'won', props: { amount: 7 }, closed: '{NOW}' }]);
    mutate('remove', [{ id: 2 }]);
    mutate('add', [{ id: 3, stage: 'open' }]);
    expect(records).toEqual([
      {
        id: 1,
        stage: 'won',
        props: { owner: 'ada', amount: 7 },
        closed: '2026-03-01T12:00:00.000Z',
      },
      { id: 3, stage: 'open' },
    ]);
  });

  it('throws on a task mistake: unknown collection, record or missing key', () => {
    const target = instance([{ id: 1 }]);
    const base = { side: 'source' as const, records: [{ id: 9 }] };
    expect(() => applyMutation(target, { ...base, collection: 'x', op: 'add' }, now)).toThrow(
      /no collection "x"/,
    );
    expect(() =>
      applyMutation(target, { ...base, collection: 'deals', op: 'update', key: 'id' }, now),
    ).toThrow(/no record with id=9/);
    expect(() =>
      applyMutation(target, { ...base, collection: 'deals', op: 'remove' }, now),
    ).toThrow(/needs a key/);
  });
});
