import type { TResource } from '@patchbay/schema';
import type { FieldLeaf } from './field-match.ts';

// A sample value the prompt shows for a column or a placeholder ("order number (like #1044)",
// "e.g. INV-0042") says which field it is when the shape is telling: the field whose documented
// example looks the same. "#1044" is Shopify's order `name` ("#1001"), not `order_number` (1001).

/** "like #1044", "e.g. INV-0042", "for example: ORD-7": the sample, without its quotes. */
export function sampleIn(words: string): string | undefined {
  const m =
    /^(?:like|e\.?\s?g\.?,?|eg|for example|for instance|such as|say)\s*:?\s*["'“‘`]?([^"'”’`]+?)["'”’`]?\s*$/i.exec(
      words.trim(),
    );
  return m?.[1]?.trim() || undefined;
}

/** Letters as a, digits as 9, each run folded to one: "#1044" → "#9", "INV-0042" → "a-9". */
export function valueShape(value: string): string {
  return value
    .replace(/\p{L}+/gu, 'a')
    .replace(/\d+/g, '9')
    .replace(/\s+/g, ' ');
}

/** A shape that could be many fields' (a plain number, a word or two) says nothing. */
function telling(shape: string): boolean {
  return /[^a9 ]/.test(shape) || (/a/.test(shape) && /9/.test(shape));
}

function exampleAt(example: unknown, path: string): unknown {
  let value = example;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** The one field, nearest the top, whose documented example has the sample's shape. */
export function fieldByExample(
  sample: string,
  resource: TResource,
  fields: readonly FieldLeaf[],
): FieldLeaf | undefined {
  const shape = valueShape(sample);
  if (!telling(shape)) return undefined;
  const alike = fields.filter((f) => {
    const value = exampleAt(resource.example, f.path);
    return (
      (typeof value === 'string' || typeof value === 'number') &&
      valueShape(String(value)) === shape
    );
  });
  const top = Math.min(...alike.map((f) => f.depth));
  const nearest = alike.filter((f) => f.depth === top);
  return nearest.length === 1 ? nearest[0] : undefined;
}
