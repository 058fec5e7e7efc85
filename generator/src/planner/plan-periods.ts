import type { TResource } from '@patchbay/schema';
import { readPeriods, type PeriodReading } from '../reader/read-periods.ts';
import { readMovingPeriods } from '../reader/read-moving-periods.ts';
import { type FieldLeaf, leaves, namesTimeField, TIME_FORMATS } from './field-match.ts';
import type { FilterPlan } from './plan-types.ts';
import { clauseBefore } from './text.ts';
import { END_TIME } from './plan-cursor-dedupe.ts';

// Calendar periods ("shipped between 4 and 9 March", "opened during May 2024", "on 12 August
// 2031") as two filters on one time field of the records: on or after the first day, before
// the first day after. The field is the one the words before the period name ("shipped" →
// `shipped_at`, "renewal date" → `RenewalDate`); a record's creation, else its own time
// (an appointment's `datetime`), when they name none.

export interface PeriodPlan {
  filters: FilterPlan[];
  assumptions: string[];
  /** Periods no time field could be found for: the code must not write without them. */
  ungrounded: PeriodReading[];
  /** Moving periods ("last month") no time field could be found for. */
  ungroundedMoving: string[];
  /** The phrases read, so that no other reader takes their numbers ("between 1 and 31 May"). */
  phrases: string[];
}

/** Words between a record's noun and its period that name no time: "that was", "the week". */
const FILLER =
  /^(?:that|which|who|whose|was|were|is|are|be|been|being|got|get|gets|has|have|had|the|a|an|and|or|only|all|every|each|any|its|their|it|they|still|also|just|week|weeks|month|months|year|quarter|day|days|period|whole|entire|calendar|one|ones|during|in|on|of|from|between|since|after|before|until|within|for)$/;

/** Verbs for a record coming into being: its creation time says when. */
const CREATED =
  /^(?:created|added|submitted|received|placed|opened|joined|registered|signed|made|new|filed|raised|reported|booked|came|arrived|logged|entered)$/;

/** A record's own time, for records that are about a moment (appointments, time entries, events). */
const OWN_TIME =
  /^(?:start|starts_at|start_at|start_time|started_at|datetime|date|time|scheduled_at|begins_at|occurred_at|timestamp|when)$/i;

/** States a run ends in: the time it ended says when ("failed between …" → `finished_at`). */
const ENDED = /^(?:failed|errored|succeeded|passed|finished|ended|timed_?out|expired)$/;

/** The last three words before a period that may name its field. */
function lastWords(before: string): string[] {
  return before
    .toLowerCase()
    .split(/[^a-z_]+/)
    .filter((w) => w && !FILLER.test(w))
    .slice(-3);
}

/** The time field the words just before a period name ("renewal date", "shipped"), if any. */
export function namedTimeField(before: string, resource: TResource): FieldLeaf | undefined {
  const times = leaves(resource.schema, 2).filter((l) => TIME_FORMATS.has(l.schema.format ?? ''));
  const words = lastWords(before);
  // The closest words first: "renewal date" before "date", "shipped" before "parcel".
  for (let count = 1; count <= words.length; count += 1) {
    for (let from = words.length - count; from >= 0 && from >= words.length - 3; from -= 1) {
      const said = words.slice(from, from + count).join(' ');
      const named = times.find((l) => namesTimeField(said, l));
      if (named) return named;
    }
  }
  return describedTimeField(before, times);
}

/** Words too common to tell one field's description from another's. */
const PLAIN =
  /^(?:whose|which|that|who|is|are|was|were|be|falls?|the|a|an|its|their|in|on|of|at|by|for|with|to|during|within|between|from|week|weeks|month|months|year|quarter|period|calendar|whole|entire)$/;

/**
 * "contracts whose final billing day falls in …" and `ends_on: Final billing day`: the words before the period, all
 * found in the opening of one time field's description (before a bracket or full stop). Three
 * words, else two, and only one field may match, since descriptions share words.
 */
function describedTimeField(before: string, times: FieldLeaf[]): FieldLeaf | undefined {
  const words = before
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w && !PLAIN.test(w));
  for (const count of [3, 2]) {
    const said = words.slice(-count);
    if (said.length < count) continue;
    const matching = times.filter((l) => {
      const opening = (l.schema.description ?? '').toLowerCase().split(/[(.;]/)[0] ?? '';
      const described = new Set(opening.split(/[^a-z]+/));
      return said.every((w) => described.has(w));
    });
    if (matching.length === 1) return matching[0];
  }
  return undefined;
}

