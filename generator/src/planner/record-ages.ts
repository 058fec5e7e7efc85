import { conceptOf, type FieldLeaf, TIME_FORMATS } from './field-match.ts';
import { CREATION_EVENTS, eventTimeField } from './state-words.ts';
import { NUMBER as COUNT, toNumber, unitMinutes } from '../reader/read-schedule.ts';
import { clauseBefore } from './text.ts';
import { withoutQuotes } from '../reader/phrase.ts';
import type { FilterPlan } from './plan-types.ts';

// How old a record must be, said from the run's time: "created more than 2 days ago", "older
// than a week", "that haven't been updated in 3 days", "untouched for 48 hours", "open for over
// 5 days". Older than a span is a time field before a moment that long before the run
// (`before-now` with a negative offset); younger than it ("less than 3 days old", or "skip
// anything older than 30 days") is a window reaching back that long (`within`). The rolling
// windows said as such ("in the last 7 days") and the calendar ones ("since Monday") are read
// beside it, in plan-filters.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const UNIT = String.raw`(minutes?|mins?|hours?|hrs?|days?|weeks?|months?)`;
/** "2 days", "two weeks", "a week", "10+ days". */
const SPAN = String.raw`(?:${COUNT}\+?|an?|one)\s*-?\s*${UNIT}`;
const MORE = String.raw`(?:more than|over|at least|longer than|upwards of)\s+`;
const LESS = String.raw`(?:less than|under|no more than|at most|fewer than|within)\s+`;

/** Words that say a record has been left alone since some time: the update time is the one. */
const STILL = String.raw`(?:(?:(?:has|have|had)(?:n['’]?t| not)\s+been|(?:was|were|is|are)(?:n['’]?t| not)|not(?:\s+been)?|never(?:\s+been)?)\s+(?:updated|touched|modified|changed|edited|worked on)|(?:no|without(?:\s+any)?)\s+(?:updates?|activity|changes?|repl(?:y|ies)|responses?)|(?:nobody|no one|no-one)\s+(?:has\s+|have\s+)?(?:updated|touched|changed|edited|replied to|answered|looked at)(?:\s+(?:it|them))?|untouched|idle|inactive|stale)`;

/** States a record waits in from its creation on: "open for more than 5 days". */
const WAITING = String.raw`(?:open|opened|pending|waiting|unanswered|unresolved|outstanding|unpaid|unassigned)`;

interface AgePattern {
  pattern: RegExp;
  /** Which time field: the update time, the due time, or the one the words before name. */
  field: 'updated' | 'due' | 'named';
  /** The records are younger than the span ("less than 3 days old"), not older. */
  younger?: boolean;
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
  // "less than 2 days ago": within that span.
  { pattern: new RegExp(String.raw`\b${LESS}${SPAN}\s+ago\b`, 'g'), field: 'named', younger: true },
  // "no older than 2 days", "less than 3 days old", "under a week old", "newer than a week".
  {
    pattern: new RegExp(
      String.raw`\b(?:(?:no|not)\s+older\s+than\s+${SPAN}|(?:younger|newer)\s+than\s+${SPAN}|${LESS}${SPAN}\s+old)\b`,
      'g',
    ),
    field: 'named',
    younger: true,
  },
  // "older than 3 days", "3+ days old", "at least a week old".
  {
    pattern: new RegExp(String.raw`\b(?:older than\s+${SPAN}|(?:${MORE})?${SPAN}\s+old)\b`, 'g'),
    field: 'named',
  },
  // "more than 30 days overdue", "over a week past due": the due time, that long before the run.
  {
    pattern: new RegExp(String.raw`\b${MORE}${SPAN}\s+(?:overdue|past[- ]due|late)\b`, 'g'),
    field: 'due',
  },
  // "open for more than 5 days", "waiting for over 2 days": in that state since it was created.
  // The state word stays outside the phrase: it is a condition of its own.
  {
    pattern: new RegExp(String.raw`(?<=\b${WAITING}\s+)for\s+${MORE}${SPAN}\b`, 'g'),
    field: 'named',
  },
];

/** A clause that leaves the aged records out: "skip anything older than…", "except ones…". */
const LEFT_OUT =
  /\b(?:skip\w*|ignor\w*|don['’]?t|do not|never|except|excluding|exclude|leave out|leaving out|drop|omit|not|no|without)\b/;

/** A unit's length in milliseconds, as the schedule reader counts it; a month as 30 days. */
export function unitMs(unit: string): number {
  if (/^mo/.test(unit)) return 30 * DAY;
  return (unitMinutes(unit) ?? 24 * 60) * 60_000;
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
 * else the creation time. Quoted text is a message's words, never a condition.
 */
export function recordAges(
  lower: string,
  fields: readonly FieldLeaf[],
  createdField: string | undefined,
  nouns: readonly string[],
): AgeReading {
  const out: AgeReading = { filters: [], ungrounded: [] };
  const text = withoutQuotes(lower);
  const times = fields.filter((l) => TIME_FORMATS.has(l.schema.format ?? ''));
  const updated = times.find((l) =>
    /^(?:updated|modified|changed|last_?activity)/i.test(l.path.replace(/[^a-z_]/gi, '')),
  );
  const created = times.find((l) => l.path === createdField);
  const taken: Array<[number, number]> = [];
  for (const { pattern, field, younger } of PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const end = m.index + m[0].length;
      if (taken.some(([s, e]) => m.index < e && end > s)) continue;
      const span = spanMs(m[0]);
      if (span === undefined) continue;
      taken.push([m.index, end]);
      const clause = clauseBefore(text, m.index, '.;:!?\n');
      const leaf =
        field === 'updated'
          ? (updated ?? eventTimeField(m[0], times))
          : field === 'due'
            ? times.find((l) => conceptOf(l.path) === 'due')
            : named(clause);
      if (!leaf) {
        out.ungrounded.push(m[0]);
        continue;
      }
      // "skip anything older than 30 days" keeps what is younger.
      const keepsYounger = Boolean(younger) !== LEFT_OUT.test(clause);
      out.filters.push({
        field: leaf.path,
        ...(keepsYounger
          ? { op: 'within' as const, value: [-span, 1], alignDay: false }
          : { op: 'before-now' as const, value: -span }),
        format: leaf.schema.format,
        phrase: m[0],
      });
    }
  }
  return out;

  /**
   * The time the words before an age name: an event's field ("closed more than…"), else the
   * creation time, unless they name an event the records keep no time for ("last logged in
   * more than…") or another record's age ("whose invoices are older than…").
   */
  function named(clause: string): FieldLeaf | undefined {
    const found = eventTimeField(clause, times);
    if (found) return found;
    // "logged in", "signed in", "checked in": a visit, not the record's making.
    if (/\b(?:logged|signed|checked)\s+(?:in|on)\s*$/.test(clause)) return undefined;
    const words = clause
      .trim()
      .split(/[^a-z]+/)
      .filter(Boolean)
      .slice(-3);
    if (words.some((w) => /ed$/.test(w) && !CREATION_EVENTS.test(w))) return undefined;
    const whose = /\bwhose\s+([a-z]+)/.exec(clause)?.[1];
    if (whose && !nouns.includes(whose) && !fields.some((l) => l.path === whose)) return undefined;
    return created;
  }
}
