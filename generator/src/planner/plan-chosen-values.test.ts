import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// "Field: A if …, otherwise B": the condition picks a field's value per record; it leaves no
// record out (worded unlike any benchmark task).

describe('a value chosen by a condition', () => {
  it('becomes a value table of the field the condition names, and no filter', () => {
    const planned = plan(
      'Copy every GitHub issue of octo/app into the Airtable table "Bugs" of base appQ1w2E3r4T5y6U7. Urgency: High if the state is open, otherwise Low.',
      'github',
      'airtable',
    );
    expect(planned.filters.some((f) => f.field === 'state')).toBe(false);
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({
        to: 'Urgency',
        from: 'state',
        values: [
          { from: 'open', to: 'High' },
          { from: '', to: 'Low' },
        ],
        otherwise: 'Low',
      }),
    );
  });

  it('is read after "with" or "else" too, on a field of the destination', () => {
    for (const prompt of [
      'Every GitLab issue of project 4410 becomes a Todoist task, with priority 4 when the state is opened, else 1.',
      'When we run, each GitLab issue of project 4410 becomes a Todoist task and set priority to 4 if the state is opened, otherwise 1.',
    ]) {
      const planned = plan(prompt, 'gitlab', 'todoist');
      expect(planned.filters, prompt).toEqual([]);
      expect(planned.destination?.rules, prompt).toContainEqual(
        expect.objectContaining({ to: 'priority', from: 'state', otherwise: '1' }),
      );
    }
  });

  it('writes the name of a reference object the label names', () => {
    const planned = plan(
      'Open a Jira issue in project OPS for each Sentry issue of organization acme; Priority: Highest when the level is fatal, else Medium.',
      'sentry',
      'jira',
    );
    expect(planned.filters.some((f) => f.field === 'level')).toBe(false);
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'priority.name', from: 'level', otherwise: 'Medium' }),
    );
  });

  it('is said as unresolved when the plan cannot express the condition', () => {
    const planned = plan(
      'Every GitLab issue of project 4410 becomes a Todoist task. priority: 4 if it has more than 3 upvotes, otherwise 1.',
      'gitlab',
      'todoist',
    );
    expect(planned.filters).toEqual([]);
    expect(planned.unresolved.join('\n')).toMatch(/priority: ".*upvotes.*" chooses its value/);
  });

  it('leaves a condition whose "otherwise" leaves records out a filter', () => {
    const planned = plan(
      'Every GitLab issue of project 4410 becomes a Todoist task if the state is opened, otherwise skip it.',
      'gitlab',
      'todoist',
    );
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'state', value: 'opened' }),
    );
  });
});
