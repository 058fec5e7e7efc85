import { describe, expect, it } from 'vitest';
import { readMovingPeriods } from './read-moving-periods.ts';

describe('calendar periods that move with the run', () => {
  const read = (text: string) => readMovingPeriods(text).map(({ unit, span }) => [unit, span]);

  it('reads this, last and previous units, whole or not', () => {
    expect(read('Bookings made this week')).toEqual([['week', [0, 1]]]);
    expect(read('tickets solved during the previous calendar quarter')).toEqual([
      ['quarter', [-1, 0]],
    ]);
    expect(read('hours logged in the last complete month')).toEqual([['month', [-1, 0]]]);
    expect(read('refunds issued last year, and sales year-to-date')).toEqual([
      ['year', [-1, 0]],
      ['year', [0, 1]],
    ]);
  });

  it('leaves rolling windows and quoted text alone', () => {
    expect(read('signups from the last week')).toEqual([]);
    expect(read('subject "Totals for this month"')).toEqual([]);
  });
});
