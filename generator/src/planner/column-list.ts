import type { TResource } from '@patchbay/schema';
import { conceptOf, type FieldLeaf, namesTimeField, normalise, ownerField } from './field-match.ts';
import { resourceNames, singular } from './resource-words.ts';
import { fieldByExample, sampleIn } from './example-values.ts';

// The columns (a sheet's, a Notion database's, an Airtable table's) a prompt lists in prose:
// "Columns: email, total", "with Deal Name, Amount and Stage", "fill in Title (the ticket's
// subject), Priority and Reporter (the requester's email)". Words in brackets after a column say
// which field fills it; without them the column's own name does.

/** `format: 'date'` when the column asks for a day ("shipped on (YYYY-MM-DD)"). */
export type ListedColumn = { to: string; from: string | undefined; format?: 'date' };

const DAY_FORMAT = /^(?:yyyy-mm-dd|date only|only the date|just the date|the day)$/i;

const leafOf = (l: FieldLeaf) => normalise(l.path.split('.').at(-1) ?? '');

/** The lead-ins a column list follows. "fields:" and "properties:" need their colon. */
const LEAD_IN =
  /\bcolumns?\b|\b(?:properties|fields)\s*:|\bfill(?:ing)?\s+(?:in|out)\b(?:\s+(?:the\s+)?(?:columns?|properties|fields)\b)?/i;

/** A unit after a column's name: "amount in dollars", "total in EUR", "created (in UTC)". */
const UNIT_ASKED =
  /\s+(?:in|as)\s+(?:dollars|euros|pounds|usd|eur|gbp|whole units|major units|the currency|cents|utc)$/i;

/** "with Deal Name, Amount and Stage": only words, up to a noun or the sentence's end. */
const WITH_LIST = /\bwith (?:the |their |its )?([\w ,/-]+?)(?: columns?| fields?|\.|$)/i;

/**
 * The text of the list after a lead-in: up to the sentence's end, a semicolon, a line break or a
 * bracket the list did not open. Brackets inside it (an item's description) are kept.
 */
