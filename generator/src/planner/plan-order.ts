import type { TPlanSort, TResource } from '@patchbay/schema';
import {
  conceptOf,
  type FieldLeaf,
  fieldNamed,
  leaves,
  namesTimeField,
  TIME_FORMATS,
} from './field-match.ts';
import { amountField } from './amount-units.ts';
import { namedTimeField } from './plan-periods.ts';
import type { GroundedPlan, ReadPlan } from './plan-types.ts';

// The order records are written in: "oldest first", "newest at the top", "sorted by due date",
// "in order of amount, largest first". A time word without a field ("earliest
// shipment first") orders by the time the plan is about: its period's field, else its cursor's, else
// the records' creation.

const RISING = /^(?:oldest|earliest|first|lowest|smallest|cheapest|asc\w*|a-z|a to z)$/;
const FALLING =
  /^(?:newest|latest|most recent|last|highest|largest|biggest|dearest|desc\w*|z-a|z to a)$/;
const TIME_WORDS = /^(?:oldest|earliest|newest|latest|most recent)$/;
/** A direction written after the field: "descending", "newest first", "a to z". */
const DIRECTION = String.raw`asc\w*|desc\w*|a to z|z to a|a-z|z-a|(?:oldest|newest|latest|earliest|largest|smallest|highest|lowest) first`;
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
      String.raw`\b(?:sorted|ordered|sort|(?:sort|order)(?:ed)?\s+(?:them|it|the\s+(?:list|lines|rows|records)))\s+by\s+(?:the\s+|their\s+|its\s+)?([a-z][a-z_ ]{0,30}?)(?:[,\s]+(${DIRECTION}))?${CLAUSE_END}`,
    ).exec(lower) ??
    new RegExp(
      String.raw`\bin\s+order\s+of\s+(?:the\s+|their\s+|its\s+)?([a-z][a-z_ ]{0,30}?)(?:[,\s]+(${DIRECTION}))?${CLAUSE_END}`,
    ).exec(lower);
  if (!ranked && !sorted) return undefined;

  if (sorted) {
    const field = namedField(sorted[1] ?? '', fields, read.resource);
    if (!field) {
      plan.unresolved.push(
        `the order "${sorted[0]}": ${read.resource.plural} have no field "${sorted[1]}"`,
      );
      return undefined;
    }
    const falling = falls(sorted[2]) || (ranked !== null && FALLING.test(ranked[1] ?? ''));
    const ties = tieBreakers(lower.slice(sorted.index + sorted[0].length), fields, read.resource);
    return {
      field: field.path,
      direction: falling ? 'desc' : 'asc',
      phrase: (sorted[0] + ties.phrase).trim(),
      ...(ties.keys.length > 0 ? { then: ties.keys } : {}),
    };
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

/** Whether a written direction ("z to a", "newest first") puts the highest first. */
function falls(direction: string | undefined): boolean {
  const said = direction ?? '';
  return FALLING.test(said) || FALLING.test(said.split(' ')[0] ?? '');
}

/** The order in words: "lowest due_on first, then lowest title first". */
export function sortOrder(sort: TPlanSort): string {
  return [sort, ...(sort.then ?? [])]
    .map((key) => `${key.direction === 'asc' ? 'lowest' : 'highest'} ${key.field} first`)
    .join(', then ');
}

/** A field by the words naming it: its name, its time ("due date"), its concept ("amount"). */
function namedField(
  words: string,
  fields: FieldLeaf[],
  resource?: TResource,
): FieldLeaf | undefined {
  return (
    fieldNamed(fields, words) ??
    fields.find((l) => namesTimeField(words, l)) ??
    fields.find((l) => conceptOf(l.path) !== undefined && conceptOf(l.path) === conceptOf(words)) ??
    // "by final billing day": the time field whose description says so.
    (resource ? namedTimeField(words, resource) : undefined)
  );
}

type SortKey = NonNullable<TPlanSort['then']>[number];
/** ", urgent first", "with the high ones on top" after a key: one of its choices leads. */
const VALUE_FIRST =
  /^\s*,?\s*(?:with\s+)?(?:the\s+)?([a-z][\w-]*)\s+(?:ones?\s+)?(?:first|on top|at the top)\b/;

/** What starts a tie-breaker: "then by", "ties by", "and where two share the day, by". */
const TIE = new RegExp(
  String.raw`^\s*[,;]?\s*(?:and\s+)?(?:then(?:\s+by)?|ties?\s+(?:broken\s+)?by|on\s+a\s+tie\s*,?\s*by|(?:when|where|if|for)\s+(?:the\s+|two\s+|they\s+)?(?:same|equal|tied?|identical|share)(?:\s+[a-z]+){0,3}?\s*,?\s*(?:then\s+)?by)\s+(?:the\s+|their\s+|its\s+)?([a-z][a-z_ ]{0,30}?)(?:[,\s]+(${DIRECTION}))?${CLAUSE_END}`,
);

/** The keys that order records the sort before them ties, as the words after it give them. */
function tieBreakers(
  after: string,
  fields: FieldLeaf[],
  resource: TResource,
): { keys: SortKey[]; phrase: string } {
  const keys: SortKey[] = [];
  let rest = after;
  let phrase = '';
  for (let m = TIE.exec(rest); m && keys.length < 3; m = TIE.exec(rest)) {
    const field = namedField(m[1] ?? '', fields, resource);
    if (!field) break;
    rest = rest.slice(m[0].length);
    // "then by priority, urgent first": the order of the field's choices, from that end.
    const choice = VALUE_FIRST.exec(rest);
    const choices = (field.schema.enum ?? []).map(String);
    if (choice && choices.length > 0) {
      const at = choices.findIndex((c) => c.toLowerCase() === (choice[1] ?? '').toLowerCase());
      // A choice from the middle ("normal first") is no order this can write: the key is left
      // out and its words stay unaccounted for.
      if (at !== 0 && at !== choices.length - 1) break;
      keys.push({ field: field.path, direction: at === 0 ? 'asc' : 'desc', rank: choices });
      phrase += m[0] + choice[0];
      rest = rest.slice(choice[0].length);
      continue;
    }
    keys.push({ field: field.path, direction: falls(m[2]) ? 'desc' : 'asc' });
    phrase += m[0];
  }
  return { keys, phrase };
}

/** The time a plan is about: the field its period or window filters on, its cursor's, else creation. */
function timeOfPlan(plan: GroundedPlan, fields: FieldLeaf[]): FieldLeaf | undefined {
  const times = fields.filter((l) => TIME_FORMATS.has(l.schema.format ?? ''));
  const filtered = plan.filters.find((f) => times.some((l) => l.path === f.field))?.field;
  const read = plan.source as ReadPlan;
  const path = filtered ?? plan.cursor?.field ?? read.resource.createdField;
  return fields.find((l) => l.path === path);
}
