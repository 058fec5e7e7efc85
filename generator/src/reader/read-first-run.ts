// What the very first run of an incremental sync should take, when the prompt says: there is
// no saved cursor yet, so "since the last run" means nothing until the prompt says what it
// means the first time. Three answers are read:
// - a window back from the first run ("on the first run, look back 3 days", "first sync: the
//   past 12h", "the first time, go back two weeks");
// - nothing old ("first sync: nothing old, only from here on", "skip the backlog");
// - everything ("the first run can take all of them", "first time: every existing one").
// The default without such a clause is everything, so a clause that says so is still read: it
// is a requirement the checklist then shows as done.

import { clean, type Phrase } from './phrase.ts';
import { NUMBER, toNumber } from './read-schedule.ts';

export interface FirstRunReading extends Phrase {
  /** Milliseconds before the first run's due time; 0 starts from now; absent takes everything. */
  lookbackMs?: number;
}

const FIRST_RUN =
  /\b(?:the\s+)?(?:very\s+)?first\s+(?:ever\s+)?(?:run|sync|import|pass|execution|poll|time(?:\s+(?:it|this|the\s+\w+)\s+runs)?)(?:\s+ever)?\b/i;

const UNIT_MS: Array<[RegExp, number]> = [
  [/^m(in(ute)?s?)?$/, 60_000],
  [/^h((ou)?rs?|r)?$/, 3_600_000],
  [/^d(ays?)?$/, 86_400_000],
  [/^w(ee)?ks?$/, 604_800_000],
  [/^months?$/, 30 * 86_400_000],
];
const UNIT = '(minutes?|mins?|hours?|hrs?|h|days?|d|weeks?|wks?|w|months?)';

function unitMs(unit: string): number | undefined {
  return UNIT_MS.find(([pattern]) => pattern.test(unit.toLowerCase()))?.[1];
}

/** "3 days", "24h", "a week", "the past week": a span in milliseconds. */
function spanIn(text: string): number | undefined {
  const counted = new RegExp(`\\b${NUMBER}\\s*-?\\s*${UNIT}\\b`, 'i').exec(text);
  if (counted) {
    const unit = unitMs(counted[2] ?? '');
    const count = toNumber(counted[1] ?? '');
    if (unit && Number.isFinite(count) && count > 0) return count * unit;
  }
  // "the past week", "the last day": one unit.
  const single = new RegExp(`\\b(?:last|past|previous|prior)\\s+${UNIT}\\b`, 'i').exec(text);
  const unit = single ? unitMs(single[1] ?? '') : undefined;
  return unit;
}

const LOOK_BACK =
  /\b(?:look(?:ing)?\s+back|go(?:ing)?\s+back|reach\s+back|back(?:fill)?\s+(?:only\s+)?(?:the\s+)?(?:last|past)|(?:the\s+)?(?:last|past|previous|prior)\s+(?:\d|[a-z]+\s+(?:minute|hour|day|week|month)|minute|hour|day|week|month)|from\s+\S+\s+\S+\s+ago|\S+\s+\S+\s+ago|(?:start|begin)\w*\s+(?:from\s+)?\S+\s+\S+\s+(?:ago|back|before))/i;
const NOTHING =
  /\b(?:nothing|none|no\s+backfill|no\s+history|don['’]?t\s+(?:send|post|copy|create|sync|backfill|import)|do\s+not\s+(?:send|post|copy|create|sync|backfill|import)|skip\s+(?:everything|the\s+backlog|the\s+history|all\s+(?:existing|old))|(?:start|begin)\w*\s+(?:from\s+|at\s+)?now|from\s+now\s+on|only\s+(?:remember|record|note|save|mark))\b/i;
const EVERYTHING =
  /\b(?:all|every(?:thing|\s+one)?|the\s+whole|whatever\s+(?:is|exists)|backfill|existing)\b/i;

/** The first-run clause of a prompt, if it has one. */
export function readFirstRun(text: string): FirstRunReading | undefined {
  const first = FIRST_RUN.exec(text);
  if (!first) return undefined;
  // The clause runs from the words before "first run" (a preposition) to the end of its
  // sentence, parenthesis or line: "… since the last run (first run ever: last 24h)".
  const before = text.slice(0, first.index);
  const start = 1 + Math.max(...[...'.;!?(\n—–,'].map((mark) => before.lastIndexOf(mark)));
  const after = text.slice(first.index + first[0].length);
  // Decimal points are not the end of a sentence ("the past 1.5 days").
  const end = /[.;!?)\n]/.exec(after.replace(/(\d)\.(\d)/g, '$1,$2'));
  const clause = text.slice(
    start,
    first.index + first[0].length + (end ? end.index : after.length),
  );
  const rest = after.slice(0, end ? end.index : after.length);
  const phrase = clean(clause);
  const span = LOOK_BACK.test(rest) ? spanIn(rest) : undefined;
  if (span !== undefined) return { phrase, lookbackMs: span };
  if (NOTHING.test(rest)) return { phrase, lookbackMs: 0 };
  if (EVERYTHING.test(rest)) return { phrase };
  return undefined;
}
