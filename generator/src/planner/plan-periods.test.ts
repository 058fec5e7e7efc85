import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// A calendar period filters on the time field its words name: the time of the state
// ("closed"), the creation ("placed"), or the record's own time (an event's start).

describe('calendar periods on the records', () => {
  const periodFilters = (prompt: string, source: string, destination: string) =>
    plan(prompt, source, destination)
      .filters.filter((f) => f.op === 'gte' || f.op === 'lt')
      .map((f) => [f.field, f.op, f.value]);

  it('filters on the time of the state the words name', () => {
    expect(
      periodFilters(
        'For the audit, every issue of octo/tools that got closed in the second quarter of 2024 goes to Slack channel #audit.',
        'github',
        'slack',
      ),
    ).toEqual([
      ['closed_at', 'gte', '2024-04-01'],
      ['closed_at', 'lt', '2024-07-01'],
    ]);
  });

  it('finds a moment kept in an object of its own, even after a word for creation', () => {
    expect(
      periodFilters(
        'Tracked hours from workspace 7ab1 and user 9cd2 recorded during the week of 14-20 July 2025 go to Slack channel #time.',
        'clockify',
        'slack',
      ),
    ).toEqual([
      ['timeInterval.start', 'gte', '2025-07-14'],
      ['timeInterval.start', 'lt', '2025-07-21'],
    ]);
    expect(
      periodFilters(
        'Every meeting on calendar primary in February 2027: tell Slack channel #meetings.',
        'google-calendar',
        'slack',
      ),
    ).toEqual([
      ['start.dateTime', 'gte', '2027-02-01'],
      ['start.dateTime', 'lt', '2027-03-01'],
    ]);
  });

  it("filters on the creation time, or on the record's own time", () => {
    expect(
      periodFilters(
        'Post the Shopify orders placed between Jan 6 and Jan 12, 2025 to Slack channel #sales.',
        'shopify',
        'slack',
      ),
    ).toEqual([
      ['created_at', 'gte', '2025-01-06'],
      ['created_at', 'lt', '2025-01-13'],
    ]);
    expect(
      periodFilters(
        'Each Calendly meeting on 4 April 2025 becomes a Todoist task.',
        'calendly',
        'todoist',
      ),
    ).toEqual([
      ['start_time', 'gte', '2025-04-04'],
      ['start_time', 'lt', '2025-04-05'],
    ]);
  });

  it('says which days it took, and never reads the days as amounts', () => {
    const planned = plan(
      'Shopify orders created between 1 and 15 March 2025 go to Slack channel #sales.',
      'shopify',
      'slack',
    );
    expect(planned.blocking).toEqual([]);
    expect(planned.filters.filter((f) => f.field.includes('price'))).toEqual([]);
    expect(planned.assumptions.join(' ')).toContain('UTC');
  });
});
