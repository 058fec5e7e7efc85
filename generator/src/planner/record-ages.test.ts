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

describe('an age that keeps the younger records', () => {
  it('keeps what is newer when the age is capped or the aged ones are left out', () => {
    for (const prompt of [
      'send #desk the tickets, but leave out any that are older than 6 days',
      'send #desk the tickets no older than 6 days',
      'send #desk the tickets that are under 6 days old',
      'send #desk the tickets opened less than 6 days ago',
    ])
      expect(ages(prompt)).toEqual([['created_at', 'within', [-6 * DAY, 1]]]);
  });

  it('reads no age inside a quoted message, and asks about a visit’s time it cannot see', () => {
    expect(
      ages('each ticket goes to #desk with the text "over 3 days old, please look"').filter(
        (f) => f[1] === 'before-now' || f[1] === 'within',
      ),
    ).toEqual([]);
    const visit = plan('users who signed in more than 9 days ago to #growth', 'zendesk', 'slack');
    expect(visit.unresolved.join(' ')).toMatch(/more than 9 days ago/);
  });

  it('leaves the state a record waits in to its own condition', () => {
    const filters = ages('send #desk the tickets that are pending for more than 4 days');
    expect(filters).toContainEqual(['created_at', 'before-now', -4 * DAY]);
    expect(filters).toContainEqual(['status', 'eq', 'pending']);
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

describe('"since Monday" with its date', () => {
  it('is the date, not this week', () => {
    const filters = plan(
      'HubSpot contacts created since Monday 6 April to #growth',
      'hubspot',
      'slack',
    ).filters;
    expect(filters.some((f) => f.calendar === 'week')).toBe(false);
  });
});

describe('a state chosen from a list with "either"', () => {
  it('asks, rather than keeping the first, when the rest of the list is not read', () => {
    const planned = plan(
      'to #desk, each ticket that is either low priority or new',
      'zendesk',
      'slack',
    );
    expect(planned.filters).toEqual([]);
    expect(planned.unresolved.join(' ')).toMatch(/either low priority or new/);
  });

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

describe('a period or a window still to come', () => {
  it('is on the record’s own time, never its creation', () => {
    const week = plan(
      'every Calendly meeting set for next week becomes a Todoist task',
      'calendly',
      'todoist',
    );
    expect(week.filters).toContainEqual(
      expect.objectContaining({
        field: 'start_time',
        op: 'within',
        calendar: 'week',
        value: [1, 2],
      }),
    );
    const ahead = plan('Stripe invoices due within the next 4 days go to #ar', 'stripe', 'slack');
    expect(ahead.filters).toContainEqual(
      expect.objectContaining({ field: 'due_date', op: 'within', value: [0, 4 * DAY] }),
    );
  });

  it('is asked about when the records keep no such time', () => {
    const charges = plan('Stripe charges of the coming month go to #ar', 'stripe', 'slack');
    expect(charges.filters.some((f) => f.op === 'within')).toBe(false);
    expect(charges.unresolved.join(' ')).toMatch(/coming month/);
  });
});

describe('a period after an event the records keep no time for', () => {
  it('is asked about instead of compared with the creation time', () => {
    const shipped = plan('Shopify orders shipped during last month to #ops', 'shopify', 'slack');
    expect(shipped.filters.some((f) => f.op === 'within')).toBe(false);
    expect(shipped.unresolved.join(' ')).toMatch(/last month/);
  });
});
