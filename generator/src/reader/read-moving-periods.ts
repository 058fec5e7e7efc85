// Calendar periods that move with the run: "this month", "last week", "the previous quarter",
// "the last full calendar month", "year to date", "next week". Each is counted in whole calendar units from
// the one the run is due in: [0, 1) is this one, [-1, 0) the one before. "In the last 7 days"
// and "in the past week" are rolling windows, read elsewhere; quoted text is never read.

import { withoutQuotes } from './phrase.ts';

export type CalendarUnit = 'week' | 'month' | 'quarter' | 'year';

export interface MovingPeriodReading {
  phrase: string;
  /** Where the phrase starts in the prompt. */
  index: number;
  unit: CalendarUnit;
  /** [from, to) in units from the run's own unit. */
  span: [number, number];
}

const UNIT = '(week|month|quarter|year)';
const WHOLE = String.raw`(?:(?:full|whole|complete|entire)\s+)?(?:calendar\s+)?`;

export function readMovingPeriods(text: string): MovingPeriodReading[] {
  const lower = withoutQuotes(text).toLowerCase();
  const out: MovingPeriodReading[] = [];
  const forms: Array<[RegExp, [number, number]]> = [
    [new RegExp(String.raw`\b(?:this|the\s+current|current)\s+${WHOLE}${UNIT}\b`, 'g'), [0, 1]],
    // "the last week" alone is a rolling window; "last week" and "the last full week" are not.
    [
      new RegExp(String.raw`\b(?:(?<!\bthe\s)last|previous|prior)\s+${WHOLE}${UNIT}\b`, 'g'),
      [-1, 0],
    ],
    [
      new RegExp(
        String.raw`\bthe\s+last\s+(?:full|whole|complete|entire|calendar)\s+${WHOLE}${UNIT}\b`,
        'g',
      ),
      [-1, 0],
    ],
    [new RegExp(String.raw`\b${UNIT}[-\s]to[-\s]date\b`, 'g'), [0, 1]],
    // "next week", "the coming month": the unit after the run's. "The next week" alone is a
    // rolling window, as "the last week" is.
    [
      new RegExp(
        String.raw`\b(?:(?<!\bthe\s)next|(?:the\s+)?(?:coming|upcoming))\s+${WHOLE}${UNIT}\b`,
        'g',
      ),
      [1, 2],
    ],
    // "since the start of the month": from this unit's start on.
    [
      new RegExp(
        String.raw`\bsince\s+the\s+(?:start|beginning)\s+of\s+(?:the|this)\s+(?:calendar\s+)?${UNIT}\b`,
        'g',
      ),
      [0, 1],
    ],
  ];
  for (const [pattern, span] of forms) {
    for (const m of lower.matchAll(pattern)) {
      if (out.some((o) => m.index >= o.index && m.index < o.index + o.phrase.length)) continue;
      const phrase = text.slice(m.index, m.index + m[0].length);
      out.push({ phrase, index: m.index, unit: m[1] as CalendarUnit, span });
    }
  }
  // "since Monday": weeks start on Monday, so it is this week so far. ("Since last Monday" is
  // read both ways by people, and left alone.)
  for (const m of lower.matchAll(
    /\bsince\s+(?:this\s+)?monday\b(?!,?\s+(?:the\s+)?(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/g,
  )) {
    const phrase = text.slice(m.index, m.index + m[0].length);
    out.push({ phrase, index: m.index, unit: 'week', span: [0, 1] });
  }
  return out.sort((a, b) => a.index - b.index);
}
