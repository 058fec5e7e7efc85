import { conceptOf, type FieldLeaf, normalise } from './field-match.ts';
import type { FilterPlan } from './plan-types.ts';
import { escapeRegExp } from './text.ts';

// Conditions that compare two fields of the same record: "stock <= min_stock", "when
// the stock is at or below the reorder level", "where spent exceeds the budget". Both sides must
// name fields of the source's records; a number on the right is a plain comparison, read by
// plan-filters.ts.

const COMPARISONS: Array<[FilterPlan['op'], string[]]> = [
  [
    'lte',
    [
      '<=',
      '=<',
      '≤',
      'at or below',
      'at or under',
      'at most',
      'no more than',
      'not above',
      'not over',
      'not more than',
    ],
  ],
  [
    'gte',
    [
      '>=',
      '=>',
      '≥',
      'at or above',
      'at least',
      'no less than',
      'not below',
      'not under',
      'not less than',
    ],
  ],
  [
    'lt',
    [
      '<',
      'below',
      'under',
      'less than',
      'lower than',
      'smaller than',
      'falls below',
      'fell below',
      'drops below',
      'dropped below',
    ],
  ],
  [
    'gt',
    [
      '>',
      'above',
      'over',
      'more than',
      'greater than',
      'higher than',
      'bigger than',
      'exceeds',
      'exceed',
      'exceeding',
      'exceeded',
      'goes above',
      'went above',
    ],
  ],
  ['eq', ['==', '=', 'equals', 'is equal to', 'matches']],
  ['ne', ['!=', '<>', 'differs from', 'does not equal', "doesn't equal", 'is not equal to']],
];

const OPERATOR = `(${COMPARISONS.flatMap(([, words]) => words)
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|')})`;

/** Up to three words (or a dotted name) on each side of the operator. */
const SIDE = String.raw`[a-z_][\w.]*(?:\s+[a-z_][\w.]*){0,2}`;
const FIELD_COMPARISON = new RegExp(
  `(${SIDE})\\s+(?:is\\s+|are\\s+|has\\s+)?${OPERATOR}\\s+(?:the\\s+|its\\s+|their\\s+|his\\s+|her\\s+)?(${SIDE})`,
  'g',
);

const ARTICLES = new Set([
  'the',
  'its',
  'their',
  'a',
  'an',
  'when',
  'where',
  'if',
  'whose',
  'alert',
  'only',
]);

/** The field the last words of `left` (or the first words of `right`) name, longest first. */
function fieldNamed(
  words: string[],
  fields: readonly FieldLeaf[],
  fromEnd: boolean,
): FieldLeaf | undefined {
  const kept = words.filter((w) => !ARTICLES.has(w));
  for (let size = Math.min(3, kept.length); size >= 1; size -= 1) {
    const name = (fromEnd ? kept.slice(-size) : kept.slice(0, size)).join('_');
    const wanted = normalise(name);
    const found =
      fields.find((f) => normalise(f.path) === wanted) ??
      fields.find((f) => normalise(f.path.split('.').at(-1) ?? '') === wanted && f.depth === 0) ??
      (size > 1 && conceptOf(name)
        ? fields.find((f) => conceptOf(f.path) === conceptOf(name))
        : undefined);
    if (found) return found;
  }
  return undefined;
}

export function fieldComparisons(lower: string, fields: readonly FieldLeaf[]): FilterPlan[] {
  const found: FilterPlan[] = [];
  for (const m of lower.matchAll(FIELD_COMPARISON)) {
    const [whole, left = '', operator = '', right = ''] = m;
    if (/^\d/.test(right)) continue;
    const op = COMPARISONS.find(([, words]) => words.includes(operator))?.[0];
    const a = fieldNamed(left.split(/\s+/), fields, true);
    const b = fieldNamed(right.split(/\s+/), fields, false);
    if (!op || !a || !b || a.path === b.path) continue;
    found.push({ field: a.path, op, otherField: b.path, phrase: whole.trim() });
  }
  return found;
}
