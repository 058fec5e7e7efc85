import { describe, expect, it } from 'vitest';
import { blockContradictions } from './contradictions.ts';
import type { FilterPlan, GroundedPlan } from './plan-types.ts';

// Conditions that exclude each other stop the plan, named, instead of writing nothing.

const blocked = (filters: FilterPlan[]) => {
  const messages: string[] = [];
  blockContradictions({ filters } as GroundedPlan, (m) => messages.push(m));
  return messages;
};

describe('conditions no record can meet together', () => {
  it('names both when a state is asked for and left out', () => {
    expect(
      blocked([
        { field: 'archived', op: 'falsy', phrase: 'live ones' },
        { field: 'archived', op: 'truthy', phrase: 'archived boards' },
      ]),
    ).toEqual([
      'conditions no record can meet together: "live ones" and "archived boards" (both on archived), so nothing would be written; say which records are wanted',
    ]);
    expect(
      blocked([
        { field: 'state', op: 'eq', value: 'open', phrase: 'open' },
        { field: 'state', op: 'eq', value: 'merged', phrase: 'merged' },
      ]),
    ).toHaveLength(1);
    expect(
      blocked([
        { field: 'done', op: 'eq', value: false, phrase: 'to do' },
        { field: 'done', op: 'truthy', phrase: 'done items' },
      ]),
    ).toHaveLength(1);
  });

  it('lets conditions a record can meet together through', () => {
    expect(
      blocked([
        { field: 'state', op: 'ne', value: 'closed', phrase: 'not closed' },
        { field: 'state', op: 'ne', value: 'merged', phrase: 'not merged' },
        { field: 'amount', op: 'gte', value: 10, phrase: 'at least 10' },
        { field: 'amount', op: 'lt', value: 20, phrase: 'under 20' },
        { field: 'region', op: 'eq', value: 'EU', phrase: 'EU' },
        { field: 'region', op: 'eq', value: 'eu', phrase: 'region eu' },
      ]),
    ).toEqual([]);
  });
});
