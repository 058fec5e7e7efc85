import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// A tag or label the prompt gives every record written goes into the destination's list of
// tags; a tag that chooses which records to read does not.

const labels = (prompt: string) =>
  plan(prompt, 'zendesk', 'github').destination?.rules.find((r) => r.to === 'labels');

describe('a tag given to every record written', () => {
  it('fills the list of labels with the one the prompt gives', () => {
    const rule = labels(
      'Open a GitHub issue in octo/tools for each Zendesk ticket, and attach the label "from-support" to it.',
    );
    expect(rule).toMatchObject({ value: 'from-support', type: 'array' });
  });

  it('reads one bare tag listed among other settings', () => {
    expect(
      labels(
        'A GitHub issue in octo/tools per Zendesk ticket, assignee octocat, label support-import.',
      ),
    ).toMatchObject({ value: 'support-import' });
    // Listed as a choice of records, it is none.
    expect(
      labels('Zendesk tickets with priority high, label vip, become GitHub issues in octo/tools.')
        ?.value,
    ).toBeUndefined();
  });

  it('is not a tag that chooses the records', () => {
    expect(
      labels('Zendesk tickets with the tag "escalated" become GitHub issues in octo/tools.')?.value,
    ).toBeUndefined();
    expect(
      labels(
        'Open a GitHub issue in octo/tools for each Zendesk ticket, but skip those where someone put the tag "spam".',
      )?.value,
    ).toBeUndefined();
  });

  it('leaves several tags unread rather than writing one of them', () => {
    expect(
      labels(
        'Open a GitHub issue in octo/tools for each Zendesk ticket and add the labels "support" and "triage".',
      )?.value,
    ).toBeUndefined();
  });
});
