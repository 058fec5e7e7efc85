import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// GitHub's issue list returns pull requests too; a plan leaves them out unless asked for.

const prFilter = (prompt: string) =>
  plan(prompt, 'github', 'slack').filters.find((f) => f.field === 'pull_request');

describe('records of another kind in a list', () => {
  it('are left out by default, and said so', () => {
    const planned = plan('Send each GitHub issue of octo/tools to Slack #dev', 'github', 'slack');
    expect(planned.filters).toContainEqual(
      expect.objectContaining({ field: 'pull_request', op: 'falsy' }),
    );
    expect(planned.assumptions.join(' ')).toContain('pull requests');
  });

  it('are left out by the prompt’s own words', () => {
    expect(prFilter('Send GitHub issues of octo/tools to #dev; ignore PRs.')?.phrase).toBe(
      'ignore PRs',
    );
  });

  it('are kept when the prompt asks for them too', () => {
    expect(prFilter('Send GitHub issues and pull requests of octo/tools to #dev')).toBeUndefined();
  });
});
