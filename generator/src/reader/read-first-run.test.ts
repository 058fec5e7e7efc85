import { describe, expect, it } from 'vitest';
import { readFirstRun } from './read-first-run.ts';

const DAY = 86_400_000;

describe('what the first run of an incremental sync takes', () => {
  it('reads a window back from the first run, in words or figures', () => {
    expect(
      readFirstRun('Copy new invoices each hour. The first sync should go back 3 days.'),
    ).toMatchObject({ lookbackMs: 3 * DAY, phrase: 'The first sync should go back 3 days' });
    expect(
      readFirstRun('Sync refunds since last time (first time it runs: the past 12 hours)'),
    ).toMatchObject({ lookbackMs: 12 * 3_600_000 });
    expect(
      readFirstRun('Post new signups; for the first run, look back two weeks')?.lookbackMs,
    ).toBe(14 * DAY);
    expect(readFirstRun('New leads only, first run ever: last 48h.')?.lookbackMs).toBe(2 * DAY);
    expect(
      readFirstRun('On the very first run take the past week, then only new ones.')?.lookbackMs,
    ).toBe(7 * DAY);
    expect(readFirstRun('first import: start from 5 days ago')?.lookbackMs).toBe(5 * DAY);
  });

  it('reads "nothing old" as starting from now', () => {
    for (const prompt of [
      'Alert on new outages. First sync: send nothing old, begin from now on.',
      'On the first run do not post anything old, only remember where we are.',
      'The very first sync should skip the backlog.',
    ]) {
      expect(readFirstRun(prompt), prompt).toMatchObject({ lookbackMs: 0 });
    }
  });

  it('reads "everything" as the default it is, so the checklist can show it done', () => {
    const reading = readFirstRun(
      'Each run copies refunds since the last one; the first run can copy all of them.',
    );
    expect(reading).toEqual({ phrase: 'the first run can copy all of them' });
  });

  it('reads nothing from a first that is not about the run', () => {
    expect(
      readFirstRun('Use the first name and the first 200 characters of the body.'),
    ).toBeUndefined();
    expect(readFirstRun('Put the first line of the address in Street.')).toBeUndefined();
    expect(readFirstRun('On the first run, tag them "imported".')).toBeUndefined();
  });
});
