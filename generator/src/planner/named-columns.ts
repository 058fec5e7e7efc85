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

const VERB = String.raw`(?:put|write|store|save|place|keep|record|enter)`;
const HOLDS = String.raw`(?:holding|holds|with|containing|contains|gets|showing|shows|is|=|:|should be|will be|set to)`;
const NAME = String.raw`["“]([^"”\n]{1,60})["”]`;
const KIND = String.raw`(?:column|property|field)`;
const PLACE = String.raw`(?:the\s+|its\s+|their\s+)?(?:${NAME}\s+${KIND}|${KIND}\s+${NAME})`;
/** "put its number in the "Invoice number" column": what, then where. */
const PUT_IN = new RegExp(
  String.raw`\b(?:${VERB}|and)\s+([^,.;:\n"“]{1,60}?)\s+in(?:to)?\s+${PLACE}`,
  'gi',
);
/** "the "Owner" property holding the assignee's email": where, then what, to the clause's end. */
const HOLDING = new RegExp(
  String.raw`\b${PLACE}\s*${HOLDS}\s+([^,.;:\n"“]{1,60}?)(?=\s*(?:[,.;\n]|$|\band\b))`,
  'gi',
);

/**
 * A column the prompt names in quotes, with the words for what fills it. Only for destinations
 * whose columns are the user's own (a table's, a database's, a sheet's), where the name is the
 * place itself.
 */
export function quotedColumnMappings(
  text: string,
): Array<{ to: string; fromWords: string; phrase: string }> {
  const out = [
    ...[...text.matchAll(PUT_IN)].map((m) => ({
      to: m[2] ?? m[3] ?? '',
      fromWords: m[1] ?? '',
      phrase: m[0],
    })),
    ...[...text.matchAll(HOLDING)].map((m) => ({
      to: m[1] ?? m[2] ?? '',
      fromWords: m[3] ?? '',
      phrase: m[0],
    })),
  ].map((c) => ({ ...c, fromWords: c.fromWords.replace(/^(?:the|a|an)\s+/i, '') }));
  return out
    .map((c) => ({ ...c, to: c.to.trim(), fromWords: c.fromWords.trim() }))
    .filter((c) => c.to && c.fromWords);
}
