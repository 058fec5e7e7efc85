// A schedule in a description: "every 15 minutes", "hourly", "every weekday at 9:30". An
// interval becomes minutes; a daily or weekday time of day becomes a cron expression in UTC.

import type { TSchedule } from '@patchbay/schema';
import { clean, type Phrase } from './phrase.ts';

export interface ScheduleReading extends Phrase {
  /** 1 to 1440: the interval, or the cadence a cron expression keeps. */
  everyMinutes: number;
  /** 'HH:MM' when the description names a time of day. */
  timeOfDay?: string;
  /**
   * A daily or weekday cadence at a time of day is a cron expression, read in UTC (the
   * description names no zone; the review page changes it). See `readingSchedule`.
   */
  cron?: string;
  /** When the description asked for something the schedule only approximates, or assumes. */
  note?: string;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  'forty-five': 45,
  'forty five': 45,
  sixty: 60,
  ninety: 90,
};
export const NUMBER = `(\\d+|${Object.keys(NUMBER_WORDS)
  .filter((word) => word.length > 2)
  .join('|')})`;
const UNIT_MINUTES: Array<[RegExp, number]> = [
  [/^s(ec(ond)?s?)?$/, 1 / 60],
  [/^m(in(ute)?s?)?$/, 1],
  [/^h((ou)?rs?|r)?$/, 60],
  [/^d(ays?)?$/, 1440],
  [/^w(ee)?ks?$/, 10080],
];
const MAX_MINUTES = 1440;

export function toNumber(text: string): number {
  return NUMBER_WORDS[text.toLowerCase()] ?? Number(text);
}

export function unitMinutes(unit: string): number | undefined {
  return UNIT_MINUTES.find(([pattern]) => pattern.test(unit.toLowerCase()))?.[1];
}

export interface Match {
  start: number;
  end: number;
}

interface ScheduleMatch extends Match {
  minutes: number;
  note?: string;
}

const SCHEDULE_PATTERNS: Array<[RegExp, (m: RegExpExecArray) => number | undefined]> = [
  [
    new RegExp(
      `\\b(?:every|each)\\s+${NUMBER}\\s*(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|hr|h|days?|d|weeks?|wks?)\\b`,
      'i',
    ),
    (m) => {
      const unit = unitMinutes(m[2] ?? '');
      return unit === undefined ? undefined : toNumber(m[1] ?? '') * unit;
    },
  ],
  [/\b(?:every|each)\s+half[\s-]an?[\s-]hour\b|\b(?:every|each)\s+half[\s-]hour\b/i, () => 30],
  [/\b(?:every|each)\s+quarter[\s-](?:of\s+an\s+)?hour\b/i, () => 15],
  [
    new RegExp(
      `\\b(once|twice|${NUMBER}\\s+times)\\s+(?:a|an|per|each|every)\\s+(hour|day)\\b`,
      'i',
    ),
    (m) => {
      const times = /^once$/i.test(m[1] ?? '')
        ? 1
        : /^twice$/i.test(m[1] ?? '')
          ? 2
          : toNumber(m[2] ?? '');
      return (/hour/i.test(m[3] ?? '') ? 60 : 1440) / times;
    },
  ],
  [
    /\b(?:every|each)\s+(?:single\s+)?(second|minute|hour|day|morning|evening|night|weekday|week|month)\b/i,
    (m) => {
      const word = (m[1] ?? '').toLowerCase();
      if (word === 'second') return 1 / 60;
      if (word === 'minute') return 1;
      if (word === 'hour') return 60;
      if (word === 'week') return 10080;
      if (word === 'month') return 43200;
      return 1440;
    },
  ],
  [
    /\b(hourly|daily|nightly|weekly|monthly)\b/i,
    (m) =>
      ({ hourly: 60, daily: 1440, nightly: 1440, weekly: 10080, monthly: 43200 })[
        (m[1] ?? '').toLowerCase() as 'hourly'
      ],
  ],
];

const TIME_OF_DAY =
  /\bat\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?=\W|$)|\bat\s+(noon|midnight)\b/i;

/** The schedule a description asks for, as an interval the runtime can keep. */
export function readSchedule(prompt: string): ScheduleReading | undefined {
  return findSchedule(prompt)?.reading;
}

