import type { TResource } from '@patchbay/schema';
import { type FieldLeaf, leaves, normalise } from './field-match.ts';
import type { FilterPlan } from './plan-types.ts';
import { escapeRegExp } from './text.ts';

// Conditions written the way a spec or a query writes them: `region = "emea"`, `kind != draft`,
// `stage == won (closed-won) or lost`, "Stage must be won or lost". The left side is a field's own name, so the reading is
// certain where prose would be guessed; the right side must be a quoted text or values the
// field's enum lists, which keeps a mapping (`title = card name`) from becoming a filter.

/** A field's own name, dotted for a nested one: `region`, `actor.type`. */
const NAME = String.raw`[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*`;
/** `=`, `!=` and their kin, or "must be", "should not be", "has to be one of". */
const OPERATOR = String.raw`==|=|!=|<>|≠|\s(?:must|should|has to|needs? to)(?:\s+not|n't)?\s+be(?:\s+(?:one\s+of|either))?(?=\s)`;
/** Where the right side ends: its line, a full stop, or "and" before the next comparison. */
const END = String.raw`$|\n|;|\.(?:\s|$)|,?\s+(?:and|but)\s+(?:the\s+)?${NAME}\s*(?:==|=|!=|<>|≠|(?:must|should|has to|needs? to)\b)`;
const COMPARISON = new RegExp(
  String.raw`(?<![\w.])(${NAME})\s*(${OPERATOR})\s*([^\n;]+?)(?=\s*(?:${END}))`,
  'g',
);

export interface WrittenComparisons {
  filters: FilterPlan[];
  /** The text with those comparisons blanked (same length), for the other readers. */
  rest: string;
}

/** What the destination calls its fields and records, so a setting for it is no condition. */
export interface DestinationWords {
  /** Its field names and leaf names, normalised, with the values each allows (if it lists them). */
  fields: ReadonlyMap<string, ReadonlyArray<unknown> | undefined>;
  /** Its record's nouns and its API's name, in lower case. */
  nouns: readonly string[];
}

export function writtenComparisons(
  text: string,
  resource: TResource,
  destination?: DestinationWords,
): WrittenComparisons {
  const fields = leaves(resource.schema, 2).filter(
    (l) => l.schema.type !== 'object' && l.schema.type !== 'array',
  );
  const names = new Set(
    fields.flatMap((f) => [f.path, f.path.split('.').at(-1) ?? '']).map(normalise),
  );
  const filters: FilterPlan[] = [];
  let rest = text;
  for (const m of text.matchAll(COMPARISON)) {
    const [whole, name = '', operator = '', written = ''] = m;
    const field = fields.find((f) => f.path.toLowerCase() === name.toLowerCase());
    if (!field || filters.some((f) => f.field === field.path)) continue;
    const clause =
      text
        .slice(0, m.index)
        .split(/[.;:!?\n]/)
        .at(-1) ?? '';
    // "map subject = summary", "set priority = high": a mapping or a setting, not a condition.
    if (/\b(?:map|maps|mapping|mapped|set|sets|setting)\b/i.test(clause)) continue;
    // A word operator ("must be") reads prose: only choices or quoted values make it a
    // condition, and never on a field the destination has or its words name ("the issue type").
    const worded = !/[=<>≠]/.test(operator);
    const right = clipped(written);
    const read = valuesOf(right, field, !worded);
    if (!read) continue;
    if (
      worded &&
      destination &&
      (settles(destination, name, read.values) || namesDestination(clause, destination))
    )
      continue;
    // `email = email`: the other side names a field, so this maps one field to another.
    if (
      read.bare &&
      (names.has(normalise(read.bare)) || destination?.fields.has(normalise(read.bare)))
    )
      continue;
    const negated = /!=|<>|≠|\bnot\b|n't/.test(operator);
    const { values } = read;
    const single = values.length === 1;
    const phrase = whole.slice(0, whole.length - written.length + right.length).trim();
    filters.push(
      read.empty
        ? { field: field.path, op: negated ? 'truthy' : 'falsy', phrase }
        : {
            field: field.path,
            op: single ? (negated ? 'ne' : 'eq') : negated ? 'not-in' : 'in',
            value: single ? values[0] : values,
            phrase,
          },
    );
    const end = m.index + whole.length - written.length + right.length;
    rest = rest.slice(0, m.index) + ' '.repeat(end - m.index) + rest.slice(end);
  }
  return { filters, rest };
}

