import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// A required reference the destination takes by name (Jira's issue type): the name the prompt
// gives after the reference's words, or before the record's noun for a kind of record.

const issueType = (prompt: string) =>
  plan(prompt, 'github', 'jira').destination?.rules.find((r) => r.to === 'issuetype.name');

describe('the name of a required reference', () => {
  it('is the capitalised word after its own words', () => {
    expect(
      issueType('Raise a Jira issue in project OPS per GitHub issue of acme/app; issue type: Story')
        ?.value,
    ).toBe('Story');
  });

  it('is the kind before the record noun, for a type', () => {
    expect(
      issueType('Turn GitHub issues of acme/app into Jira project OPS as Epic issues')?.value,
    ).toBe('Epic');
  });

  it('is never the record’s own text, so without a name the plan asks for one', () => {
    const planned = plan(
      'Turn GitHub issues of acme/app into Jira issues in project OPS',
      'github',
      'jira',
    );
    expect(planned.destination?.rules.some((r) => r.to.startsWith('issuetype'))).toBe(false);
    expect(planned.blocking.join(' ')).toContain('issuetype');
  });
});
