import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// A value table whose rows set several destination fields, or skip the record
// (generator/src/planner/plan-field-rows.ts), in the generated code: the real sandbox against
// loopback mocks, every field each row sets written, and the skipped records never written.

useSandbox();

const ticket = (id: number, type: string, subject: string) => ({
  id,
  subject,
  description: `About ${subject}`,
  status: 'open',
  type,
  created_at: `2026-10-0${id}T10:00:00Z`,
  updated_at: `2026-10-0${id}T10:00:00Z`,
});

const issue = (id: number, state: string, title: string) => ({
  id,
  number: id,
  title,
  body: `Body of ${title}`,
  state,
  html_url: `https://github.com/octo/shop/issues/${id}`,
  user: { login: 'mona', id: 1 },
  created_at: `2026-10-0${id}T10:00:00Z`,
  updated_at: `2026-10-0${id}T10:00:00Z`,
});

describe('a value table that sets several fields', () => {
  it('writes the fields each row sets, the rest by “anything else”, and skips the rows that say so', async () => {
    const zendesk = await mock(entry('zendesk'), {
      ticket: [
        ticket(1, 'problem', 'Login fails'),
        ticket(2, 'question', 'Where is the invoice'),
        ticket(3, 'task', 'Rotate keys'),
        ticket(4, 'incident', 'Outage in EU'),
      ],
    });
    const jira = await mock(entry('jira'));
    const generated = generate(
      [
        'Open a Jira issue for every Zendesk ticket. The ticket type decides the project and issue type:',
        '  problem → project SUP, issue type Bug, priority High',
        '  question → project HELP, issue type Task',
        '  task → skip',
        '  anything else → project GEN, issue type Task',
      ].join('\n'),
      zendesk,
      jira,
    );
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, zendesk, jira));
    const written = (jira.written('issue') as Array<{ fields: Record<string, unknown> }>).map(
      (i) => [i.fields.summary, i.fields.project, i.fields.issuetype, i.fields.priority],
    );
    // A row that does not set the priority leaves it out.
    expect(written).toEqual([
      ['Login fails', { key: 'SUP' }, { name: 'Bug' }, { name: 'High' }],
      ['Where is the invoice', { key: 'HELP' }, { name: 'Task' }, undefined],
      ['Outage in EU', { key: 'GEN' }, { name: 'Task' }, undefined],
    ]);
  });

  it('reads a table on one line, and writes only the listed values when the rest is skipped', async () => {
    const github = await mock(entry('github'), {
      issue: [issue(1, 'open', 'Crash on start'), issue(2, 'closed', 'Typo in footer')],
    });
    const trello = await mock(entry('trello'));
    const generated = generate(
      'Copy each GitHub issue of octo/shop to a Trello card. The state picks the list: open → list 5f1a; everything else → leave out.',
      github,
      trello,
    );
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, github, trello));
    const written = (trello.written('card') as Array<Record<string, unknown>>).map((c) => [
      c.name,
      c.idList,
    ]);
    expect(written).toEqual([['Crash on start', '5f1a']]);
  });

  it('leaves out a number field a row does not set, rather than writing 0', async () => {
    const github = await mock(entry('github'), {
      issue: [issue(1, 'open', 'Crash on start'), issue(2, 'closed', 'Typo in footer')],
    });
    const zendesk = await mock(entry('zendesk'));
    const generated = generate(
      'File each GitHub issue of octo/shop as a Zendesk ticket. The state picks the priority and assignee: open → priority urgent, assignee 501; closed → priority low.',
      github,
      zendesk,
    );
    expectSuccess(await run(generated.code, github, zendesk));
    const written = (zendesk.written('ticket') as Array<Record<string, unknown>>).map((t) => [
      t.subject,
      t.priority,
      t.assignee_id,
    ]);
    expect(written).toEqual([
      ['Crash on start', 'urgent', 501],
      ['Typo in footer', 'low', undefined],
    ]);
  });
});