/**
 * Whether a destination field of that name (`type`, or Jira's `issuetype`) could take the values,
 * so "type should be task" may set it as well as choose records: read as no condition.
 */
function settles(destination: DestinationWords, name: string, values: readonly unknown[]): boolean {
  const wanted = normalise(name);
  for (const [field, allowed] of destination.fields) {
    if (!field.endsWith(wanted)) continue;
    const choices = (allowed ?? []).map((v) => String(v).toLowerCase());
    if (!allowed || values.every((v) => choices.includes(String(v).toLowerCase()))) return true;
  }
  return false;
}

/** "the issue type must be …", "Jira's type should be …": the words before name the destination. */
function namesDestination(clause: string, destination: DestinationWords): boolean {
  const before = clause
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(-3);
  return destination.nouns.some((noun) => before.includes(noun.toLowerCase()));
}

/**
 * The right side up to where the sentence moves on: "open and they were raised by …", "open, not
 * pending", "\"Refund\" to #support with the message …" keep "open" and "\"Refund\"".
 */
function clipped(right: string): string {
  const end =
    /\s(?:to|into|with|when|where|if|because|so|then|titled|named|called|by|from|for|in|on)\s|,\s*(?:and\s+)?(?:they|it|we|he|she|those|these|post|send|create|add|titled|named|not|but|except)\b|\s(?:and|but)\s+(?:they|it|we|those|these|the|a|an|post|send|create|add|were|was|are|is|not)\b/i.exec(
      right,
    );
  return end ? right.slice(0, end.index) : right;
}

/**
 * The values a right side gives: the enum's members it names (a code in brackets counts, "a won
 * deal (closed_won)"; one after "not" does not), else its quoted texts written as a list, else
 * (after `=` and the like only) its one bare word. `""` is the empty value.
 */
function valuesOf(
  right: string,
  field: FieldLeaf,
  bareAllowed: boolean,
): { values: Array<string | number | boolean>; bare?: string; empty?: boolean } | undefined {
  const allowed = field.schema.enum;
  if (allowed && allowed.length > 0) {
    const said = right.toLowerCase();
    const values = allowed.filter((v) => {
      const at = new RegExp(
        `(?<![\\w.-])${escapeRegExp(String(v).toLowerCase())}(?![\\w-]|\\.\\w)`,
      ).exec(said);
      return (
        at !== null && !/\b(?:not|no|nor|never|except|excluding)\s+$/.test(said.slice(0, at.index))
      );
    });
    return values.length > 0 ? { values } : undefined;
  }
  const QUOTE = String.raw`["“'\`]([^"”'\`\n]{0,100})["”'\`]`;
  const list = new RegExp(String.raw`^\s*${QUOTE}(?:\s*(?:,|or|and|/)\s*${QUOTE})*`).exec(right);
  if (list) {
    const quoted = [...list[0].matchAll(new RegExp(QUOTE, 'g'))].map((q) => q[1] ?? '');
    if (quoted.length === 1 && quoted[0] === '') return { values: [], empty: true };
    const values = typed(
      quoted.filter((q) => q.trim() !== ''),
      field,
    );
    return values.length > 0 ? { values } : undefined;
  }
  // `channel=web and created after …`: the value is the one word before what follows it.
  const bare = /^\s*([\w@.-]{1,60})\s*(?:$|,|\(|\b(?:and|exactly|only)\b)/i.exec(right)?.[1];
  if (!bareAllowed || !bare || /^(?:null|none|empty)$/i.test(bare)) return undefined;
  const values = typed([bare], field);
  return values.length > 0 ? { values, bare } : undefined;
}

function typed(values: string[], field: FieldLeaf): Array<string | number | boolean> {
  if (field.schema.type === 'boolean')
    return values.filter((v) => /^(?:true|false)$/i.test(v)).map((v) => /^true$/i.test(v));
  if (field.schema.type === 'integer' || field.schema.type === 'number')
    return values.filter((v) => /^-?\d+(?:\.\d+)?$/.test(v)).map(Number);
  return values;
}
