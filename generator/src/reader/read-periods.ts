// Calendar periods a prompt names: "in March 2024", "between 4 and 19 August 2031", "the week of
// 7–13 April", "on 12 August 2031", "Q1 2025", "from 9 May 2030 on", "before 1 March". Each
// becomes a span of whole days, [start, end) in UTC, the end exclusive: "4 to 19 August" ends
// at the start of 20 August. Times of day inside a period ("Friday 08:00 to Sunday 20:00") are read
// as the whole days they bound; an ISO moment ("2031-08-04T09:30Z") is read as that moment. Quoted text is never read: a subject "Week of 4–9 March" is a
// template, not a condition.

import { withoutQuotes } from './phrase.ts';

export interface PeriodReading {
  /** The words it was read from, with the word that introduces it ("between …", "in …"). */
  phrase: string;
  /** Where the phrase starts in the prompt. */
  index: number;
  /** First day in the period, YYYY-MM-DD; absent: open towards the past ("before 1 March"). */
  start?: string;
  /** First day after the period, YYYY-MM-DD; absent: open towards the future ("from 9 May"). */
  end?: string;
  /** A date was written without its year, and no other date in the prompt gave one. */
  yearAssumed: boolean;
}

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const WEEKDAY = '(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?,?\\s+)?';
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:19|20)\\d\\d)';
const DASH = '\\s*(?:–|—|-|to|and|until|till|through|thru)\\s*';

/** A date as written: some of its parts, and how much of the calendar it covers. */
interface Written {
  year?: number;
  month: number;
  day?: number;
  /** A quarter covers three months from `month`. */
  quarter?: boolean;
  /** A moment written to the minute or second ("2031-08-04T09:30:00Z"), and that precision. */
  instant?: { at: number; precisionMs: number };
  at: number;
  length: number;
}

const monthOf = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase() as never) + 1;

/** Every date written outside quotes, left to right, longest form first at each place. */
function writtenDates(text: string): Written[] {
  const forms: Array<[RegExp, (m: RegExpExecArray) => Omit<Written, 'at' | 'length'>]> = [
    [
      // An ISO moment, UTC unless it says otherwise: the period starts or ends there, not at midnight.
      /\b((?:19|20)\d\d)-(\d\d)-(\d\d)[T ](\d\d):(\d\d)(?::(\d\d)(?:\.\d+)?)?(Z|[+-]\d\d:?\d\d)?(?![\d:])/g,
      (m) => ({
        year: Number(m[1]),
        month: Number(m[2]),
        day: Number(m[3]),
        instant: {
          at: Date.parse(
            `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${(m[7] ?? 'Z').replace(/^([+-]\d\d)(\d\d)$/, '$1:$2')}`,
          ),
          precisionMs: m[6] === undefined ? 60_000 : 1000,
        },
      }),
    ],
    [
      /\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b/g,
      (m) => ({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }),
    ],
    [
      new RegExp(`\\b${WEEKDAY}${DAY}(?:\\s+of)?\\s+${MONTH}(?:,?\\s+${YEAR})?\\b`, 'gi'),
      (m) => ({ day: Number(m[1]), month: monthOf(m[2] ?? ''), year: num(m[3]) }),
    ],
    [
      new RegExp(`\\b${WEEKDAY}${MONTH}\\s+${DAY}(?:,?\\s+${YEAR})?\\b`, 'gi'),
      (m) => ({ month: monthOf(m[1] ?? ''), day: Number(m[2]), year: num(m[3]) }),
    ],
    [
      new RegExp(
        `\\b(?:q([1-4])|(first|second|third|fourth|1st|2nd|3rd|4th)\\s+quarter)(?:\\s+(?:of\\s+)?${YEAR})?\\b`,
        'gi',
      ),
      (m) => ({
        month: 1 + 3 * (m[1] ? Number(m[1]) - 1 : ORDINALS.indexOf((m[2] ?? '').toLowerCase()) % 4),
        year: num(m[3]),
        quarter: true,
      }),
    ],
    [
      new RegExp(`\\b${MONTH}(?:,?\\s+(?:of\\s+)?${YEAR})?\\b`, 'gi'),
      (m) => ({ month: monthOf(m[1] ?? ''), year: num(m[2]) }),
    ],
  ];
  const masked = withoutQuotes(text);
  const found: Written[] = [];
  for (const [pattern, read] of forms) {
    for (const m of masked.matchAll(pattern)) {
      const at = m.index;
      if (found.some((f) => at < f.at + f.length && f.at < at + m[0].length)) continue;
      const date = read(m as RegExpExecArray);
      // "may" is a month only with a day or a year beside it.
      if (/^may$/i.test(m[0].trim()) || date.month < 1) continue;
      if (date.day !== undefined && (date.day < 1 || date.day > 31)) continue;
      found.push({ ...date, at, length: m[0].length });
    }
  }
  return found.sort((a, b) => a.at - b.at);
}

const ORDINALS = ['first', 'second', 'third', 'fourth', '1st', '2nd', '3rd', '4th'];
const num = (digits: string | undefined) => (digits ? Number(digits) : undefined);

