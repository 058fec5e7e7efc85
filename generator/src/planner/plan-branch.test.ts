import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// The branch a prompt names for code records, as a filter on the record's branch field.

describe('a branch the prompt names', () => {
  it('is the branch a pipeline ran on, quoted, bare or with the word "branch"', () => {
    for (const prompt of [
      'Tell #qa about failed GitLab pipelines of project 9 on `trunk`',
      'Tell #qa about failed GitLab pipelines of project 9 on the hotfix-12 branch',
      'Tell #qa about failed GitLab pipelines of project 9 that ran on master',
    ]) {
      const branch = plan(prompt, 'gitlab', 'slack').filters.find((f) => f.field === 'ref');
      expect(branch?.value, prompt).toMatch(/^(trunk|hotfix-12|master)$/);
    }
  });

  it('is the target branch of a merge request merged "into" it', () => {
    const into = plan(
      'Announce in #rel each GitLab MR of project 9 going into staging',
      'gitlab',
      'slack',
    );
    expect(into.filters).toContainEqual(
      expect.objectContaining({ field: 'target_branch', value: 'staging' }),
    );
  });

  it('is nothing when the word after "on" is not a branch', () => {
    const days = plan(
      'Tell #qa about failed GitLab pipelines of project 9 on Mondays',
      'gitlab',
      'slack',
    );
    expect(days.filters.some((f) => f.field === 'ref')).toBe(false);
  });
});
