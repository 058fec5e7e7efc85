import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// A list that needs the caller's own user (Calendly's events need `user`) is given it from the
// get that answers with the account the credentials belong to, with no TODO: "my meetings" are
// the connected account's.

describe('a required parameter that names the caller’s own user', () => {
  it('is read from the get that needs no id, before the list', () => {
    const planned = plan(
      'Post a Slack message in #sales for every meeting booked in my Calendly this week, with the invitee name.',
      'calendly',
      'slack',
    );
    const lookup = planned.lookups.find((l) => l.target.name === 'user');
    expect(lookup?.operation.path).toBe('/users/me');
    expect(lookup?.itemsPath).toBe('resource');
    expect(lookup?.idField).toBe('uri');
    expect(planned.source?.query.user).toBe('');
    expect(planned.blocking).toEqual([]);
    expect(planned.unresolved.join(' ')).not.toMatch(/\buser\b/);
  });

  it('is not the caller’s when the prompt names someone', () => {
    const planned = plan(
      "Log the Calendly events of our sales rep (user 'Jane Doe') to spreadsheet 1AbCdEfGh.",
      'calendly',
      'google-sheets',
    );
    expect(planned.lookups.filter((l) => l.operation.path === '/users/me')).toEqual([]);
    expect(planned.blocking.join(' ')).toContain('user');
  });
});