/** A day, as YYYY-MM-DD; days past a month's end roll over, as the calendar does. */
function isoDay(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The first day of a written date, and the first day after it (or its moment and the next). */
function span(date: Written, year: number): { start: string; end: string } {
  // A written moment is taken in to its precision: "to 23:59:59" ends at the next second.
  if (date.instant && !Number.isNaN(date.instant.at))
    return {
      start: new Date(date.instant.at).toISOString(),
      end: new Date(date.instant.at + date.instant.precisionMs).toISOString(),
    };
  if (date.day !== undefined)
    return {
      start: isoDay(year, date.month, date.day),
      end: isoDay(year, date.month, date.day + 1),
    };
  const months = date.quarter ? 3 : 1;
  return { start: isoDay(year, date.month, 1), end: isoDay(year, date.month + months, 1) };
}

/** Words that say which side of a date the period lies on. */
const OPENS_FORWARD =
  /\b(?:from|since|after|starting(?:\s+(?:on|from))?|beginning(?:\s+(?:on|from))?|as\s+of|onwards?\s+from)(?:\s+the)?\s*$/i;
const OPENS_BACKWARD =
  /\b(?:before|until|till|up\s+to|through|prior\s+to|earlier\s+than)(?:\s+the)?\s*$/i;
const WITHIN = /\b(?:in|during|on|of|for|dated|within)(?:\s+the)?\s*$/i;

/** The periods a prompt names, in the order written. */
export function readPeriods(text: string, today: Date = new Date()): PeriodReading[] {
  const dates = writtenDates(text);
  const withYear = dates.filter((d) => d.year !== undefined);
  let assumed = false;
  const yearOf = (date: Written, partner?: Written): number => {
    if (date.year !== undefined) return date.year;
    if (partner?.year !== undefined) return partner.year;
    const nearest = [...withYear].sort(
      (a, b) => Math.abs(a.at - date.at) - Math.abs(b.at - date.at),
    )[0];
    if (nearest?.year !== undefined) return nearest.year;
    assumed = true;
    return today.getUTCFullYear();
  };
  const periods: PeriodReading[] = [];
  const used = new Set<Written>();

  // "7–13 April 2031", "4 and 19 August", "Aug 4-10, 2031": two days sharing a month.
  const masked = withoutQuotes(text);
  const sharedMonth = [
    new RegExp(`\\b${DAY}${DASH}${DAY}\\s+${MONTH}(?:,?\\s+${YEAR})?\\b`, 'gi'),
    new RegExp(`\\b${MONTH}\\s+${DAY}${DASH}${DAY}(?:,?\\s+${YEAR})?\\b`, 'gi'),
  ];
  for (const [n, pattern] of sharedMonth.entries()) {
    for (const m of masked.matchAll(pattern)) {
      const [first, last, month, year] =
        n === 0 ? [m[1], m[2], m[3], m[4]] : [m[2], m[3], m[1], m[4]];
      const from = Number(first);
      const to = Number(last);
      if (!(from >= 1 && to <= 31 && from <= to)) continue;
      const at = m.index;
      for (const d of dates) if (d.at < at + m[0].length && at < d.at + d.length) used.add(d);
      const date: Written = {
        month: monthOf(month ?? ''),
        day: from,
        year: num(year),
        at,
        length: 0,
      };
      const y = yearOf(date);
      periods.push(
        reading(text, at, m[0].length, isoDay(y, date.month, from), isoDay(y, date.month, to + 1)),
      );
    }
  }

  // "between 3 February and 9 March 2025", "from Friday 4 July to Sunday 6 July 2031".
  for (let i = 0; i + 1 < dates.length; i += 1) {
    const [a, b] = [dates[i] as Written, dates[i + 1] as Written];
    if (used.has(a) || used.has(b)) continue;
    const between = masked.slice(a.at + a.length, b.at);
    if (!new RegExp(`^${DASH}$`, 'i').test(between) && !/^\s*,?\s*(?:and|to)\s+$/i.test(between))
      continue;
    const yearB = yearOf(b, a);
    let yearA = yearOf(a, b);
    if (a.year === undefined && span(a, yearA).start > span(b, yearB).start) yearA -= 1;
    used.add(a);
    used.add(b);
    periods.push(
      reading(text, a.at, b.at + b.length - a.at, span(a, yearA).start, span(b, yearB).end),
    );
  }

  // One date, with the word before it saying which side: "in March 2024", "from 9 May 2030".
  for (const date of dates) {
    if (used.has(date)) continue;
    const before = masked.slice(Math.max(0, date.at - 30), date.at);
    const { start, end } = span(date, yearOf(date));
    if (OPENS_FORWARD.test(before)) {
      // "after 9 May" starts the day after; "from"/"since" start on it.
      const after = /\bafter\s*$/i.test(before);
      periods.push(reading(text, date.at, date.length, after ? end : start, undefined));
    } else if (OPENS_BACKWARD.test(before)) {
      // "before 1 March" ends as it starts; "until/through 31 May" takes it in.
      const inclusive = !/\b(?:before|prior\s+to|earlier\s+than)\s*$/i.test(before);
      periods.push(reading(text, date.at, date.length, undefined, inclusive ? end : start));
    } else if (WITHIN.test(before)) {
      periods.push(reading(text, date.at, date.length, start, end));
    }
  }
  for (const period of periods) period.yearAssumed = assumed;
  return periods.sort((a, b) => a.index - b.index);

  function reading(
    source: string,
    at: number,
    length: number,
    start: string | undefined,
    end: string | undefined,
  ): PeriodReading {
    // The phrase keeps the word that introduces it: "between …", "in …", "from …".
    const lead =
      /\b(between|from|in|during|on|of|since|after|before|until|through|by)\s+(?:the\s+)?$/i.exec(
        source.slice(Math.max(0, at - 20), at),
      );
    const from = lead ? at - lead[0].length : at;
    return {
      phrase: source.slice(from, at + length).trim(),
      index: from,
      ...(start ? { start } : {}),
      ...(end ? { end } : {}),
      yearAssumed: false,
    };
  }
}
