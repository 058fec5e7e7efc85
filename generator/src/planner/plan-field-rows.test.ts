import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Value tables whose rows name several destination fields ("problem → project SUP, issue
// type Bug"), or say the record is not wanted ("task → skip"): a rule a field, each from the
// same source field, and a filter.

const ticketsToIssues = (rows: string[]) =>
  plan(
    [
      'Open a Jira issue for every Zendesk ticket. The ticket type decides the project and issue type:',
      ...rows.map((r) => `  ${r}`),
    ].join('\n'),
    'zendesk',
    'jira',
  );

const rule = (planned: ReturnType<typeof plan>, to: string) =>
  planned.destination?.rules.find((r) => r.to === to);

describe('a value table whose rows set several fields', () => {
  it('gives each field a rule translating the same source field', () => {
    const planned = ticketsToIssues([
      'problem → project SUP, issue type Bug',
      'question → project HELP, issue type Task',
    ]);
    expect(rule(planned, 'project.key')).toMatchObject({
      from: 'type',
      values: [
        { from: 'problem', to: 'SUP' },
        { from: 'question', to: 'HELP' },
      ],
    });
    expect(rule(planned, 'issuetype.name')).toMatchObject({
      from: 'type',
      values: [
        { from: 'problem', to: 'Bug' },
        { from: 'question', to: 'Task' },
      ],
    });
    // Both required fields are filled, and nothing of the table is left over.
    expect(planned.blocking).toEqual([]);
    expect(planned.unresolved).toEqual([]);
    expect(planned.filters).toEqual([]);
    expect(planned.understood).toContain(
      'project.key ← type, translated: problem → SUP, question → HELP.',
    );
    expect(planned.understood).toContain(
      'issuetype.name ← type, translated: problem → Bug, question → Task.',
    );
  });

  it('takes the id field for a number, and the id in brackets after a name', () => {
    const planned = plan(
      [
        'Log every Clockify time entry in Harvest. Its project name picks the Harvest project and task:',
        '- Website → project 301, task Design (4401)',
        '- Support → project 302, task Helpdesk (4402)',
      ].join('\n'),
      'clockify',
      'harvest',
    );
    expect(rule(planned, 'project_id')).toMatchObject({
      from: 'project.name',
      type: 'integer',
      values: [
        { from: 'Website', to: '301' },
        { from: 'Support', to: '302' },
      ],
    });
    expect(rule(planned, 'task_id')).toMatchObject({
      from: 'project.name',
      values: [
        { from: 'Website', to: '4401' },
        { from: 'Support', to: '4402' },
      ],
    });
    // The rows are values, not mappings of fields named "Website" or "project".
    expect(planned.destination?.rules.map((r) => r.to)).not.toContain('Website');
    expect(planned.unresolved.join(' ')).not.toMatch(/Website|value table/);
  });

  it('leaves out a field a row does not set', () => {
    const planned = ticketsToIssues([
      'problem → project SUP, issue type Bug',
      'question → project HELP',
    ]);
    expect(rule(planned, 'issuetype.name')?.values).toEqual([
      { from: 'problem', to: 'Bug' },
      { from: 'question', to: '' },
    ]);
    expect(planned.understood).toContain(
      'issuetype.name ← type, translated: problem → Bug, question → (left out).',
    );
  });

  it('reads a table written on one line, its rows apart by semicolons', () => {
    const planned = ticketsToIssues([
      'Rows: problem → project SUP, issue type Bug; question → project HELP, issue type Task.',
    ]);
    expect(rule(planned, 'project.key')?.values).toEqual([
      { from: 'problem', to: 'SUP' },
      { from: 'question', to: 'HELP' },
    ]);
    expect(rule(planned, 'issuetype.name')?.values).toEqual([
      { from: 'problem', to: 'Bug' },
      { from: 'question', to: 'Task' },
    ]);
  });

  it('says which part of a row names no field, instead of dropping it', () => {
    const planned = plan(
      'Copy each GitHub issue of octo/shop to a Trello card. The state picks the board and list: open → board 7, list 5f1a; closed → board 8, list 5f1b.',
      'github',
      'trello',
    );
    expect(rule(planned, 'idList')?.values).toEqual([
      { from: 'open', to: '5f1a' },
      { from: 'closed', to: '5f1b' },
    ]);
    expect(planned.unresolved).toContain(
      'value table row "open → board 7, list 5f1a": "board 7" names no field of the card, so it is not written',
    );
    expect(planned.unresolved.join(' ')).toContain('"board 8" names no field');
  });
});

describe('a value table row that skips the record', () => {
  it.each(['skip', 'don’t copy', "don't copy", 'ignore', 'leave out', 'not synced', '—'])(
    'becomes a filter, never a value: "%s"',
    (skip) => {
      const planned = ticketsToIssues([
        'problem → project SUP, issue type Bug',
        'question → project HELP, issue type Task',
        `task → ${skip}`,
      ]);
      expect(planned.filters).toEqual([
        { field: 'type', op: 'not-in', value: ['task'], phrase: `task → ${skip}` },
      ]);
      for (const to of ['project.key', 'issuetype.name'])
        expect(rule(planned, to)?.values?.map((v) => v.from)).toEqual(['problem', 'question']);
      expect(planned.understood).toContain(
        `tickets whose type is task are not written ("task → ${skip}").`,
      );
    },
  );

  it('does so in a table of one field too', () => {
    const planned = plan(
      'Raise a Zendesk ticket per PagerDuty incident. Priority from the urgency: high → urgent, low → skip.',
      'pagerduty',
      'zendesk',
    );
    expect(rule(planned, 'priority')?.values).toEqual([{ from: 'high', to: 'urgent' }]);
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'urgency', op: 'not-in', value: ['low'] }),
    );
  });
});

