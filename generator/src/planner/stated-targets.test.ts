import { describe, expect, it } from 'vitest';
import { entry, plan } from './catalog-plan.test-support.ts';
import { statedMappings } from './stated-mappings.ts';

// A stated mapping's destination named by the last word of its name ("date" for `spent_date`),
// "X is Y" as a mapping when X is a destination field and Y a field of the records, and a
// moment described by its verb ("the day the entry started").

const toggl = entry('toggl-track');
const entries = toggl.resources.find((r) => r.name === 'time entry') ?? toggl.resources[0]!;

describe('a stated mapping’s destination', () => {
  it('is the one field whose name ends in the words', () => {
    const planned = plan(
      'Each night, move Toggl time entries from workspace 8080 to Harvest under project 77, task 88; date = start and notes = description.',
      'toggl-track',
      'harvest',
    );
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'spent_date', from: 'start' }),
    );
    expect(planned.destination?.rules.map((r) => r.to)).not.toContain('date');
  });

  it('stays as written when several fields end in the words', () => {
    const [found] = statedMappings('date = start', entries, 'Toggl', ['starts_date', 'ends_date']);
    expect(found?.to).toBe('date');
  });
});

describe('"X is Y" between a destination field and a field of the records', () => {
  it('maps, and a moment described by its verb is that time field, as a day', () => {
    const planned = plan(
      'Each night, move Toggl time entries from workspace 8080 to Harvest under project 77, task 88. The date is the day the entry started; notes = description.',
      'toggl-track',
      'harvest',
    );
    expect(planned.destination?.rules).toContainEqual(
      expect.objectContaining({ to: 'spent_date', from: 'start', format: 'date' }),
    );
  });

  it('is no mapping when either side is not a field', () => {
    for (const text of [
      'the project is the one we bill',
      'the description is required',
      'the weather is nice',
    ])
      expect(
        statedMappings(text, entries, 'Toggl', ['spent_date', 'notes', 'project_id']),
        text,
      ).toEqual([]);
  });
});
