import { describe, expect, it } from 'vitest';
import { plan, ruleTo } from './catalog-plan.test-support.ts';

// The word a prompt calls the written record by, when it is one of the record's types.

describe('the record named by its type', () => {
  it.each([
    ['Open a Jira story in project WEB for every new GitHub issue of acme/site.', 'Story'],
    ['File one Jira bug in project WEB per new GitHub issue of acme/site.', 'Bug'],
    ['For each new GitHub issue of acme/site, create an epic in Jira project WEB.', 'Epic'],
    ['Mirror new GitHub issues of acme/site into Jira project WEB as a story each.', 'Story'],
  ])('%s', (prompt, type) => {
    const planned = plan(prompt, 'github', 'jira');
    expect(ruleTo(planned, 'issuetype.name')).toMatchObject({ value: type });
    expect(planned.unresolved.join(' ')).not.toContain('"issuetype"');
  });

  it.each([
    'Create a Jira issue in project WEB for each Zendesk ticket. Add a bug label to it.',
    'Create a Jira issue in project WEB for each new GitHub issue of acme/site, with a subtask checklist in the description.',
    'For each new GitHub issue of acme/site open a Jira story in project WEB only if it is labelled feature, else a Task.',
  ])('leaves the type alone: %s', (prompt) => {
    const source = prompt.includes('Zendesk') ? 'zendesk' : 'github';
    expect(ruleTo(plan(prompt, source, 'jira'), 'issuetype.name')).toBeUndefined();
  });

  it('leaves a word for the records read alone', () => {
    const planned = plan(
      'Create a Jira issue in project WEB for each bug in Sentry project web of org acme.',
      'sentry',
      'jira',
    );
    expect(ruleTo(planned, 'issuetype.name')).toBeUndefined();
  });
});
