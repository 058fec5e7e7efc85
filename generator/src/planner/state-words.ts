import { type FieldLeaf, namesTimeField, normalise } from './field-match.ts';
import { escapeRegExp } from './text.ts';

// The words for a record's states and events: which field and value a state word ("open",
// "archived", "done") names, and which time field an event word ("paid", "completed") names.

/** Words for a record coming into being: new to a sync, not a state it must still be in. */
export const CREATION_EVENTS =
  /^(opened|created|added|submitted|placed|received|posted|raised|filed|reported|logged|made|registered|signed|booked|started|new|sent|published)$/;

/**
 * "paid yesterday", "completed since the last run": the records' time field for the event the
 * words just before name (`paid_at`, `completed_at`), when they keep one.
 */
export function eventTimeField(
  before: string,
  fields: readonly FieldLeaf[],
): FieldLeaf | undefined {
  const event = before
    .split(/[^a-z]+/)
    .filter(Boolean)
    .slice(-3)
    .reverse()
    .find((word) => !/^(since|after|on|in|from|during|over|within|the|last|past)$/.test(word));
  return event ? fields.find((leaf) => namesTimeField(event, leaf)) : undefined;
}

/** Words for the same record state: Trello's `closed` is what its app calls archived. */
const STATE_SYNONYMS: Record<string, string[]> = {
  archived: ['archived', 'closed'],
  deleted: ['deleted', 'trashed', 'removed'],
  completed: ['completed', 'complete', 'done', 'finished'],
  done: ['done', 'completed', 'complete'],
  cancelled: ['cancelled', 'canceled'],
  canceled: ['cancelled', 'canceled'],
  inactive: ['inactive', 'disabled'],
  drafts: ['draft'],
};

/**
 * The field and value that say a record is in the state a word names: an enum value ("open"),
 * a value the field's description documents ("1 low, 2 medium, 3 high, 4 urgent" → 4 for
 * "urgent"), else a boolean flag of that name (`archived`, `is_archived`, Trello's `closed`).
 * `exact` (adjectives before a noun) skips the loose prefix match ("cancel" → "cancelled").
 */
export function stateMatch(
  fields: FieldLeaf[],
  word: string,
  exact = false,
): { field: string; value?: string | number | boolean } | undefined {
  const wanted = word.toLowerCase();
  // "open" is GitLab's "opened": a value that is the word inflected matches too.
  for (const form of [wanted, `${wanted}ed`, `${wanted}d`]) {
    const enumHit = fields.find((l) =>
      l.schema.enum?.some((v) => String(v).toLowerCase() === form),
    );
    if (!enumHit) continue;
    const value = enumHit.schema.enum?.find((v) => String(v).toLowerCase() === form);
    return { field: enumHit.path, value: value as string | number | boolean };
  }
  const documented = new RegExp(
    `(?:^|[\\s,;(])([\\w-]+)\\s*(?:=|:|-|–|→)?\\s*["'“]?${escapeRegExp(wanted)}["'”]?(?![\\w-])|(?<![\\w-])${escapeRegExp(wanted)}\\s*(?:=|:|\\(|→)\\s*([\\w-]+)`,
    'i',
  );
  for (const leaf of fields) {
    if (!leaf.schema.description || leaf.schema.type === 'object') continue;
    const m = documented.exec(leaf.schema.description);
    const token = m?.[1] ?? m?.[2];
    if (token === undefined) continue;
    const allowed = leaf.schema.enum?.find((v) => String(v) === token);
    if (allowed !== undefined) return { field: leaf.path, value: allowed as string | number };
    if (
      !leaf.schema.enum &&
      /^-?\d+$/.test(token) &&
      ['integer', 'number'].includes(leaf.schema.type)
    )
      return { field: leaf.path, value: Number(token) };
  }
  const names = (STATE_SYNONYMS[wanted] ?? [wanted]).map(normalise);
  const flag = fields.find(
    (l) =>
      l.schema.type === 'boolean' &&
      names.includes(normalise(l.path.split('.').at(-1) ?? '').replace(/^(is|has)/, '')),
  );
  if (flag) return { field: flag.path };
  // A time the state began: Shopify's `cancelled_at`, `archived_on`, `closedDate` (set = in it).
  const stamp = fields.find(
    (l) =>
      l.schema.type !== 'object' &&
      names.some((n) =>
        [`${n}at`, `${n}on`, `${n}date`, `${n}time`, `date${n}`].includes(
          normalise(l.path.split('.').at(-1) ?? ''),
        ),
      ),
  );
  if (stamp) return { field: stamp.path };
  if (exact || wanted.length < 5) return undefined;
  const prefix = fields.find((l) =>
    l.schema.enum?.some((v) => String(v).toLowerCase().startsWith(wanted.slice(0, 5))),
  );
  if (!prefix) return undefined;
  const value = prefix.schema.enum?.find((v) =>
    String(v).toLowerCase().startsWith(wanted.slice(0, 5)),
  );
  return { field: prefix.path, value: value as string | number | boolean };
}
