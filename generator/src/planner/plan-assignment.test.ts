import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Whether records are assigned to someone, in the words people use for it.

describe('assignment conditions', () => {
  const filtersOf = (prompt: string, source: string) =>
    plan(prompt, source, 'slack').filters.map(({ field, op }) => ({ field, op }));

  it('keeps the records nobody has taken, however it is said', () => {
    for (const prompt of [
      'Each hour, send #queue the conversations no one has claimed yet.',
      'Tell #queue about unassigned conversations.',
      'Post conversations that are not assigned yet to #queue.',
    ]) {
      expect(filtersOf(prompt, 'help-scout'), prompt).toContainEqual({
        field: 'assignee',
        op: 'falsy',
      });
    }
  });

  it('reads a sentence that leaves them out, and an assignee list', () => {
    expect(
      filtersOf('Post open issues of octo/app to #dev. Skip the unassigned ones.', 'github'),
    ).toContainEqual({ field: 'assignees', op: 'truthy' });
    expect(
      filtersOf('Post open issues of octo/app that are already assigned to #dev.', 'github'),
    ).toContainEqual({ field: 'assignees', op: 'truthy' });
  });
});
