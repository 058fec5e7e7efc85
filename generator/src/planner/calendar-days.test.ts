import { describe, expect, it } from 'vitest';
import { plan } from './catalog-plan.test-support.ts';

// Calendar writes as people ask for them: an all-day event on a record's day (its end the next
// day where the calendar's end is exclusive), the link to the record in a named field, no
// attendee made up from the record's name, and a calendar id shaped like an address.

const board =
  'Every 30 minutes, put the Trello cards of list 64f1c2d3e4a5b6c7d8e9f012 on Google Calendar (calendar id team.ops.1977@group.calendar.google.com)';

describe('a calendar event made from a record', () => {
  it('is an all-day event on the day the prompt names, ending the next day', () => {
    const planned = plan(
      `${board}: each card becomes an all-day event on its due date, titled with the card name.`,
      'trello',
      'google-calendar',
    );
    const rules = planned.destination?.rules ?? [];
    expect(rules).toContainEqual(
      expect.objectContaining({ to: 'start.date', from: 'due', format: 'date' }),
    );
    expect(rules).toContainEqual(
      expect.objectContaining({ to: 'end.date', from: 'due', format: 'date', shiftDays: 1 }),
    );
    expect(planned.blocking).toEqual([]);
  });

  it('takes the calendar id whole, address and all', () => {
    const planned = plan(
      `${board}: each card becomes an all-day event on its due date.`,
      'trello',
      'google-calendar',
    );
    expect(planned.destination?.pathParams.calendarId).toBe(
      'team.ops.1977@group.calendar.google.com',
    );
  });

  it('puts the link to the record where the words say, and makes up no attendee', () => {
    const planned = plan(
      `${board}: each card becomes an all-day event on its due date, with the link to the Trello card in the event description.`,
      'trello',
      'google-calendar',
    );
    const rules = planned.destination?.rules ?? [];
    expect(rules.find((r) => r.to === 'description')?.from).toMatch(/^(?:url|shortUrl)$/);
    expect(rules.filter((r) => r.to.startsWith('attendees.'))).toEqual([]);
  });

  it('leaves out records a later "should not be" sentence rules out', () => {
    const planned = plan(
      `${board}: each card becomes an all-day event on its due date. Cards without a due date should not be on the calendar.`,
      'trello',
      'google-calendar',
    );
    expect(planned.filters).toContainEqual(expect.objectContaining({ field: 'due', op: 'truthy' }));
    expect(planned.filters.filter((f) => f.field === 'due' && f.op === 'falsy')).toEqual([]);
  });
});
