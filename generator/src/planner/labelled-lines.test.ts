import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Spec lines that name a destination field, a colon, then what fills it (worded unlike any
// benchmark task).

describe('"field: words" lines of a pasted spec', () => {
  it('map the field the left side names from the one the words name, qualifiers cut off', () => {
    const planned = plan(
      [
        'Source: GitLab, project 4410. Target: Todoist, a task per issue.',
        '- content: issue title',
        '* description: web_url (so people can click through)',
        '- due_date: due date as YYYY-MM-DD',
        'Closed issues are left out.',
      ].join('\n'),
      'gitlab',
      'todoist',
    );
    const rules = planned.destination?.rules ?? [];
    expect(rules).toContainEqual(expect.objectContaining({ to: 'content', from: 'title' }));
    expect(rules).toContainEqual(expect.objectContaining({ to: 'description', from: 'web_url' }));
    expect(rules).toContainEqual(expect.objectContaining({ to: 'due_date', from: 'due_date' }));
    // "Source:" and "Target:" are no fields of Todoist's tasks: nothing is mapped from them.
    expect(planned.unresolved.join('\n')).not.toMatch(/Source|Target/);
  });

  it('read no mapping from a quoted value, or from a left side that is no field', () => {
    const planned = plan(
      [
        'Every GitLab issue of project 4410 becomes a Todoist task.',
        '- content: "Review"',
        '- owner: author',
      ].join('\n'),
      'gitlab',
      'todoist',
    );
    const rules = planned.destination?.rules ?? [];
    expect(rules.filter((r) => r.to === 'content' && r.from !== undefined)).toEqual([
      expect.objectContaining({ from: 'title' }),
    ]);
    expect(rules.some((r) => r.to === 'owner')).toBe(false);
  });
});

describe('"field: words" items that share one line', () => {
  it('are read item by item, parted by a full stop or a semicolon', () => {
    const planned = plan(
      'Every GitLab issue of project 4410 becomes a Todoist task. content: issue title. description: web_url; due_date: due date as YYYY-MM-DD. Closed issues are left out.',
      'gitlab',
      'todoist',
    );
    const rules = planned.destination?.rules ?? [];
    expect(rules).toContainEqual(expect.objectContaining({ to: 'content', from: 'title' }));
    expect(rules).toContainEqual(expect.objectContaining({ to: 'description', from: 'web_url' }));
    expect(rules).toContainEqual(expect.objectContaining({ to: 'due_date', from: 'due_date' }));
  });

  it('leave a colon that heads a remark alone', () => {
    const planned = plan(
      'Every GitLab issue of project 4410 becomes a Todoist task. Heads-up: description stays short. Reminder: content is the issue title.',
      'gitlab',
      'todoist',
    );
    const rules = planned.destination?.rules ?? [];
    expect(rules.some((r) => r.to === 'description' && r.from === 'title')).toBe(false);
    expect(planned.unresolved.join('\n')).not.toMatch(/Heads-up|Reminder/);
  });
});
