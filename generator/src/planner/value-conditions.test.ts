import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// "(empty if …)" says what a field holds when the record lacks something; it chooses no records.

describe('a condition on what a field holds', () => {
  it('is no filter on the records', () => {
    for (const prompt of [
      'Copy each Asana task to Trello list 64f1a2b3c4d5e6f7a8b9c0d1 as a card; Members: the assignee (blank when the task is unassigned).',
      'Copy each Asana task to Trello list 64f1a2b3c4d5e6f7a8b9c0d1 as a card, with the due date, left empty if there is no due date.',
    ]) {
      expect(plan(prompt, 'asana', 'trello').filters, prompt).toEqual([]);
    }
  });

  it('leaves a filter beside it alone', () => {
    const planned = plan(
      'Copy each Asana task to Trello list 64f1a2b3c4d5e6f7a8b9c0d1 as a card (description empty if there are no notes). Skip tasks that are completed.',
      'asana',
      'trello',
    );
    expect(planned.filters.map((f) => [f.field, f.op])).toEqual([['completed', 'falsy']]);
  });
});
