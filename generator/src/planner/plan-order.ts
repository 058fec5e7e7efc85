import type { TPlanSort } from '@patchbay/schema';
import {
  conceptOf,
  type FieldLeaf,
  fieldNamed,
  leaves,
  namesTimeField,
  TIME_FORMATS,
} from './field-match.ts';
import { amountField } from './plan-filters.ts';
import type { GroundedPlan, ReadPlan } from './plan-types.ts';

// The order records are written in: "oldest first", "newest at the top", "sorted by due date",
// "in order of amount, largest first". A time word without a field ("earliest
// shipment first") orders by the time the plan is about: its period's field, else its cursor's, else
// the records' creation.

const RISING = /^(?:oldest|earliest|first|lowest|smallest|cheapest|asc\w*|a-z|a to z)$/;
const FALLING =
  /^(?:newest|latest|most recent|last|highest|largest|biggest|dearest|desc\w*|z-a|z to a)$/;
const TIME_WORDS = /^(?:oldest|earliest|newest|latest|most recent)$/;
/** Where the field's words end: the clause's end, or a word that starts something else. */
const CLAUSE_END = String.raw`(?=\s*(?:[,.;:)\n]|$|\b(?:and|then|to|into|in|on|with|before|after|for)\b))`;

export function planOrder(text: string, plan: GroundedPlan): TPlanSort | undefined {
  const read = plan.source as ReadPlan;
  const fields = leaves(read.resource.schema, 2).filter(
    (l) => l.schema.type !== 'object' && l.schema.type !== 'array',
  );
  const lower = text.toLowerCase();

  // "earliest shipment first", "newest on top", "largest amount first"
  const ranked =
    /\b(oldest|earliest|newest|latest|most recent|lowest|smallest|cheapest|highest|largest|biggest)\s+(?:([a-z][a-z_ ]{0,30}?)\s+)?(?:first|on top|at the top)\b/.exec(
      lower,
    );
  // "sorted by due date", "ordered by amount descending", "in order of ship date, newest first"
  const sorted =
    new RegExp(
      String.raw`\b(?:sorted|ordered|sort(?:ed)?\s+them|order(?:ed)?\s+them)\s+by\s+(?:the\s+|their\s+|its\s+)?([a-z][a-z_ ]{0,30}?)(?:[,\s]+(asc\w*|desc\w*|oldest first|newest first|latest first|earliest first|largest first|smallest first|highest first|lowest first))?${CLAUSE_END}`,
    ).exec(lower) ??
    new RegExp(
      String.raw`\bin\s+order\s+of\s+(?:the\s+|their\s+|its\s+)?([a-z][a-z_ ]{0,30}?)(?:[,\s]+(asc\w*|desc\w*|oldest first|newest first|largest first|smallest first))?${CLAUSE_END}`,
    ).exec(lower);
  if (!ranked && !sorted) return undefined;

  if (sorted) {
    const field = namedField(sorted[1] ?? '', fields);
    if (!field) {
      plan.unresolved.push(
        `the order "${sorted[0]}": ${read.resource.plural} have no field "${sorted[1]}"`,
      );
      return undefined;
    }
    const word = (sorted[2] ?? '').split(' ')[0] ?? '';
    const falling = FALLING.test(word) || (ranked !== null && FALLING.test(ranked[1] ?? ''));
    return { field: field.path, direction: falling ? 'desc' : 'asc', phrase: sorted[0].trim() };
  }
  const [phrase, word = '', named] = ranked as RegExpExecArray;
  const field =
    (named ? namedField(named, fields) : undefined) ??
    (TIME_WORDS.test(word) ? timeOfPlan(plan, fields) : amountField(fields));
  if (!field) {
    plan.unresolved.push(`the order "${phrase}": no field of ${read.resource.plural} to sort by`);
    return undefined;
  }
  return { field: field.path, direction: RISING.test(word) ? 'asc' : 'desc', phrase };
}

/** A field by the words naming it: its name, its time ("due date"), its concept ("amount"). */
function namedField(words: string, fields: FieldLeaf[]): FieldLeaf | undefined {
  return (
    fieldNamed(fields, words) ??
    fields.find((l) => namesTimeField(words, l)) ??
    fields.find((l) => conceptOf(l.path) !== undefined && conceptOf(l.path) === conceptOf(words))
  );
}

/** The time a plan is about: the field its period or window filters on, its cursor's, else creation. */
function timeOfPlan(plan: GroundedPlan, fields: FieldLeaf[]): FieldLeaf | undefined {
  const times = fields.filter((l) => TIME_FORMATS.has(l.schema.format ?? ''));
  const filtered = plan.filters.find((f) => times.some((l) => l.path === f.field))?.field;
  const read = plan.source as ReadPlan;
  const path = filtered ?? plan.cursor?.field ?? read.resource.createdField;
  return fields.find((l) => l.path === path);
}
