import type { TResource } from '@patchbay/schema';
import { clauseBefore } from './text.ts';

// A column, property or field the prompt names in quotes with what fills it ('column "Mail"
// holds their address', 'put the amount in the "Total" column') is a requirement: a plan that
// writes no such column would write every record without it and call that done. Where the
// columns are the user's own (a table's, a database's), the name is the place itself and the
// mapping is read here; elsewhere (a monday.com board keys its values by column id) it is a gap
// unless a rule writes it.

const VERB = String.raw`(?:put|write|store|save|place|keep|record|enter)`;
const HOLDS = String.raw`(?:holding|holds|with|containing|contains|gets|showing|shows|is|=|:|should be|will be|set to)`;
const NAME = String.raw`["“]([^"”\n]{1,60})["”]`;
const KIND = String.raw`(?:column|property|field)`;
const PLACE = String.raw`(?:the\s+|its\s+|their\s+)?(?:${NAME}\s+${KIND}|${KIND}\s+${NAME})`;
/**
 * What, then where: "put its number in the "Invoice number" column", "map the amount to the
 * "Total" field", "the customer email goes in the "Billed to" column".
 */
const PUT_IN = new RegExp(
  String.raw`(?:\b(?:(?:and\s+)?${VERB}|and|with)\s+([^,.;:\n"“]{1,60}?)\s+in(?:to)?|\bmap\s+([^,.;:\n"“]{1,60}?)\s+(?:to|into|onto)|(?:^|[,;:.!?]\s+|\n|\band\s+)([^,.;:\n"“]{1,60}?)\s+(?:goes|go|belongs|lands)\s+(?:in(?:to)?|under))\s+${PLACE}`,
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
      to: m[4] ?? m[5] ?? '',
      fromWords: m[1] ?? m[2] ?? m[3] ?? '',
      phrase: m[0].replace(/^[,;:.!?\s]+/, ''),
    })),
    ...[...text.matchAll(HOLDING)].map((m) => ({
      to: m[1] ?? m[2] ?? '',
      fromWords: m[3] ?? '',
      phrase: m[0],
    })),
  ].map((c) => ({
    ...c,
    fromWords: c.fromWords.replace(/^(?:the|a|an|its|their|his|her)\s+/i, ''),
  }));
  return out
    .filter((c) => !LEFT_ALONE.test(clauseBefore(text, text.indexOf(c.phrase), '.;!?,\n')))
    .map((c) => ({ ...c, to: c.to.trim(), fromWords: c.fromWords.trim() }))
    .filter((c) => c.to && c.fromWords);
}

/** Words that make a clause a condition or a column left alone, not one to fill. */
const LEFT_ALONE =
  /\b(?:not|n['’]t|never|no|without|leave|leaving|skip|ignore|where|whose|if|when|unless|sort(?:ed)?|order(?:ed)?|group(?:ed)?)\b/i;

/**
 * Whether the write's columns are the user's own: a sheet's, a Notion database's, or an open
 * object of no described fields (an Airtable table's `fields`). HubSpot's or Jira's described
 * properties are the API's, named as the API names them.
 */
export function userColumns(
  resource: TResource,
  container: { field: string; kind: string } | undefined,
): boolean {
  if (!container) return false;
  if (container.kind === 'typed-properties') return true;
  if (container.kind !== 'object') return false;
  const bag = resource.schema.properties?.[container.field];
  return Object.keys(bag?.properties ?? {}).length === 0;
}
