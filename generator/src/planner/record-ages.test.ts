import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// How old a record must be, said from the run's time, worded unlike any benchmark task.

const DAY = 86_400_000;

function ages(prompt: string, source = 'zendesk', destination = 'slack') {
  return plan(prompt, source, destination).filters.map((f) => [f.field, f.op, f.value]);
}

describe('an age counted back from the run', () => {
  it('compares the creation time for "older than" and "… ago"', () => {
    expect(ages('send #desk every ticket older than 4 days')).toEqual([
      ['created_at', 'before-now', -4 * DAY],
    ]);
    expect(ages('tickets that came in over two weeks ago go to #desk')).toEqual([
      ['created_at', 'before-now', -14 * DAY],
    ]);
    expect(ages('to #desk: the tickets which are 10+ days old')).toEqual([
      ['created_at', 'before-now', -10 * DAY],
    ]);
  });

  it('compares the update time for records left alone', () => {
    const alone = [
      'ping #desk about tickets nobody has touched for 36 hours',
      "ping #desk about tickets that haven't been updated in the last 36 hours",
      'ping #desk about tickets with no activity for more than 36 hours',
    ];
    for (const prompt of alone)
      expect(ages(prompt)).toEqual([['updated_at', 'before-now', -36 * 3_600_000]]);
  });

  it('takes the time field of the event the words name, and asks when the records keep none', () => {
    expect(
      ages('list in #eng the issues of acme/site closed over a week ago', 'github', 'slack'),
    ).toContainEqual(['closed_at', 'before-now', -7 * DAY]);
    const solved = plan('tickets solved more than a week ago to #desk', 'zendesk', 'slack');
    expect(solved.filters.map((f) => f.op)).not.toContain('before-now');
    expect(solved.unresolved.join(' ')).toMatch(/more than a week ago/);
  });

  it('keeps a rolling window that reaches back from the run apart from an age', () => {
    expect(ages('tickets updated in the past 3 days go to #desk')).toContainEqual([
      'updated_at',
      'within',
      [-3 * DAY, 1],
    ]);
  });
});

describe('a period that started earlier in the calendar', () => {
  it('reads "since Monday" as this week and "since the start of the month" as this month', () => {
    const week = plan('new HubSpot contacts since Monday to #growth', 'hubspot', 'slack');
    expect(week.filters).toContainEqual(
      expect.objectContaining({ op: 'within', calendar: 'week', value: [0, 1] }),
    );
    const month = plan(
      'HubSpot contacts created since the beginning of this month to #growth',
      'hubspot',
      'slack',
    );
    expect(month.filters).toContainEqual(
      expect.objectContaining({ op: 'within', calendar: 'month', value: [0, 1] }),
    );
  });
});

describe('a state chosen from a list with "either"', () => {
  it('keeps each listed state', () => {
    for (const prompt of [
      'to #desk, each ticket whose status is either new or pending',
      'to #desk, each ticket that is either new or pending',
    ]) {
      const filters = plan(prompt, 'zendesk', 'slack').filters;
      expect(filters).toContainEqual(
        expect.objectContaining({ field: 'status', op: 'in', value: ['new', 'pending'] }),
      );
    }
  });
});
