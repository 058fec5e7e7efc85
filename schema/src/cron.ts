// One cron parser (croner) for the console's "next five fire times" and the API's
// validation, so what the user sees before saving is what the Temporal Schedule does.
// Browser-safe: croner and Intl only.
import { Cron } from 'croner';

/**
 * Field names in cron order, for messages. Temporal compiles the same 5-field syntax into its
 * calendar spec: numbers, `*`, ranges, lists, steps and English month and weekday names. The
 * extensions only some parsers know (`L`, `W`, `#`, `?`, seconds, `@daily`) are refused, so a
 * schedule never means one thing here and another in Temporal.
 */
const FIELDS = ['minute', 'hour', 'day-of-month', 'month', 'day-of-week'] as const;
const NUMERIC_FIELD = /^[0-9*,/-]+$/;
const MONTH_FIELD = /^(?:[0-9*,/-]|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)+$/i;
const WEEKDAY_FIELD = /^(?:[0-9*,/-]|sun|mon|tue|wed|thu|fri|sat)+$/i;
/** Each field's numbers, inclusive (day-of-week 7 is Sunday again, as in Temporal). */
const RANGES: ReadonlyArray<readonly [number, number]> = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function parseCron(expression: string, timeZone?: string): Cron {
  // No callback: croner only parses and computes dates, it schedules nothing. Temporal's
  // calendar spec needs every field to match, so a day-of-month and a day-of-week both
  // restricted mean "both" (`0 8 1-7 * MON`: the first Monday), not classic cron's "either".
  return new Cron(expression, { timezone: timeZone, domAndDow: true });
}

/** What is wrong with a 5-field cron expression, or null when it is valid and ever fires. */
export function cronProblem(expression: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== FIELDS.length)
    return 'must have 5 fields: minute hour day-of-month month day-of-week';
  for (const [index, field] of fields.entries()) {
    const allowed = index === 3 ? MONTH_FIELD : index === 4 ? WEEKDAY_FIELD : NUMERIC_FIELD;
    if (!allowed.test(field))
      return `${FIELDS[index]} "${field}": use numbers, *, ranges (1-5), lists (1,15) and steps (*/10)`;
    // Our own words for a number out of range: the parser's are off by one and prefixed.
    const [min, max] = RANGES[index] ?? [0, 0];
    const values = field.split('/')[0]?.match(/\d+/g) ?? [];
    const outside = values.map(Number).find((value) => value < min || value > max);
    if (outside !== undefined)
      return `${FIELDS[index]} "${field}": ${outside} is out of range (${min}–${max})`;
  }
  let cron: Cron;
  try {
    cron = parseCron(expression.trim());
  } catch (error) {
    // What is left (a backwards range, a step of 0): the parser's reason, without its name.
    const reason = (error instanceof Error ? error.message : String(error)).replace(
      /^CronPattern:\s*/,
      '',
    );
    return `is not a valid schedule: ${reason}`;
  }
  if (cron.nextRun() === null) return 'never fires (no date matches it)';
  return null;
}

/** An interval or a cron schedule, as ZSchedule describes them (kept structural to avoid a cycle). */
export type ScheduleForTimes = { everyMinutes: number } | { cron: string; timeZone: string };

/**
 * Seconds past each multiple of its interval at which an integration's interval schedule fires.
 * Temporal aligns interval specs to the Unix epoch, so without an offset every 15-minute
 * integration fires in the same second at :00, :15, :30 and :45: a burst that the scheduler
 * starts at its own rate, late for most of them (ADR 025). Derived from the integration's id,
 * so the same integration always fires at the same second, and the load arrives evenly.
 */
export function intervalOffsetSeconds(everyMinutes: number, integrationId: string): number {
  // FNV-1a over the id: stable across processes and well spread for UUIDs.
  let hash = 0x811c9dc5;
  for (let index = 0; index < integrationId.length; index++) {
    hash = Math.imul(hash ^ integrationId.charCodeAt(index), 0x01000193) >>> 0;
  }
  return hash % (everyMinutes * 60);
}

/**
 * The next `count` times a schedule fires after `from`. An integration's interval fires on
 * multiples of its length since the Unix epoch plus its offset (intervalOffsetSeconds), as the
 * Temporal spec the API writes; without an id, on the multiples themselves. Cron expressions are
 * read in their time zone. An invalid cron expression throws (validate with ZSchedule first).
 */
export function nextFireTimes(
  schedule: ScheduleForTimes,
  count: number,
  from: Date = new Date(),
  integrationId?: string,
): Date[] {
  if ('everyMinutes' in schedule) {
    const every = schedule.everyMinutes * 60_000;
    const offset =
      integrationId === undefined
        ? 0
        : intervalOffsetSeconds(schedule.everyMinutes, integrationId) * 1000;
    const first = (Math.floor((from.getTime() - offset) / every) + 1) * every + offset;
    return Array.from({ length: count }, (_, index) => new Date(first + index * every));
  }
  return parseCron(schedule.cron.trim(), schedule.timeZone).nextRuns(count, from);
}
