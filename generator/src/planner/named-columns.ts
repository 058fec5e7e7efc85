import { normalise } from './field-match.ts';
import type { GroundedPlan } from './plan-types.ts';

// A column, property or field the prompt names in quotes for the records written ('the column
// "Email" is his email') is a requirement: a plan that writes no such field would write every
// record without it and call that done. Sheet rows are left to the column list, which places
// each named column itself (column-list.ts).

const QUOTED_COLUMN =
  /\b(?:column|property|field)\s+(?:called\s+|named\s+)?["“]([^"”\n]{1,60})["”]|["“]([^"”\n]{1,60})["”]\s+(?:column|property|field)\b/gi;

/** The names of the columns the prompt quotes that no rule of the write fills. */
export function unwrittenColumns(text: string, plan: GroundedPlan): string[] {
  const write = plan.destination;
  if (!write || write.kind === 'message' || write.container?.kind === 'values-array') return [];
  const written = new Set(
    write.rules.flatMap((r) => [normalise(r.to), normalise(r.to.split('.').at(-1) ?? '')]),
  );
  const names = [...text.matchAll(QUOTED_COLUMN)].map((m) => (m[1] ?? m[2] ?? '').trim());
  return [...new Set(names)].filter((name) => name && !written.has(normalise(name)));
}
