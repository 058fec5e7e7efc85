import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Sub-records ("subtasks", "child tasks"): left out or kept alone by their parent field.

describe('records inside records of their kind', () => {
  const parentFilter = (prompt: string) =>
    plan(prompt, 'asana', 'todoist').filters.filter((f) => f.field === 'parent');

  it('leaves them out when the sentence says so', () => {
    for (const prompt of [
      'Mirror Asana project 3300 into Todoist, and never the child tasks.',
      'Mirror the tasks of Asana project 3300 into Todoist. Skip sub-tasks.',
      'Mirror Asana project 3300 into Todoist: archived ones stay out, nor do subtasks go in.',
    ]) {
      expect(parentFilter(prompt), prompt).toEqual([expect.objectContaining({ op: 'falsy' })]);
    }
  });

  it('keeps only them when the prompt says only', () => {
    expect(parentFilter('Mirror just the subtasks of Asana project 3300 into Todoist')).toEqual([
      expect.objectContaining({ op: 'truthy' }),
    ]);
  });

  it('reads nothing when they are simply included', () => {
    expect(
      parentFilter('Mirror Asana project 3300, tasks with their subtasks, into Todoist'),
    ).toEqual([]);
  });

  it('asks the list for the parent field it filters on', () => {
    const planned = plan(
      'Mirror Asana project 3300 into Todoist. Skip sub-tasks.',
      'asana',
      'todoist',
    );
    expect(String(planned.source?.query.opt_fields)).toContain('parent');
  });
});