function periodField(before: string, resource: TResource): FieldLeaf | undefined {
  const named = namedTimeField(before, resource);
  if (named) return named;
  const times = leaves(resource.schema, 2).filter((l) => TIME_FORMATS.has(l.schema.format ?? ''));
  const words = lastWords(before);
  const last = words.at(-1) ?? '';
  const byPath = (path: string | undefined) =>
    path
      ? (times.find((l) => l.path === path) ?? { path, schema: { type: 'string' }, depth: 0 })
      : undefined;
  if (ENDED.test(last)) {
    const ended = times.find((l) => l.depth === 0 && END_TIME.test(l.path));
    if (ended) return ended;
  }
  // "logged between …": a record with no creation time has its own moment instead.
  if (CREATED.test(last) && resource.createdField) return byPath(resource.createdField);
  // "deals closed this month", "orders shipped last week": an event the records keep no time
  // for is no condition on their creation (a record about a moment has that moment).
  const event = /^[a-z]{3,}ed$/.test(last) && !ENDED.test(last);
  return (
    times.find((l) => l.depth === 0 && OWN_TIME.test(l.path)) ??
    times.find((l) => l.depth === 1 && ownTime(l.path)) ??
    (event ? undefined : byPath(resource.createdField))
  );
}

/** The moment a record is about, when no words name one: its own time, else its creation. */
export function recordMoment(resource: TResource): FieldLeaf | undefined {
  return periodField('', resource);
}

/** A moment kept in an object of its own: `timeInterval.start`, `start.dateTime`. */
function ownTime(path: string): boolean {
  const [parent = '', leaf = ''] = path.split('.');
  return OWN_TIME.test(leaf) || (OWN_TIME.test(parent) && /date|time/i.test(leaf));
}

/** The clause before a period, back to the last break: "… each parcel that got SHIPPED". */
function periodClause(text: string, index: number): string {
  const lead = text.slice(Math.max(0, index - 80), index);
  return clauseBefore(lead, lead.length, '.;:!?\n(');
}

export function planPeriods(text: string, resource: TResource, today?: Date): PeriodPlan {
  const out: PeriodPlan = {
    filters: [],
    assumptions: [],
    ungrounded: [],
    ungroundedMoving: [],
    phrases: [],
  };
  const periods = readPeriods(text, today);
  // "Q1 … with a close date between 1 January and 31 March": the same span said twice is one
  // period, on the field the words name.
  const named = periods.map((p) => namedTimeField(periodClause(text, p.index), resource));
  const namedSpans = periods.filter((_, i) => named[i]).map((p) => `${p.start}/${p.end}`);
  for (const [i, period] of periods.entries()) {
    out.phrases.push(period.phrase);
    if (!named[i] && namedSpans.includes(`${period.start}/${period.end}`)) continue;
    const field = named[i] ?? periodField(periodClause(text, period.index), resource);
    if (!field) {
      out.ungrounded.push(period);
      continue;
    }
    const add = (op: 'gte' | 'lt', value: string | undefined) => {
      if (value === undefined) return;
      if (out.filters.some((f) => f.field === field.path && f.op === op && f.value === value))
        return;
      out.filters.push({
        field: field.path,
        op,
        value,
        format: field.schema.format,
        phrase: period.phrase,
      });
    };
    add('gte', period.start);
    add('lt', period.end);
  }
  for (const moving of readMovingPeriods(text)) {
    out.phrases.push(moving.phrase);
    const named = periodField(periodClause(text, moving.index), resource);
    // Nothing is created next week: a period to come is on a time of the record's own ("booked
    // for next week" is when the meeting is), and without one it is asked about.
    const field =
      moving.span[0] > 0 && named?.path === resource.createdField ? recordMoment(resource) : named;
    if (!field || (moving.span[0] > 0 && field.path === resource.createdField)) {
      out.ungroundedMoving.push(moving.phrase);
      continue;
    }
    out.filters.push({
      field: field.path,
      op: 'within',
      calendar: moving.unit,
      value: moving.span,
      format: field.schema.format,
      phrase: moving.phrase,
    });
  }
  if (periods.length === 0 && out.filters.length === 0) return out;
  if (!/\b(?:utc|gmt)\b/i.test(text))
    out.assumptions.push('Days are calendar days in UTC: the prompt names no time zone for them.');
  if (periods.some((p) => p.yearAssumed))
    out.assumptions.push(
      `A date written without a year is taken in ${(today ?? new Date()).getUTCFullYear()}.`,
    );
  return out;
}
