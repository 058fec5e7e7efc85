import type { TResource } from '@patchbay/schema';
import { type FieldLeaf, leaves } from './field-match.ts';
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

export function writtenComparisons(text: string, resource: TResource): WrittenComparisons {
  const fields = leaves(resource.schema, 2).filter(
    (l) => l.schema.type !== 'object' && l.schema.type !== 'array',
  );
  const filters: FilterPlan[] = [];
  let rest = text;
  for (const m of text.matchAll(COMPARISON)) {
    const [whole, name = '', operator = '', right = ''] = m;
    const field = fields.find((f) => f.path.toLowerCase() === name.toLowerCase());
    if (!field || filters.some((f) => f.field === field.path)) continue;
    // A word operator ("must be") reads prose: only choices or quoted values make it a condition.
    const worded = !/[=<>≠]/.test(operator);
    const values = valuesOf(right, field, !worded);
    if (values.length === 0) continue;
    const negated = /!=|<>|≠|\bnot\b|n't/.test(operator);
    const single = values.length === 1;
    filters.push({
      field: field.path,
      op: single ? (negated ? 'ne' : 'eq') : negated ? 'not-in' : 'in',
      value: single ? values[0] : values,
      phrase: whole.trim(),
    });
    rest = rest.slice(0, m.index) + ' '.repeat(whole.length) + rest.slice(m.index + whole.length);
  }
  return { filters, rest };
}

/**
 * The values a right side gives: the enum's members it names (a code in brackets counts, "turned
 * off (toggled_off)"), else its quoted texts, else (after `=` and the like only) its one bare word.
 */
function valuesOf(
  right: string,
  field: FieldLeaf,
  bareAllowed: boolean,
): Array<string | number | boolean> {
  const allowed = field.schema.enum;
  if (allowed && allowed.length > 0) {
    const said = right.toLowerCase();
    return allowed.filter((v) =>
      new RegExp(`(?<![\\w.-])${escapeRegExp(String(v).toLowerCase())}(?![\\w-]|\\.\\w)`).test(
        said,
      ),
    );
  }
  const quoted = [...right.matchAll(/["“'`]([^"”'`\n]{1,100})["”'`]/g)].map((q) => q[1] ?? '');
  if (quoted.length > 0) return typed(quoted, field);
  // `channel=web and created after …`: the value is the one word before what follows it.
  const bare = /^\s*([\w@.-]{1,60})\s*(?:$|,|\(|\b(?:and|exactly|only)\b)/i.exec(right)?.[1];
  if (!bareAllowed || !bare || /^(?:null|none|empty)$/i.test(bare)) return [];
  return typed([bare], field);
}

function typed(values: string[], field: FieldLeaf): Array<string | number | boolean> {
  if (field.schema.type === 'boolean')
    return values.filter((v) => /^(?:true|false)$/i.test(v)).map((v) => /^true$/i.test(v));
  if (field.schema.type === 'integer' || field.schema.type === 'number')
    return values.filter((v) => /^-?\d+(?:\.\d+)?$/.test(v)).map(Number);
  return values;
}
