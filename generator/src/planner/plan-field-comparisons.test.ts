import { describe, expect, it } from 'vitest';
import type { TFieldSchema } from '@patchbay/schema';
import { leaves } from './field-match.ts';
import { fieldComparisons } from './plan-field-comparisons.ts';

const number = { type: 'number' } as TFieldSchema;
const stockFields = leaves({
  type: 'object',
  properties: { on_hand: number, min_stock: number, sold: number, label: { type: 'string' } },
} as TFieldSchema);

describe('conditions between two fields of a record', () => {
  it('reads symbols and words, with the field names written either way', () => {
    expect(fieldComparisons('alert when on_hand <= min_stock (or lower)', stockFields)).toEqual([
      expect.objectContaining({ field: 'on_hand', op: 'lte', otherField: 'min_stock' }),
    ]);
    expect(
      fieldComparisons('rows where the on hand is at or below the min stock', stockFields),
    ).toEqual([expect.objectContaining({ field: 'on_hand', op: 'lte', otherField: 'min_stock' })]);
    expect(fieldComparisons('items whose sold exceeds on hand', stockFields)).toEqual([
      expect.objectContaining({ field: 'sold', op: 'gt', otherField: 'on_hand' }),
    ]);
  });

  it('reads nothing when a side is a number or names no field', () => {
    expect(fieldComparisons('when on_hand is below 5', stockFields)).toEqual([]);
    expect(fieldComparisons('when the weather is above average', stockFields)).toEqual([]);
  });
});
