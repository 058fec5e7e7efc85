import { describe, expect, it } from 'vitest';
import { cronProblem, intervalOffsetSeconds, nextFireTimes } from './cron.ts';
import { ZSchedule } from './schedule.ts';

describe('nextFireTimes', () => {
  it('puts interval ticks on multiples of the interval since the epoch, as Temporal does', () => {
    const from = new Date('2026-03-01T10:07:30Z');
    expect(nextFireTimes({ everyMinutes: 15 }, 3, from).map((time) => time.toISOString())).toEqual([
      '2026-03-01T10:15:00.000Z',
      '2026-03-01T10:30:00.000Z',
      '2026-03-01T10:45:00.000Z',
    ]);
    // A tick exactly at `from` is not next: it is now.
    expect(nextFireTimes({ everyMinutes: 15 }, 1, new Date('2026-03-01T10:15:00Z'))[0]).toEqual(
      new Date('2026-03-01T10:30:00Z'),
    );
  });

  it('puts an integration’s interval ticks at its own offset, the same every time', () => {
    const id = '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const offset = intervalOffsetSeconds(15, id);
    expect(offset).toBe(intervalOffsetSeconds(15, id));
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(offset).toBeLessThan(15 * 60);
    const from = new Date('2026-03-01T10:07:30Z');
    const times = nextFireTimes({ everyMinutes: 15 }, 3, from, id);
    expect(times[0]!.getTime()).toBeGreaterThan(from.getTime());
    expect(times[0]!.getTime() - from.getTime()).toBeLessThanOrEqual(15 * 60_000);
    for (const time of times) expect((time.getTime() / 1000) % (15 * 60)).toBe(offset);
    // An every-minute integration fires within its minute.
    expect(intervalOffsetSeconds(1, id)).toBeLessThan(60);
  });

  it('spreads a thousand integrations across the interval, not onto one second', () => {
    const offsets = Array.from({ length: 1000 }, (_, index) =>
      intervalOffsetSeconds(1, `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`),
    );
    const perSecond = new Map<number, number>();
    for (const offset of offsets) perSecond.set(offset, (perSecond.get(offset) ?? 0) + 1);
    // 1000 over 60 seconds is about 17 a second; no second takes more than twice that.
    expect(perSecond.size).toBe(60);
    expect(Math.max(...perSecond.values())).toBeLessThan(35);
  });

  it('reads a cron expression in its zone, across a daylight-saving change', () => {
    // Berlin moves from UTC+1 to UTC+2 on 29 March 2026: 09:00 local is 08:00Z, then 07:00Z.
    const times = nextFireTimes(
      { cron: '0 9 * * *', timeZone: 'Europe/Berlin' },
      3,
      new Date('2026-03-27T12:00:00Z'),
    );
    expect(times.map((time) => time.toISOString())).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('needs both day fields when both are restricted (the first Monday), as Temporal does', () => {
    const times = nextFireTimes(
      { cron: '0 8 1-7 * MON', timeZone: 'UTC' },
      2,
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(times.map((time) => time.toISOString())).toEqual([
      '2026-01-05T08:00:00.000Z',
      '2026-02-02T08:00:00.000Z',
    ]);
  });
});

describe('cronProblem', () => {
  it.each([
    ['*/5 * * * *', null],
    ['30 9 * * 1-5', null],
    ['0 0 1 jan,jul *', null],
    ['0 9 * *', /5 fields/],
    ['0 0 9 * * *', /5 fields/],
    ['0 9 L * *', /day-of-month "L"/],
    ['0 9 * * 5#2', /day-of-week "5#2"/],
    ['0 9 ? * *', /day-of-month/],
    ['61 * * * *', /^minute "61": 61 is out of range \(0–59\)$/],
    ['0 0 32 * *', /^day-of-month "32": 32 is out of range \(1–31\)$/],
    ['0 0 * 1-13 *', /^month "1-13": 13 is out of range \(1–12\)$/],
    ['0 0 * * 8', /^day-of-week "8": 8 is out of range/],
    ['*/90 * * * *', /^is not a valid schedule: Syntax error, steps/],
    ['5-1 * * * *', /^is not a valid schedule: (?!CronPattern)/],
    ['0 0 31 2 *', /never fires/],
  ])('%s', (expression, expected) => {
    const problem = cronProblem(expression);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  it('is what ZSchedule says about a cron schedule', () => {
    const result = ZSchedule.safeParse({ cron: '0 9 L * *', timeZone: 'UTC' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['cron'],
      message: expect.stringMatching(/day-of-month "L"/),
    });
    expect(ZSchedule.safeParse({ cron: ' 0 9 * * * ', timeZone: 'UTC' }).data).toEqual({
      cron: '0 9 * * *',
      timeZone: 'UTC',
    });
  });
});
