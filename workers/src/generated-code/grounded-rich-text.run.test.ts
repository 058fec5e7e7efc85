import { describe, expect, it } from 'vitest';
import {
  entry,
  expectSuccess,
  generate,
  mock,
  run,
  useSandbox,
} from './grounded-generator.test-support.ts';

// A destination field described as a document format (Jira's Atlassian Document Format) gets
// the text as a document, lists get plain values, and a required reference its name from the
// prompt: the generated code, in the real sandbox, against loopback GitHub and Jira.

useSandbox();

const issues = [
  {
    id: 11,
    number: 5,
    title: 'Search returns stale results',
    body: 'Steps:\nsearch twice\n\nExpected fresh results.',
    state: 'open',
    html_url: 'https://github.com/octo/shop/issues/5',
    labels: [{ name: 'search' }, { name: 'p2' }],
    user: { login: 'mona', id: 1 },
    created_at: '2026-10-01T10:00:00Z',
    updated_at: '2026-10-01T10:00:00Z',
  },
];

describe('grounded template generator: rich text', () => {
  it('writes the body into Jira as a document, with label names and the issue type named', async () => {
    const github = await mock(entry('github'), { issue: issues });
    const jira = await mock(entry('jira'));
    const generated = generate(
      'File each GitHub issue of octo/shop in Jira project SHOP, issue type: Story.',
      github,
      jira,
    );
    expect(generated.unresolved).toEqual([]);
    expectSuccess(await run(generated.code, github, jira));
    const [created] = jira.written('issue') as Array<{ fields: Record<string, unknown> }>;
    expect(created?.fields.issuetype).toEqual({ name: 'Story' });
    expect(created?.fields.labels).toEqual(['search', 'p2']);
    expect(created?.fields.description).toEqual({
      type: 'doc',
      version: 1,
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Steps:' },
            { type: 'hardBreak' },
            { type: 'text', text: 'search twice' },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Expected fresh results.' }] },
      ],
    });
  });
});