describe('values no row lists', () => {
  it('become what “anything else” says, field by field', () => {
    const planned = ticketsToIssues([
      'problem → project SUP, issue type Bug',
      'question → project HELP, issue type Task',
      'anything else → project GEN, issue type Task',
    ]);
    expect(rule(planned, 'project.key')).toMatchObject({ otherwise: 'GEN' });
    expect(rule(planned, 'issuetype.name')).toMatchObject({ otherwise: 'Task' });
    expect(rule(planned, 'project.key')?.values?.map((v) => v.from)).toEqual([
      'problem',
      'question',
    ]);
    expect(planned.understood).toContain(
      'project.key ← type, translated: problem → SUP, question → HELP, anything else → GEN.',
    );
  });

  it('are not written when “everything else” is skipped', () => {
    const planned = ticketsToIssues([
      'problem → project SUP, issue type Bug',
      'question → project HELP, issue type Task',
      'everything else → skip',
    ]);
    expect(planned.filters).toEqual([
      {
        field: 'type',
        op: 'in',
        value: ['problem', 'question'],
        phrase: 'everything else → skip',
      },
    ]);
    expect(rule(planned, 'project.key')).not.toHaveProperty('otherwise');
  });

  it('pass as they are when the prompt does not say', () => {
    const planned = ticketsToIssues([
      'problem → project SUP, issue type Bug',
      'question → project HELP, issue type Task',
    ]);
    expect(rule(planned, 'project.key')).not.toHaveProperty('otherwise');
    expect(planned.filters).toEqual([]);
  });

  it('follow a sentence after the table that says what they become', () => {
    const planned = ticketsToIssues([
      'problem → project SUP, issue type Bug',
      'question → project HELP, issue type Task',
      'Anything else goes to project GEN, issue type Task.',
    ]);
    expect(rule(planned, 'project.key')).toMatchObject({ otherwise: 'GEN' });
    expect(rule(planned, 'issuetype.name')).toMatchObject({ otherwise: 'Task' });
  });

  it('are not written when a sentence after the table skips them', () => {
    const planned = ticketsToIssues([
      'problem → project SUP, issue type Bug',
      'question → project HELP, issue type Task',
      'Skip the rest.',
    ]);
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'type', op: 'in', value: ['problem', 'question'] }),
    );
  });

  it('follow “everything else” in a table of one field written in a sentence', () => {
    const planned = plan(
      'Raise a Zendesk ticket per PagerDuty incident. Priority from the urgency: high → urgent, everything else → low.',
      'pagerduty',
      'zendesk',
    );
    expect(rule(planned, 'priority')).toMatchObject({
      values: [{ from: 'high', to: 'urgent' }],
      otherwise: 'low',
    });
  });
});