export function findSchedule(
  text: string,
): { reading: ScheduleReading; spans: Match[] } | undefined {
  let found: ScheduleMatch | undefined;
  for (const [pattern, toMinutes] of SCHEDULE_PATTERNS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const minutes = toMinutes(m);
    if (minutes === undefined || !Number.isFinite(minutes) || minutes <= 0) continue;
    if (!found || m.index < found.start) {
      found = { start: m.index, end: m.index + m[0].length, minutes };
    }
  }
  if (!found) return undefined;

  const spans: Match[] = [{ start: found.start, end: found.end }];
  let everyMinutes = Math.round(found.minutes);
  let note: string | undefined;
  if (found.minutes < 1) {
    everyMinutes = 1;
    note = 'the shortest interval is 1 minute';
  } else if (found.minutes > MAX_MINUTES) {
    everyMinutes = MAX_MINUTES;
    note = 'the longest interval is 1 day, so it runs daily';
  }
  // A daily cadence (not one clamped to daily) can keep a time of day and weekdays as cron.
  const daily = found.minutes === MAX_MINUTES;
  const weekdays = daily && /\bweekday/i.test(text.slice(found.start, found.end));

  let timeOfDay: string | undefined;
  let cron: string | undefined;
  const time = TIME_OF_DAY.exec(text);
  if (time && everyMinutes >= 60) {
    timeOfDay = clockTime(time);
    if (timeOfDay !== undefined) {
      spans.push({ start: time.index, end: time.index + time[0].length });
      if (daily) {
        const [hours, minutes] = timeOfDay.split(':').map(Number);
        cron = `${minutes} ${hours} * * ${weekdays ? '1-5' : '*'}`;
      } else {
        const timeNote = `an interval cannot keep a time of day, so it runs every ${describeMinutes(everyMinutes)} from deployment, not at ${timeOfDay}`;
        note = note ? `${note}; ${timeNote}` : timeNote;
      }
    }
  }
  if (weekdays && cron === undefined) cron = '0 0 * * 1-5';
  if (cron !== undefined) {
    const at = timeOfDay === undefined ? 'midnight (no time of day was named)' : timeOfDay;
    note = `it runs at ${at} UTC${weekdays ? ' on weekdays' : ''} (cron "${cron}"): set your time zone on the review page`;
  }
  const phrase = spans
    .map((span) => text.slice(span.start, span.end))
    .sort((a, b) => text.indexOf(a) - text.indexOf(b))
    .join(' … ');
  const reading: ScheduleReading = { everyMinutes, phrase: clean(phrase) };
  if (timeOfDay !== undefined) reading.timeOfDay = timeOfDay;
  if (cron !== undefined) reading.cron = cron;
  if (note !== undefined) reading.note = note;
  return { reading, spans };
}

function clockTime(m: RegExpExecArray): string | undefined {
  if (m[4]) return m[4].toLowerCase() === 'noon' ? '12:00' : '00:00';
  let hours = Number(m[1]);
  const minutes = Number(m[2] ?? '0');
  const meridiem = (m[3] ?? '').toLowerCase().replace(/\./g, '');
  if (meridiem === 'pm' && hours < 12) hours += 12;
  if (meridiem === 'am' && hours === 12) hours = 0;
  if (!m[2] && !meridiem) return undefined; // "at 5" is too vague to be a time
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** The integration's schedule for a reading: its cron in UTC, or its interval. */
export function readingSchedule(reading: ScheduleReading): TSchedule {
  return reading.cron !== undefined
    ? { cron: reading.cron, timeZone: 'UTC' }
    : { everyMinutes: reading.everyMinutes };
}

/** "every 15 minutes", "on cron 0 9 * * 1-5 (UTC)": a schedule as the code's header says it. */
export function describeSchedule(schedule: TSchedule): string {
  if ('cron' in schedule) return `on cron ${schedule.cron} (${schedule.timeZone})`;
  return `every ${describeMinutes(schedule.everyMinutes)}`;
}

export function describeMinutes(minutes: number): string {
  if (minutes === 1) return 'minute';
  if (minutes === 60) return 'hour';
  if (minutes === 1440) return 'day';
  if (minutes % 60 === 0) return `${minutes / 60} hours`;
  return `${minutes} minutes`;
}
