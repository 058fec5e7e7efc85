import type { TResource } from '@patchbay/schema';
import { type FieldLeaf, leaves } from './field-match.ts';
import type { FilterPlan } from './plan-types.ts';
import { escapeRegExp } from './text.ts';

// Conditions written the way a spec or a query writes them: `region = "emea"`, `kind != draft`,
// `stage == won (closed-won) or lost`. The left side is a field's own name, so the reading is
// certain where prose would be guessed; the right side must be a quoted text or values the
// field's enum lists, which keeps a mapping (`title = card name`) from becoming a filter.

const COMPARISON =
  /(?<![\w.])([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*(==|=|!=|<>|≠)\s*([^\n;]+?)(?=\s*(?:$|\n|;|\.(?:\s|$)))/g;

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
    const values = valuesOf(right, field);
    if (values.length === 0) continue;
    const negated = operator !== '=' && operator !== '==';
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
 * off (toggled_off)"), else its quoted texts. A bare word is a value only when it is all there is
 * and not another field's name.
 */
function valuesOf(right: string, field: FieldLeaf): Array<string | number | boolean> {
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
  const bare = right.replace(/\s+(?:exactly|only)$/i, '').trim();
  if (/^[\w@.-]{1,60}$/.test(bare) && !/^(?:null|none|empty)$/i.test(bare))
    return typed([bare], field);
  return [];
}

function typed(values: string[], field: FieldLeaf): Array<string | number | boolean> {
  if (field.schema.type === 'boolean')
    return values.filter((v) => /^(?:true|false)$/i.test(v)).map((v) => /^true$/i.test(v));
  if (field.schema.type === 'integer' || field.schema.type === 'number')
    return values.filter((v) => /^-?\d+(?:\.\d+)?$/.test(v)).map(Number);
  return values;
}