function listAfter(text: string, start: number): string {
  let depth = 0;
  let end = start;
  const opened = /^\s*\(/.test(text.slice(start));
  for (; end < text.length; end++) {
    const ch = text[end];
    if (ch === '(') depth++;
    else if (ch === ')') {
      if (depth === 0) break;
      depth--;
      if (depth === 0 && opened) {
        end++;
        break;
      }
    } else if (depth === 0 && (ch === ';' || ch === '\n')) break;
    // A full stop ends the sentence; one before an item's brackets ends an abbreviation ("No.").
    else if (depth === 0 && ch === '.' && /^\.(?:\s*$|\s+[^\s(])/.test(text.slice(end, end + 3)))
      break;
  }
  let list = text.slice(start, end).trim();
  if (opened) list = list.replace(/^\(/, '').replace(/\)$/, '');
  // "Columns, left to right: a, b, c": the list starts after the lead-in's colon.
  return list.replace(/^:?\s*/, '').replace(/^[^:,()]{0,2},?[^:()]{0,30}:/, '');
}

/** Splits a list at its commas, "and", "&" and (if asked) slashes, outside brackets. */
function splitItems(list: string, slashes: boolean): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  const push = () => {
    if (current.trim()) items.push(current.trim());
    current = '';
  };
  for (let i = 0; i < list.length; i++) {
    const ch = list[i] ?? '';
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    const rest = list.slice(i);
    if (depth === 0 && (ch === ',' || (slashes && ch === '/') || ch === '&' || ch === '|')) {
      push();
      continue;
    }
    const and = depth === 0 ? /^\s(?:and|plus)\s/i.exec(rest) : null;
    if (and) {
      push();
      i += and[0].length - 1;
      continue;
    }
    current += ch;
  }
  push();
  return items.map((item) => item.replace(/^(?:and|plus)\s+/i, '').replace(/^the\s+/i, ''));
}

/** A listed item: the column's name, and what its brackets say fills it. */
function readItem(item: string): { name: string; described: string | undefined } {
  const m = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(item);
  const unquote = (s: string) => s.trim().replace(/^["'“‘`](.*)["'”’`]$/, '$1');
  return m
    ? { name: unquote(m[1] ?? ''), described: m[2]?.trim() }
    : { name: unquote(item), described: undefined };
}

/** Words in a description that say whose field it is or ask about it, not which field. */
const NOT_THE_FIELD =
  /^(?:the|a|an|its|their|it|is|was|were|are|of|for|by|what|when|who|where|full|complete|whole)$/;

/** The fields that hold what a record is called, most likely first. */
const CALLED = ['name', 'Name', 'title', 'subject', 'summary', 'display_name', 'full_name'];

/**
 * The source field a few words describe ("the account's name", "the login of the user", "when
 * it was created", "what the ticket is called"): the record's own noun, articles, possessives
 * and question words say whose field it is, not which. "B of A" is A's B.
 */
function fieldDescribedBy(
  words: string,
  resource: TResource,
  scalar: FieldLeaf[],
): FieldLeaf | undefined {
  const nouns = new Set(resourceNames(resource).flatMap((n) => n.toLowerCase().split(/\s+/)));
  const ofWhom = /^(.+?)\s+of\s+(.+)$/i.exec(words);
  const ordered = ofWhom ? `${ofWhom[2]} ${ofWhom[1]}` : words;
  const kept = ordered
    .replace(/['’]s\b/g, '')
    .split(/\s+/)
    .filter((w) => {
      const lower = w.toLowerCase();
      return !NOT_THE_FIELD.test(lower) && !nouns.has(lower) && !nouns.has(singular(lower));
    })
    .join(' ');
  // "the event date" alone could be when it was booked or when it happens: no guess (and never
  // a field that merely has "date" in its name, such as updated_at).
  if (/^(?:date|day|time)$/i.test(kept)) return undefined;
  // "what it is called": the record's own name, whatever the API calls it.
  if (/^(?:called|named)$/i.test(kept))
    return CALLED.map((name) => scalar.find((l) => l.depth === 0 && l.path === name)).find(Boolean);
  if (!kept) return undefined;
  const wanted = normalise(kept);
  return (
    scalar.find((l) => normalise(l.path) === wanted) ??
    scalar.find((l) => leafOf(l) === wanted && l.depth === 0) ??
    ownerField(kept, scalar) ??
    fieldNamed(kept, scalar)
  );
}

/** The field a column's own name matches: its path, its leaf, its concept, else a leaf containing it. */
function fieldNamed(name: string, scalar: FieldLeaf[]): FieldLeaf | undefined {
  const wanted = normalise(name);
  return (
    scalar.find((l) => normalise(l.path) === wanted) ??
    scalar.find((l) => leafOf(l) === wanted) ??
    scalar.find((l) => conceptOf(l.path) !== undefined && conceptOf(l.path) === conceptOf(name)) ??
    scalar.find((l) => namesTimeField(name, l)) ??
    ownerField(name, scalar) ??
    (wanted.length >= 4 ? scalar.find((l) => leafOf(l).includes(wanted)) : undefined)
  );
}

/**
 * The columns a prompt lists, in order, each with the source field that fills it: the one its
 * brackets describe, else the one its name matches. A column nothing matches has no `from`
 * (the caller says so, or stops).
 */
/**
 * A column called just "Date" (or "Created") is when the record was made, unless a field of the
 * record is called that: an order's "Date" is its creation, not its last update; an event's is
 * its start.
 */
function dateColumnField(
  name: string,
  resource: TResource,
  scalar: FieldLeaf[],
): FieldLeaf | undefined {
  if (!/^(?:date|created|when)$/i.test(name.trim())) return undefined;
  const own = (l: FieldLeaf) =>
    (l.path.split('.').at(-1) ?? '').toLowerCase() === name.trim().toLowerCase();
  if (scalar.some(own)) return undefined;
  // A record that happens at a time of its own (an event's start, a task's due day) is dated
  // by that time; two such times are not guessed between.
  const happens = scalar.filter(
    (l) =>
      l.depth <= 1 &&
      /^(?:start|starts|due|scheduled|begin)/i.test(l.path) &&
      /date/.test(l.schema.format ?? ''),
  );
  if (happens.length > 0) return happens.length === 1 ? happens[0] : undefined;
  // A record with a day of its own (Harvest's `spent_date`, an invoice's `TxnDate`) is left to
  // the descriptions; only moments stamped on it by the API make "Date" its creation.
  if (scalar.some((l) => l.depth === 0 && l.schema.format === 'date')) return undefined;
  return scalar.find((l) => l.path === resource.createdField);
}

export function listedColumns(
  text: string,
  resource: TResource,
  sourceLeaves: FieldLeaf[],
): ListedColumn[] {
  const scalar = sourceLeaves
    .filter(
      (l) =>
        l.schema.type !== 'object' &&
        !(l.schema.type === 'array' && l.schema.items?.type === 'object'),
    )
    .sort((a, b) => a.depth - b.depth);
  // Each item with the field it names or its brackets describe.
  const columnsOf = (list: string, slashes: boolean) => {
    const items = splitItems(list, slashes)
      .map(readItem)
      .filter(({ name }) => name.length > 0);
    return items.map(({ name, described }) => {
      // A telling sample ("like #1044") first, then the words in brackets, then the column's
      // own name, with and without the record's noun ("order total" is the order's total).
      // The unit a name asks for ("amount in dollars") is the value's scale, not its field.
      const field = name.replace(UNIT_ASKED, '');
      const sample = described ? sampleIn(described) : undefined;
      const leaf =
        (sample ? fieldByExample(sample, resource, scalar) : undefined) ??
        (described ? fieldDescribedBy(described, resource, scalar) : undefined) ??
        dateColumnField(field, resource, scalar) ??
        fieldNamed(field, scalar) ??
        fieldDescribedBy(field, resource, scalar);
      const day = described !== undefined && DAY_FORMAT.test(described);
      return { to: name, from: leaf?.path, ...(day ? { format: 'date' as const } : {}) };
    });
  };
  // After a verb ("fill in") or "with", a list has two items at least, each a few words, and
  // most of them fields of the records: "fill in the tracker with one row per issue", "fill in
  // N/A" are a verb's object, not a list.
  const looksListed = (columns: ListedColumn[]) =>
    columns.length >= 2 &&
    columns.every(({ to }) => to.split(/\s+/).length <= 4) &&
    columns.filter((c) => c.from).length * 2 >= columns.length;
  const lead = LEAD_IN.exec(text);
  if (lead) {
    // After a verb, a slash is no separator ("N/A").
    const verb = !/column|propert|field/i.test(lead[0]);
    // "Columns (in this order): …": a note on the list before its colon is not an item.
    const note = /^\s*\([^()\n]*\)\s*(?=:)/.exec(text.slice(lead.index + lead[0].length));
    const start = lead.index + lead[0].length + (note?.[0].length ?? 0);
    const columns = columnsOf(listAfter(text, start), !verb);
    if (columns.length > 0 && (!verb || looksListed(columns))) return columns;
  }
  // "… to the sheet 1XyZ, tab Refunds: date, customer email, amount": a list after the colon
  // of a place rows go, of three items at least, most of them fields of the records.
  for (const colon of text.matchAll(
    /\b(?:tab|sheet|worksheet|table|spreadsheet|database|rows?)\b[^.:;()\n]{0,40}:[ \t]+(?=[^:\n]*,)/gi,
  )) {
    const columns = columnsOf(listAfter(text, colon.index + colon[0].length), false);
    if (columns.length >= 3 && looksListed(columns)) return columns;
  }
  const listed = WITH_LIST.exec(text)?.[1];
  if (!listed) return [];
  const columns = columnsOf(listed, true);
  return looksListed(columns) ? columns : [];
}
