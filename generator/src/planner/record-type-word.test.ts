import { describe, expect, it } from 'vitest';
import { plan, ruleTo } from './catalog-plan.test-support.ts';

// The word a prompt calls the written record by, when it is one of the record's types, and a
// key written before its noun.

describe('the record named by its type', () => {
  it.each([
    ['Open a Jira story in project WEB for every new GitHub issue of acme/site.', 'Story'],
    ['File one Jira bug in project WEB per new GitHub issue of acme/site.', 'Bug'],
    ['For each new GitHub issue of acme/site, create an epic in Jira project WEB.', 'Epic'],
  ])('%s', (prompt, type) => {
    const planned = plan(prompt, 'github', 'jira');
    expect(ruleTo(planned, 'issuetype.name')).toMatchObject({ value: type });
    expect(planned.unresolved.join(' ')).not.toContain('"issuetype"');
  });

  it('leaves a word for the records read alone', () => {
    const planned = plan(
      'Create a Jira issue in project WEB for each bug in Sentry project web of org acme.',
      'sentry',
      'jira',
    );
    expect(ruleTo(planned, 'issuetype.name')).toBeUndefined();
  });

  it('reads a key written in capitals before its noun', () => {
    const planned = plan(
      'Raise a Jira task in the WEB project for every new GitHub issue of acme/site.',
      'github',
      'jira',
    );
    expect(ruleTo(planned, 'project.key')).toMatchObject({ value: 'WEB' });
  });
});
