import { type FieldLeaf, TIME_FORMATS } from './field-match.ts';
import { CREATION_EVENTS, eventTimeField } from './state-words.ts';
import { NUMBER as COUNT, toNumber } from '../reader/read-schedule.ts';
import type { FilterPlan } from './plan-types.ts';

// How old a record must be, said from the run's time: "created more than 2 days ago", "older
// than a week", "that haven't been updated in 3 days", "untouched for 48 hours", "open for over
// 5 days". Each is a time field before a moment some time before the run (`before-now` with a
// negative offset). The rolling windows that reach back from the run ("in the last 7 days") and
// the calendar ones ("since Monday", "this month") are read beside it, in plan-filters.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const UNIT = String.raw`(minutes?|mins?|hours?|hrs?|days?|weeks?|months?)`;
/** "2 days", "two weeks", "a week", "48h". */
const SPAN = String.raw`(?:${COUNT}|an?|one)\s*-?\s*${UNIT}`;
const MORE = String.raw`(?:more than|over|at least|longer than|upwards of)\s+`;

/** Words that say a record has been left alone since some time: the update time is the one. */
const STILL = String.raw`(?:(?:(?:has|have|had)(?:n['’]?t| not)\s+been|(?:was|were|is|are)(?:n['’]?t| not)|not(?:\s+been)?|never(?:\s+been)?)\s+(?:updated|touched|modified|changed|edited|worked on)|(?:no|without(?:\s+any)?)\s+(?:updates?|activity|changes?|replies|response)|(?:nobody|no one|no-one)\s+(?:has\s+|have\s+)?(?:updated|touched|changed|edited|replied to|answered|looked at)(?:\s+(?:it|them))?|untouched|idle|inactive|stale|quiet|sitting)`;

interface AgePattern {
  pattern: RegExp;
  /** Which time field: the update time, or the one the words before name (else created). */
  field: 'updated' | 'named';
}

const PATTERNS: AgePattern[] = [
  // "not updated in 3 days", "no activity for over a week", "stale for 2 weeks".
  {
    pattern: new RegExp(
      String.raw`\b${STILL}\s+(?:in|for|within)\s+(?:the\s+(?:last|past)\s+)?(?:${MORE})?${SPAN}\b`,
      'g',
    ),
    field: 'updated',
  },
  // "created more than 2 days ago", "updated over a week ago", "placed at least 3 days ago".
  { pattern: new RegExp(String.raw`\b${MORE}${SPAN}\s+ago\b`, 'g'), field: 'named' },
  // "older than 3 days", "3+ days old", "at least a week old".
  {
    pattern: new RegExp(
      String.raw`\b(?:older than\s+${SPAN}|(?:${MORE})?${SPAN}\s+old|(?:\d+)\+\s*${UNIT}\s+old)\b`,
      'g',
    ),
    field: 'named',
  },
  // "open for more than 5 days", "waiting for over 2 days": in that state since it was created.
  {
    pattern: new RegExp(
      String.raw`\b(?:open|opened|pending|waiting|unanswered|unresolved|outstanding|unpaid|unassigned)\s+for\s+${MORE}${SPAN}\b`,
      'g',
    ),
    field: 'named',
  },
];

function unitMs(unit: string): number {
  if (/^m(?:in|inute)/.test(unit)) return 60_000;
  if (/^h/.test(unit)) return HOUR;
  if (/^w/.test(unit)) return 7 * DAY;
  if (/^mo/.test(unit)) return 30 * DAY;
  return DAY;
}

/** The span a match gives in milliseconds: its count (1 for "a"/"an"/"one") times its unit. */
function spanMs(words: string): number | undefined {
  const m = new RegExp(String.raw`(?:${COUNT}|(an?|one))\s*-?\s*\+?\s*${UNIT}\b`).exec(words);
  if (!m) return undefined;
  const count = m[1] ? toNumber(m[1]) : 1;
  return Number.isFinite(count) ? count * unitMs(m[3] ?? '') : undefined;
}

export interface AgeReading {
  filters: FilterPlan[];
  /** Phrases that say an age the records keep no time field for. */
  ungrounded: string[];
}

/**
 * The age conditions in `lower` (the prompt in lower case), each on the record's time field:
 * the update time for "not updated in…", the field the words before name ("closed more than…"),
 * else the creation time.
 */
export function recordAges(
  lower: string,
  fields: readonly FieldLeaf[],
  createdField: string | undefined,
): AgeReading {
  const out: AgeReading = { filters: [], ungrounded: [] };
  const times = fields.filter((l) => TIME_FORMATS.has(l.schema.format ?? ''));
  const updated = times.find((l) =>
    /^(?:updated|modified|changed|last_?activity)/i.test(l.path.replace(/[^a-z_]/gi, '')),
  );
  const created = times.find((l) => l.path === createdField);
  const taken: Array<[number, number]> = [];
  for (const { pattern, field } of PATTERNS) {
    for (const m of lower.matchAll(pattern)) {
      const end = m.index + m[0].length;
      if (taken.some(([s, e]) => m.index < e && end > s)) continue;
      const span = spanMs(m[0]);
      if (span === undefined) continue;
      taken.push([m.index, end]);
      const lead = lower.slice(Math.max(0, m.index - 40), m.index);
      // "solved more than a week ago" with no solved time is no condition on the creation time.
      const event = /([a-z]+ed)\s+(?:for\s+)?$/.exec(lead)?.[1];
      const leaf =
        field === 'updated'
          ? (updated ?? eventTimeField(m[0], times))
          : (eventTimeField(lead, times) ??
            (event && !CREATION_EVENTS.test(event) ? undefined : created));
      if (!leaf) {
        out.ungrounded.push(m[0]);
        continue;
      }
      out.filters.push({
        field: leaf.path,
        op: 'before-now',
        value: -span,
        format: leaf.schema.format,
        phrase: m[0],
      });
    }
  }
  return out;
}
