import { describe, expect, it } from 'vitest';
import { readPeriods } from './read-periods.ts';

// Calendar periods as people write them, read as whole UTC days with an exclusive end.

const today = new Date('2030-05-20T09:00:00Z');
const spans = (text: string) =>
  readPeriods(text, today).map(({ start, end }) => [start ?? null, end ?? null]);

describe('calendar periods', () => {
  it('reads a month, a quarter and a single day', () => {
    expect(spans('tickets opened during March 2024')).toEqual([['2024-03-01', '2024-04-01']]);
    expect(spans('deals booked in Q3 2025, nothing else')).toEqual([['2025-07-01', '2025-10-01']]);
    expect(spans('deals booked in the fourth quarter of 2023')).toEqual([
      ['2023-10-01', '2024-01-01'],
    ]);
    expect(spans('shifts on Friday, 7 March 2025 only')).toEqual([['2025-03-07', '2025-03-08']]);
    expect(spans('anything dated 2024-02-29')).toEqual([['2024-02-29', '2024-03-01']]);
  });

  it('reads ranges, taking the year from the other end and the end day in', () => {
    expect(spans('between the 3rd of February and 9 February 2025')).toEqual([
      ['2025-02-03', '2025-02-10'],
    ]);
    expect(spans('invoices from Sept 28 through Oct 4, 2024')).toEqual([
      ['2024-09-28', '2024-10-05'],
    ]);
    expect(spans('the fortnight 1–14 December 2026')).toEqual([['2026-12-01', '2026-12-15']]);
    expect(spans('bookings for Aug 4-10, 2031')).toEqual([['2031-08-04', '2031-08-11']]);
    // A range across the new year: the start falls in the year before.
    expect(spans('signups from 28 December to 3 January 2027')).toEqual([
      ['2026-12-28', '2027-01-04'],
    ]);
  });

  it('reads an ISO moment as that moment, its last second or minute taken in', () => {
    expect(spans('logins between 2031-01-05T06:30:00Z and 2031-01-05T18:45:30Z')).toEqual([
      ['2031-01-05T06:30:00.000Z', '2031-01-05T18:45:31.000Z'],
    ]);
    expect(spans('payouts since 2031-02-01 09:15+02:00')).toEqual([
      ['2031-02-01T07:15:00.000Z', null],
    ]);
    expect(spans('payouts before 2031-02-01T09:15Z')).toEqual([[null, '2031-02-01T09:15:00.000Z']]);
  });

  it('reads open periods from the word before them', () => {
    expect(spans('payouts after 14 Feb 2025')).toEqual([['2025-02-15', null]]);
    expect(spans('payouts since 14 Feb 2025')).toEqual([['2025-02-14', null]]);
    expect(spans('orders placed before 2024-12-01')).toEqual([[null, '2024-12-01']]);
    expect(spans('orders placed up to 30 November 2024')).toEqual([[null, '2024-12-01']]);
  });

  it('takes a missing year from another date of the prompt, else says it assumed one', () => {
    expect(spans('Hosting renews in 2028. Send leads created 12–18 August.')).toEqual([
      ['2030-08-12', '2030-08-19'],
    ]);
    const [period] = readPeriods('visits on 2 June', today);
    expect(period).toMatchObject({ start: '2030-06-02', yearAssumed: true });
    const [dated] = readPeriods('As of 1 May 2029 we moved. Visits on 2 June.', today);
    expect(dated).toMatchObject({ start: '2029-05-01' });
    expect(readPeriods('As of 1 May 2029 we moved. Visits on 2 June.', today)[1]).toMatchObject({
      start: '2029-06-02',
      yearAssumed: false,
    });
  });

  it('reads nothing in quotes, in "may", or in times of day', () => {
    expect(spans('subject "Hours for 2–8 June 2025", sent to the team')).toEqual([]);
    expect(spans('this may take 2 days')).toEqual([]);
    expect(spans('(Monday 00:00 to Sunday 23:59)')).toEqual([]);
    expect(spans('set the reminder to 30 June')).toEqual([]);
  });
});
